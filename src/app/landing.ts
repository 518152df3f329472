import { loadSession } from "../data/session.ts";
import { homePath } from "../domain/accounts.ts";

/** Where "/" leads: the account's home, account selection, or /login. */
export async function landingPath(): Promise<string> {
  try {
    const { session } = await loadSession();
    if (session?.account) return homePath(session.account.type);
    if (session?.user) return "/account-role";
  } catch {
    // Not signed in.
  }
  return "/login";
}
