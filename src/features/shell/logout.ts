// Logout: forget the stored account, delete the local databases, then end the server session.
import { clearLocalData } from "../../data/local.ts";
import { forgetStoredSession } from "../../data/session.ts";

export async function logout(): Promise<void> {
  forgetStoredSession();
  try {
    await clearLocalData();
  } finally {
    window.location.assign("/authenticate/logout");
  }
}
