// The distribution's "With the investor" card (issue 31 item 1; docs/CLIENT.md "In-person sessions"): the steps of the
// investor's process, each done in person saying with whom and when (the device's time, then the server's once it is
// received), and for the owners and admins who manage it "Complete with the investor": the host sets a code, the
// session starts as a queued command (startInPersonSession, works offline) and is kept on the device, and the
// focused screen opens. While online, the card keeps the process's signing steps on the device so that they can be
// signed in person with no network later, and, for an investor not set up yet, the account details form's lists.
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useViewer } from "../../app/viewer.ts";
import { useCommand } from "../../data/hooks.tsx";
import { processOfDistribution } from "../../data/models/steps.ts";
import { codeError, hashCode, IN_PERSON_TEXT, inPersonText } from "../../domain/in-person.ts";
import { childSteps, type StepDoc, stepTitle, topSteps } from "../../domain/onboarding.ts";
import { ActionDialog, Button, Card, CardTable, ErrorBlock, mutedText } from "../../ui/index.ts";
import { useKeepSetupReferenceData } from "../account-setup/index.ts";
import { useKeepSigningSteps } from "../onboarding/index.ts";
import { CodeField } from "./CodeField.tsx";
import { inPersonOf, openStepIds } from "./hosted-steps.ts";
import { forgetSession, saveSession } from "./session-store.ts";
import { IN_PERSON_CARD_TEXT as T } from "./strings.ts";

export interface InPersonDistribution {
  id: string;
  allocationId: string;
  investorId: string;
  name?: string | null;
  investor?: { name?: string | null; setup?: boolean | null } | null;
  process?: unknown;
}

export function InPersonCard({ distribution, canManage }: { distribution: InPersonDistribution; canManage: boolean }) {
  const process = processOfDistribution(distribution);
  const investorName = distribution.investor?.name ?? distribution.name ?? "";
  const open = openStepIds(process);
  const [asking, setAsking] = useState(false);
  const accountNotSetUp = distribution.investor?.setup === false;
  useKeepSigningSteps(canManage ? (process?.steps ?? []) : []);
  useKeepSetupReferenceData(canManage && accountNotSetUp);
  return (
    <Card title={T.title} testId="in-person">
      {canManage && (open.length > 0 || accountNotSetUp) && (
        <div className={css({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: "3" })}>
          <p className={mutedText}>{T.intro(investorName)}</p>
          <Button onClick={() => setAsking(true)}>{T.start}</Button>
        </div>
      )}
      {!process ? <p className={mutedText}>{T.stepsNotSynced}</p> : <StepList steps={process.steps} />}
      {process && open.length === 0 && !accountNotSetUp && <p className={mutedText}>{T.noOpenSteps}</p>}
      {asking && process && (
        <StartDialog
          distribution={distribution}
          investorName={investorName}
          stepIds={open}
          onClose={() => setAsking(false)}
        />
      )}
    </Card>
  );
}

function StepList({ steps }: { steps: StepDoc[] }) {
  const process = { steps };
  const rows = topSteps(process).flatMap((top) => [top, ...childSteps(process, top.id)]);
  if (rows.length === 0) return null;
  return (
    <CardTable rows={rows} label={T.steps} headers={[T.step, T.status]}>
      {(step) => {
        const mark = inPersonOf(step);
        return (
          <tr key={step.id} data-testid="in-person-step">
            <td className={css({ fontWeight: "600", pl: step.parentId ? "6" : undefined })}>{stepTitle(step)}</td>
            <td>
              {step.status === "complete" ? T.complete : T.open}
              {mark && (
                <span
                  className={css({ display: "block", fontSize: "xs", color: "fg.muted" })}
                  data-testid="in-person-mark"
                >
                  {inPersonText(mark)}
                </span>
              )}
            </td>
          </tr>
        );
      }}
    </CardTable>
  );
}

function StartDialog({
  distribution,
  investorName,
  stepIds,
  onClose,
}: {
  distribution: InPersonDistribution;
  investorName: string;
  stepIds: string[];
  onClose: () => void;
}) {
  const viewer = useViewer();
  const command = useCommand();
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<{ code?: string; repeat?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function start(event?: FormEvent) {
    event?.preventDefault();
    const found = {
      code: codeError(code) ?? undefined,
      repeat: code === repeat ? undefined : IN_PERSON_TEXT.codesDiffer,
    };
    setErrors(found);
    if (found.code || found.repeat) return;
    const userId = viewer.session.user?.id;
    if (!userId) return;
    setBusy(true);
    const id = newId();
    try {
      const startedAtDevice = new Date().toISOString();
      // kept first: the focused screen opens from it, and a reload finds it
      saveSession({
        id,
        userId,
        accountId: viewer.accountId,
        distributionId: distribution.id,
        allocationId: distribution.allocationId,
        investorId: distribution.investorId,
        investorName,
        stepIds,
        code: await hashCode(code),
        startedAtDevice,
      });
      await command("startInPersonSession", { input: { id, distributionId: distribution.id, startedAtDevice } });
      await navigate({ to: "/in-person/$sessionId", params: { sessionId: id } });
    } catch (failure) {
      forgetSession({ id, userId, accountId: viewer.accountId });
      setErrors({ form: failure instanceof Error ? failure.message : String(failure) });
      setBusy(false);
    }
  }

  return (
    <ActionDialog
      onClose={onClose}
      title={T.codeTitle}
      description={T.codeDescription}
      cancelLabel={T.cancel}
      actionLabel={T.begin}
      onAction={() => start()}
      busy={busy}
    >
      <form noValidate onSubmit={start} className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <CodeField label={T.code} value={code} onValue={setCode} error={errors.code} />
        <CodeField label={T.repeat} value={repeat} onValue={setRepeat} error={errors.repeat} />
        {errors.form && <ErrorBlock text={errors.form} />}
        {/* Enter in a field submits */}
        <button type="submit" hidden />
      </form>
    </ActionDialog>
  );
}
