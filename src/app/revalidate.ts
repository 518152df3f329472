// When the network returns (the connectivity probe answered: src/data/connectivity.ts), ask the server whether the session still holds. A 401/403 is handled by graphql.ts
// (to /login); local data is kept so queued changes can still be sent after the next sign-in.
import type { AnyRouter } from "@tanstack/react-router";
import { connectivity } from "../data/connectivity.ts";
import { invalidateSession, loadSession } from "../data/session.ts";

export function startSessionRevalidation(router: AnyRouter): () => void {
  const onOnline = async () => {
    invalidateSession();
    try {
      const result = await loadSession({ refresh: true });
      if (result.source === "network") await router.invalidate();
    } catch {
      // UnauthorizedError already navigated; other failures leave the stored session in place.
    }
  };
  return connectivity.subscribe((state) => {
    if (state === "online") void onOnline();
  });
}
