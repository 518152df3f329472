import { createRouter } from "@tanstack/react-router";
import { RouteError } from "./app/RouteError.tsx";
import { firstScreenResolved } from "./data/first-screen.ts";
import { routeTree } from "./routeTree.gen.ts";
import { LOADING_MIN_MS, LOADING_SKIP_MS, LoadingIndicator } from "./ui/Loading.tsx";

export function makeRouter() {
  const router = createRouter({
    routeTree,
    defaultPreload: "intent",
    // The spec's loading rule applies to route loads too: nothing under 50 ms, then at least 600 ms. Except on the
    // page load itself (below): there the indicator goes as soon as the screen is ready, so a first visit on a slow
    // phone paints its screen without waiting out the minimum (issue 22 item 13); the page was blank before it, so
    // there is no flash of content to avoid.
    defaultPendingMs: LOADING_SKIP_MS,
    defaultPendingMinMs: 0,
    defaultPendingComponent: () => <LoadingIndicator />,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
  const unsubscribe = router.subscribe("onResolved", () => {
    unsubscribe();
    firstScreenResolved();
    router.update({ ...router.options, defaultPendingMinMs: LOADING_MIN_MS });
  });
  return router;
}

type AppRouter = ReturnType<typeof makeRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
