// Logout: delete the local databases, forget the stored account, then end the server session. The session is
// forgotten last, right before the page leaves: a session refresh finishing while the databases close would
// otherwise store it again.
import { clearLocalData } from "../../data/local.ts";
import { forgetStoredSession } from "../../data/session.ts";

export async function logout(): Promise<void> {
  try {
    await clearLocalData();
  } finally {
    forgetStoredSession();
    window.location.assign("/authenticate/logout");
  }
}
