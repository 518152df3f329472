// Keeps nothing of an account this user may no longer open (a suspension, a removal: docs/PERMISSIONS.md
// "Delegates"). On every contact that says the session lacks something (a 401 of the pull or the command endpoint:
// src/data/access-signal.ts), when the network comes back and once at page start, it asks the server which
// memberships are active (src/data/account-access.ts). When the open account is not one of them, the screens leave
// for account selection first, then the account's local database is deleted (as every other lost account's database
// of this user on the device). When the session has merely switched to another account (another tab), the guards
// run again. Loaded data modules lazily: the first route does not carry RxDB.
import type { AnyRouter } from "@tanstack/react-router";
import { onAccessCheck } from "../data/access-signal.ts";
import { connectivity } from "../data/connectivity.ts";
import { invalidateSession, readStoredSession, SESSION_STORAGE_KEY } from "../data/session.ts";

const START_CHECK_DELAY_MS = 3_000;

export function startAccessWatch(router: AnyRouter): () => void {
  let running: Promise<void> | null = null;
  let again = false;

  const check = async () => {
    const userId = readStoredSession()?.user?.id;
    if (!userId || !connectivity.online()) return;
    const { readAccountAccess, dropLostAccountData } = await import("../data/account-access.ts");
    const access = await readAccountAccess(userId);
    if (!access) return;
    const lost = access.openAccountId !== null && !access.active.has(access.openAccountId);
    if (lost) {
      try {
        localStorage.removeItem(SESSION_STORAGE_KEY);
      } catch {
        // no storage
      }
      invalidateSession();
      await router.navigate({ to: "/account-role", replace: true });
    }
    await dropLostAccountData(access);
    const path = router.state.location.pathname;
    const inApp = path !== "/account-role" && path !== "/login";
    if (!lost && inApp && access.openAccountId && access.sessionAccountId !== access.openAccountId) {
      invalidateSession();
      await router.invalidate();
    }
  };

  // One check at a time; a signal during a check asks for one more afterwards.
  const schedule = () => {
    if (running) {
      again = true;
      return;
    }
    running = check()
      .catch((error: unknown) => console.error("account access check failed", error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule();
        }
      });
  };

  const offRefused = onAccessCheck(schedule);
  const offNet = connectivity.subscribe((state) => {
    if (state === "online") schedule();
  });
  // At page start, after the session request and the screen's first reads (it is not urgent: the guards already
  // refuse an account the session lost; this removes what the device still keeps of it).
  const startCheck = setTimeout(() => {
    if (readStoredSession()?.user) schedule();
  }, START_CHECK_DELAY_MS);
  return () => {
    clearTimeout(startCheck);
    offRefused();
    offNet();
  };
}
