// The focused screen of an in-person session (issue 31 item 1; docs/CLIENT.md "In-person sessions"): the host's
// device in the investor's hands. No navigation: the investor's name, their steps open when the session started, in
// order, through the onboarding's own step screens (StepProcess) inside HostedSessionContext, so each queues the
// hosted command (completeStepInPerson, signStepOffline and submitAccreditation naming the session), after the account
// details while the investor's account is not set up (AccountDetailsStep: setupAccountInPerson). It reads the
// local replicas only and works offline. Leaving it, by "Hand back" or by navigating away, asks for the host's code
// (a wrong code keeps the screen); then the end is queued (endInPersonSession) and the session forgotten.
import { useBlocker, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { css } from "../../../styled-system/css";
import { HostedSessionContext } from "../../app/hosted-session.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useCommand, useDocument } from "../../data/hooks.tsx";
import { processOfDistribution } from "../../data/models/steps.ts";
import { codeMatches, IN_PERSON_TEXT } from "../../domain/in-person.ts";
import { withQueuedDone } from "../../domain/onboarding.ts";
import { ActionDialog, Button, EmptyState, Loading, Note, Page } from "../../ui/index.ts";
import { StepProcess, useStepCommands } from "../onboarding/index.ts";
import { PaymentTargetContext } from "../payments/index.ts";
import { AccountDetailsStep } from "./AccountDetailsStep.tsx";
import { CodeField } from "./CodeField.tsx";
import { sessionProcess } from "./hosted-steps.ts";
import { forgetSession, type InPersonSession, openSessionFor } from "./session-store.ts";
import { FOCUSED_TEXT as T } from "./strings.ts";

export function InPersonScreen({
  sessionId,
  userId,
  accountId,
}: {
  sessionId: string;
  userId: string;
  accountId: string;
}) {
  const [session] = useState(() => {
    const open = openSessionFor(userId, accountId);
    return open?.id === sessionId ? open : null;
  });
  if (!session) return <Ended />;
  return <Focused session={session} />;
}

function Ended() {
  return (
    <Page maxWidth="48rem">
      <h1 className={css({ fontSize: "2xl", fontWeight: "700", mb: "4" })}>{T.handBackTitle}</h1>
      <EmptyState text={T.ended} />
      <p className={css({ mt: "4" })}>
        <a href="/" className={css({ color: "fg.link", textDecoration: "underline", fontWeight: "600" })}>
          {T.home}
        </a>
      </p>
    </Page>
  );
}

function Focused({ session }: { session: InPersonSession }) {
  const online = useOnline();
  const command = useCommand();
  const navigate = useNavigate();
  const distribution = useDocument("distributions", session.distributionId);
  const hosted = useMemo(() => ({ id: session.id, investorId: session.investorId }), [session]);
  const [handingBack, setHandingBack] = useState(false);
  // set once the host's code was right: the navigation that follows is let through
  const released = useRef(false);
  const blocker = useBlocker({ shouldBlockFn: () => !released.current, withResolver: true, enableBeforeUnload: false });
  const asking = handingBack || blocker.status === "blocked";

  const queued = useStepCommands();
  const process = processOfDistribution(distribution);
  const shown = useMemo(
    () => (process ? withQueuedDone(sessionProcess(process, session.stepIds), queued) : null),
    [process, session.stepIds, queued],
  );
  const payment = distribution
    ? {
        distributionId: distribution.id,
        units: distribution.amount,
        price: distribution.purchasePrice ?? null,
        payments: (distribution.payments ?? []) as { amount: string; status?: string | null }[],
      }
    : null;
  const accountNotSetUp = (distribution?.investor as { setup?: boolean | null } | null | undefined)?.setup === false;

  async function leave() {
    await command("endInPersonSession", { input: { id: session.id, endedAtDevice: new Date().toISOString() } });
    forgetSession(session);
    released.current = true;
    if (blocker.status === "blocked") blocker.proceed();
    else
      await navigate({
        to: "/distribute-allocation/$allocationId/{-$view}",
        params: { allocationId: session.allocationId, view: "distribution" },
        search: { distribution: session.distributionId },
      });
  }

  return (
    <HostedSessionContext.Provider value={hosted}>
      <Page maxWidth="64rem">
        <header
          className={css({
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            justifyContent: "space-between",
            gap: "3",
            mb: "5",
          })}
        >
          <div className={css({ minW: 0 })}>
            <h1
              className={css({ fontSize: { base: "xl", md: "2xl" }, fontWeight: "700" })}
              data-testid="in-person-investor"
            >
              {T.heading(session.investorName)}
            </h1>
            <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.intro}</p>
          </div>
          <Button variant="outline" onClick={() => setHandingBack(true)}>
            {T.handBack}
          </Button>
        </header>
        {!online && (
          <div className={css({ mb: "4" })}>
            <Note>{T.offline}</Note>
          </div>
        )}
        {accountNotSetUp && <AccountDetailsStep session={session} />}
        <Loading loading={distribution === undefined}>
          {shown ? (
            <PaymentTargetContext.Provider value={payment}>
              <StepProcess process={shown} />
            </PaymentTargetContext.Provider>
          ) : (
            <EmptyState text={T.notOnDevice} />
          )}
        </Loading>
      </Page>
      {asking && (
        <HandBackDialog
          session={session}
          onStay={() => {
            setHandingBack(false);
            if (blocker.status === "blocked") blocker.reset();
          }}
          onLeave={leave}
        />
      )}
    </HostedSessionContext.Provider>
  );
}

function HandBackDialog({
  session,
  onStay,
  onLeave,
}: {
  session: InPersonSession;
  onStay: () => void;
  onLeave: () => Promise<void>;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    try {
      if (!(await codeMatches(code, session.code))) {
        setError(IN_PERSON_TEXT.wrongCode);
        setCode("");
        return;
      }
      await onLeave();
    } finally {
      setBusy(false);
    }
  }
  return (
    <ActionDialog
      role="alertdialog"
      onClose={onStay}
      title={T.handBackTitle}
      description={T.handBackDescription}
      cancelLabel={T.stay}
      actionLabel={T.confirm}
      onAction={() => submit()}
      busy={busy}
    >
      <form noValidate onSubmit={submit}>
        <CodeField
          label={T.code}
          value={code}
          onValue={(typed) => {
            setCode(typed);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <button type="submit" hidden />
      </form>
    </ActionDialog>
  );
}
