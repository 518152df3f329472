// A clock that never returns the same time twice in a page (accepted-purge.ts compares times made by it).
let lastTime = 0;
/**
 * The page's clock for the outbox's answers and the pulls' send times: strictly increasing, so a pull sent after an
 * answer has a later time even within the same millisecond (the purge compares the two strictly).
 */
export function orderedNow(): Date {
  lastTime = Math.max(Date.now(), lastTime + 1);
  return new Date(lastTime);
}
