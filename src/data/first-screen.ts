// The page load's first screen, painted: the moment the local database's code, the sync indicator and a screen's
// data half start loading (issue 22 item 13). On a phone's first visit RxDB is the largest script and most of the
// CPU before anything shows; loading it after the shell, the heading and the figures that need no data have painted
// keeps it off the first paint's path, while it still opens at once after it. A screen's content column (ui/Page.tsx)
// marks its commit; the router its first resolved load (router.tsx), for screens without one; a page without either
// goes on after FALLBACK_MS.

/** At most this long after the page's script ran, the database opens even if no screen has resolved. */
export const FALLBACK_MS = 3000;
/** After the router resolved the first load, the screen has painted within this (React reveals in 300 ms steps). */
const RESOLVED_GRACE_MS = 400;

let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => {
  markPainted = resolve;
});
setTimeout(() => markPainted(), FALLBACK_MS);

/** After the next two frames and a task: whatever was committed before has been painted. */
export function afterFrames(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== "function") {
      setTimeout(resolve, 0);
      return;
    }
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

/** A screen's content column has been committed (ui/Page.tsx): once it has painted, the first screen has. */
export function screenCommitted(): void {
  void afterFrames().then(() => markPainted());
}

/**
 * The router resolved the page load's first location: for a screen without the content column, a little later (a
 * revealed Suspense boundary may wait out React's 300 ms throttle).
 */
export function firstScreenResolved(): void {
  void afterFrames().then(() => setTimeout(() => markPainted(), RESOLVED_GRACE_MS));
}

/** Resolves once the page load's first screen has painted (at once ever after). */
export function afterFirstScreen(): Promise<void> {
  return painted;
}
