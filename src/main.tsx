// First: the route's early read of local rows starts before the other modules run (early-read-start.ts: /holdings).
import "./data/early-read-start.ts";
import "./index.css";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { startAccessWatch } from "./app/access-watch.ts";
import { startSessionRevalidation } from "./app/revalidate.ts";
import { EARLY_READS, earlyRowsShown } from "./data/early-read.ts";
import { setUnauthorizedHandler } from "./data/graphql.ts";
import { invalidateSession, loadSession, readStoredSession } from "./data/session.ts";
import { registerServiceWorker } from "./features/pwa/index.ts";
import { makeRouter } from "./router.tsx";

const router = makeRouter();

// A signed-in page load: ask for the session (and prewarm the local database, session.ts) before the first render,
// and start loading the screen's code beside that request instead of once its guard has the session (issue 8).
// The guard gets the same session request.
// Signed out, the screen's code (for /login: the sign-in page) still starts loading here, before the first render.
// A screen of the signed-in layout asks at once too when nothing is stored (a phone's first visit of /portfolio with
// its session cookie: issue 22 item 13), instead of once the guard runs after the first render.
const [matched] = router.getMatchedRoutes(window.location.pathname);
if (readStoredSession()?.account || matched.some((route) => route.id === "/_app"))
  void loadSession().catch(() => undefined);
for (const route of matched) void router.loadRouteChunk(route)?.catch(() => undefined);

// A page load whose screen is not the early read's (a guard sent it elsewhere, or the user moved on): the local
// database does not wait for rows nobody will show (early-read.ts afterEarlyRows).
const stopWatchingEarlyRows = router.subscribe("onResolved", ({ toLocation }) => {
  if (EARLY_READS[toLocation.pathname]) return;
  stopWatchingEarlyRows();
  earlyRowsShown();
});

// HTTP 401/403 from GraphQL: to /login, within the app (no reload, local data kept).
setUnauthorizedHandler(() => {
  invalidateSession();
  if (router.state.location.pathname !== "/login") void router.navigate({ to: "/login", replace: true });
});
startSessionRevalidation(router);
startAccessWatch(router);
if (import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
