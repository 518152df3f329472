// An in-person session (issue 31 item 1; docs/CLIENT.md "In-person sessions"): the host hands this device to the
// investor, and the investor's step screens (features/onboarding, accreditation) run inside it. They stay the same
// screens; only the commands they queue change: each names the session and the device's time, and the server records
// the step as the investor's, hosted by the signed-in user. The focused screen (features/in-person) provides it.
import { createContext, useContext } from "react";

export interface HostedSession {
  /** the session's id, made on this device (startInPersonSession) */
  id: string;
  /** the account whose steps are done (the distribution's investor) */
  investorId: string;
}

export const HostedSessionContext = createContext<HostedSession | null>(null);

/** The in-person session the screen runs in, or null when the signed-in user acts for themselves. */
export function useHostedSession(): HostedSession | null {
  return useContext(HostedSessionContext);
}

/** What a hosted command adds to its input: the session and the device's time when it was done. */
export function hostedInput(
  session: HostedSession,
  doneAt: Date = new Date(),
): { sessionId: string; doneAtDevice: string } {
  return { sessionId: session.id, doneAtDevice: doneAt.toISOString() };
}
