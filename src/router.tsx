import { createRouter } from "@tanstack/react-router";
import { RouteError } from "./features/shell/RouteError.tsx";
import { routeTree } from "./routeTree.gen.ts";
import { LOADING_MIN_MS, LOADING_SKIP_MS, LoadingIndicator } from "./ui/Loading.tsx";

export function makeRouter() {
  return createRouter({
    routeTree,
    defaultPreload: "intent",
    // The spec's loading rule applies to route loads too: nothing under 50 ms, then at least 600 ms.
    defaultPendingMs: LOADING_SKIP_MS,
    defaultPendingMinMs: LOADING_MIN_MS,
    defaultPendingComponent: () => <LoadingIndicator />,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

type AppRouter = ReturnType<typeof makeRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
