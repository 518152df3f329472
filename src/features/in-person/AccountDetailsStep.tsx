// The account details step of the focused screen (docs/CLIENT.md "In-person sessions"): first of the investor's steps
// while their account is not set up. The investor fills in the onboarding's own account setup form (name, type,
// address, tax id, date of birth), which in the session queues setupAccountInPerson (works offline); then the step says
// it is done and sent when the device is online. A refusal shows its reason in the form, which sends the corrected
// details in place of the refused ones. Once the server's answer is pulled (the investor set up), the step is gone.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { usePending } from "../../data/pending-hooks.ts";
import { HostedAccountSetupForm } from "../account-setup/index.ts";
import { type InPersonSession, saveSession } from "./session-store.ts";
import { FOCUSED_TEXT as T } from "./strings.ts";

export function AccountDetailsStep({ session }: { session: InPersonSession }) {
  const [sent, setSent] = useState(Boolean(session.accountDetailsQueued));
  const queued = usePending("inPerson.accountSetup").filter((entry) => entry.id === session.id);
  const last = queued.at(-1)?.command;
  // sent, and not refused (an accepted command leaves the outbox before the investor's account is pulled set up)
  const done = last ? last.status !== "rejected" : sent;
  const investorName = session.investorName;
  return (
    <section
      className={css({ mb: "6", display: "flex", flexDirection: "column", gap: "3" })}
      data-testid="in-person-account"
    >
      <h2 className={css({ fontSize: "lg", fontWeight: "700" })}>{T.accountDetailsTitle}</h2>
      {done ? (
        <p
          className={css({ fontSize: "sm", p: "4", bg: "bg.subtle", borderRadius: "md" })}
          data-testid="in-person-account-done"
        >
          {T.accountDetailsDone(investorName)}
        </p>
      ) : (
        <>
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.accountDetails(investorName)}</p>
          <HostedAccountSetupForm
            key={last?.id ?? "new"}
            refused={last ? { key: last.id, message: last.errorMessage ?? null } : null}
            onDone={() => {
              saveSession({ ...session, accountDetailsQueued: true });
              setSent(true);
            }}
          />
        </>
      )}
    </section>
  );
}
