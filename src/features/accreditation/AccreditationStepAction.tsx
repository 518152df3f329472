// The investor's accreditation step (type 'accreditation'; docs/ACCREDITATION.md "Screens"): the methods in people's
// words with the evidence each needs, evidence files chosen into the device's file queue (kept, previewed, checked
// for type and 100 MB before anything is kept), submitted as a queued submitAccreditation that works offline; then
// "Waiting for review by <reviewer>", a rejection's reason with the form again, or the approval with its expiry.
// "Verify with InvestReady" is offered only when the step's schema says the server is configured for it.
import { type ReactNode, useState } from "react";
import { css } from "../../../styled-system/css";
import { hostedInput, useHostedSession } from "../../app/hosted-session.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useQueuedFiles } from "../../data/file-hooks.ts";
import {
  currentStatus,
  evidencePlace,
  METHOD_DESCRIPTIONS,
  methodLabel,
  methodsFor,
  submissionError,
} from "../../domain/accreditation.ts";
import { formatDate } from "../../domain/format.ts";
import { Button, Checkbox, ErrorBlock, FileButton, SectionTitle, toast } from "../../ui/index.ts";
import { LocalFileRow, LocalFiles, ServerEvidenceList } from "./EvidenceFiles.tsx";
import { checkInvestReady } from "./investready.ts";
import { type StepLike, stepView } from "./step-view.ts";
import { STEP_TEXT as T } from "./strings.ts";
import { discardSubmission, dropEvidence, FileRefusedError, keepEvidence, queueSubmission } from "./submit.ts";
import { useQueuedSubmission, useStepVerifications, type Verification } from "./use-accreditations.ts";
import { type Draft, useDraft } from "./use-draft.ts";

export interface AccreditationStep extends StepLike {
  schema?: { selfCertificationAllowed?: boolean; investReady?: boolean; reviewerName?: string } | null;
}

const column = css({ display: "flex", flexDirection: "column", gap: "4" });
const panel = css({ display: "flex", flexDirection: "column", gap: "3", p: "4", bg: "bg.subtle", borderRadius: "md" });

const today = () => new Date().toISOString().slice(0, 10);

export function AccreditationStepAction({
  step,
  provider,
}: {
  step: AccreditationStep;
  /** InvestReady's page for this step (the onboarding's async frame), shown once asked for. */
  provider?: ReactNode;
}) {
  const { rows, loading } = useStepVerifications(step.id);
  const submission = useQueuedSubmission(step.id);
  if (loading) return null;
  const view = stepView(step, rows, submission);
  const reviewer = step.schema?.reviewerName ?? "";
  switch (view.kind) {
    case "queued":
      return (
        <QueuedSubmissionView stepId={step.id} commandKey={submission?.key ?? ""} status={view.submission.status} />
      );
    case "refused":
      return (
        <div className={column} data-testid="accreditation-refused">
          <ErrorBlock text={view.submission.errorMessage || T.refused} />
          <div>
            <Button variant="outline" onClick={() => discardSubmission(submission?.key ?? "", step.id)}>
              {T.discard}
            </Button>
          </div>
        </div>
      );
    case "waiting":
      return <WaitingView verification={view.verification} reviewer={view.verification?.reviewerName || reviewer} />;
    case "decided":
      return <DecidedView verification={view.verification} />;
    case "form":
      return (
        <div className={column}>
          {(view.previous?.status === "rejected" || view.error) && (
            <RejectedView verification={view.previous} error={view.error} reviewer={reviewer} />
          )}
          {view.previous && currentStatus(view.previous, today()) === "expired" && (
            <p className={css({ fontSize: "sm", color: "warning" })}>
              {T.expired(formatDate(view.previous.expiresOn, "MM/DD/YYYY"))}
            </p>
          )}
          {view.canRetry ? (
            <SubmissionForm step={step} again={Boolean(view.previous || view.error)} provider={provider} />
          ) : (
            <p className={css({ fontSize: "sm", color: "danger" })}>{T.noRetries}</p>
          )}
        </div>
      );
  }
}

function SubmissionForm(props: { step: AccreditationStep; again: boolean; provider?: ReactNode }) {
  const { draft, update, clear } = useDraft(props.step.id);
  // mounted once the draft is read, so a reload shows the method and files chosen before it
  return draft ? <DraftForm {...props} draft={draft} update={update} clear={clear} /> : null;
}

function DraftForm({
  step,
  again,
  provider,
  draft,
  update,
  clear,
}: {
  step: AccreditationStep;
  again: boolean;
  provider?: ReactNode;
  draft: Draft;
  update: (change: (current: Draft) => Draft) => void;
  clear: () => Promise<void>;
}) {
  const methods = methodsFor(step.schema);
  const method = draft.method && (methods as readonly string[]).includes(draft.method) ? draft.method : null;
  const files = draft.files;
  // the files chosen in this visit: a preview once the queue has uploaded and let go of its copy
  const [chosen, setChosen] = useState<Map<string, File>>(() => new Map());
  const waiting = useQueuedFiles(evidencePlace(step.id));
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showProvider, setShowProvider] = useState(false);
  const online = useOnline();
  const hosted = useHostedSession();
  const self = method === "self_certification";
  const needsEvidence = method !== null && !self;
  const setMethod = (value: string) => update((current) => ({ ...current, method: value }));

  async function addFile(file: File | null) {
    if (!file) return;
    try {
      const kept = await keepEvidence(step.id, file);
      setFileError(null);
      setError(null);
      setChosen((current) => new Map(current).set(kept.id, file));
      update((current) => ({
        ...current,
        files: [...current.files, { key: kept.id, name: kept.name, size: kept.size, type: kept.type }],
      }));
    } catch (failure) {
      setFileError(failure instanceof FileRefusedError ? failure.message : T.refused);
    }
  }

  function removeFile(key: string) {
    void dropEvidence(key).catch(() => undefined);
    update((current) => ({ ...current, files: current.files.filter((file) => file.key !== key) }));
  }

  function fileStatus(key: string): string {
    const entry = waiting.find((file) => file.id === key);
    if (!entry) return T.uploaded;
    if (entry.status === "failed") return entry.error ?? T.uploadFailed;
    return online ? T.uploading : T.waitingForNetwork;
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem =
      submissionError(method, files.length, step.schema) ?? (self && !confirmed ? T.selfConfirmRequired : null);
    setError(problem);
    if (problem || !method) return;
    setBusy(true);
    try {
      await queueSubmission({
        stepId: step.id,
        method,
        files: self ? [] : files,
        hosted: hosted ? hostedInput(hosted) : null,
      });
      if (self) await Promise.all(files.map((file) => dropEvidence(file.key).catch(() => undefined)));
      await clear();
    } catch {
      toast.step("error", T.refused);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className={column} data-testid="accreditation-form" aria-label={T.methodLegend}>
      <p className={css({ fontSize: "sm" })}>{T.intro}</p>
      <fieldset className={css({ display: "flex", flexDirection: "column", gap: "2", border: "none", p: 0, m: 0 })}>
        <legend className={css({ fontSize: "sm", fontWeight: "600", mb: "2" })}>{T.methodLegend}</legend>
        {methods.map((value) => (
          <label
            key={value}
            className={css({
              display: "flex",
              gap: "3",
              alignItems: "flex-start",
              p: "3",
              borderWidth: "1px",
              borderRadius: "md",
              cursor: "pointer",
              borderColor: method === value ? "accent.default" : "border.default",
              bg: method === value ? "bg.subtle" : "transparent",
            })}
          >
            <input
              type="radio"
              name="accreditation-method"
              value={value}
              checked={method === value}
              onChange={() => {
                setMethod(value);
                setError(null);
              }}
              className={css({ mt: "1", flexShrink: 0 })}
            />
            <span className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
              <span className={css({ fontWeight: "600", fontSize: "sm" })}>{methodLabel(value)}</span>
              <span className={css({ fontSize: "sm", color: "fg.muted" })}>{METHOD_DESCRIPTIONS[value].evidence}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {needsEvidence && (
        <section className={column} aria-label={T.evidenceTitle}>
          <SectionTitle>{T.evidenceTitle}</SectionTitle>
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.evidenceHint}</p>
          {files.length > 0 && (
            <LocalFiles>
              {files.map((file) => (
                <LocalFileRow
                  key={file.key}
                  blob={waiting.find((entry) => entry.id === file.key)?.blob ?? chosen.get(file.key) ?? null}
                  name={file.name}
                  size={file.size}
                  status={fileStatus(file.key)}
                  onRemove={() => removeFile(file.key)}
                />
              ))}
            </LocalFiles>
          )}
          <FileButton
            label={T.addDocument}
            chooseText={T.chooseDocument}
            noneText={T.noDocument}
            file={null}
            accept="application/pdf,image/png,image/jpeg,image/webp,image/heic,.pdf,.png,.jpg,.jpeg,.webp,.heic"
            testId="evidence-input"
            onFile={(file) => void addFile(file)}
          />
          {fileError && (
            <p role="alert" className={css({ fontSize: "sm", color: "danger", fontWeight: "500" })}>
              {fileError}
            </p>
          )}
        </section>
      )}

      {self && (
        <Checkbox checked={confirmed} onChange={setConfirmed}>
          {T.selfConfirm}
        </Checkbox>
      )}

      {error && (
        <p
          role="alert"
          data-testid="accreditation-error"
          className={css({ fontSize: "sm", color: "danger", fontWeight: "500" })}
        >
          {error}
        </p>
      )}
      <div>
        <Button type="submit" loading={busy}>
          {self ? T.submitSelf : again ? T.submitAgain : T.submit}
        </Button>
      </div>

      {step.schema?.investReady && (
        <div className={panel} data-testid="accreditation-provider">
          <p className={css({ fontSize: "sm" })}>{T.orVerifyWithProvider}</p>
          {!online ? (
            <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.providerOffline}</p>
          ) : showProvider ? (
            provider
          ) : (
            <div>
              <Button variant="outline" onClick={() => setShowProvider(true)}>
                {T.verifyWithProvider}
              </Button>
            </div>
          )}
        </div>
      )}
    </form>
  );
}

function QueuedSubmissionView({
  stepId,
  commandKey,
  status,
}: {
  stepId: string;
  commandKey: string;
  status: "pending" | "accepted" | "rejected";
}) {
  const online = useOnline();
  const files = useQueuedFiles(evidencePlace(stepId)).filter((file) => file.commandKey === commandKey);
  return (
    <div className={panel} role="status" data-testid="accreditation-queued">
      <p className={css({ fontSize: "sm", fontWeight: "600" })}>
        {status === "pending" && !online ? T.savedOffline : T.sending}
      </p>
      {files.length > 0 && (
        <>
          <SectionTitle>{T.waitingFiles}</SectionTitle>
          <LocalFiles>
            {files.map((file) => (
              <LocalFileRow
                key={file.id}
                blob={file.blob}
                name={file.name}
                size={file.size}
                status={
                  file.status === "failed" ? (file.error ?? T.uploadFailed) : online ? T.uploading : T.waitingForNetwork
                }
              />
            ))}
          </LocalFiles>
        </>
      )}
    </div>
  );
}

function WaitingView({ verification, reviewer }: { verification: Verification | null; reviewer: string }) {
  const queued = useQueuedFiles(evidencePlace(verification?.stepId ?? ""));
  const online = useOnline();
  return (
    <div className={panel} data-testid="accreditation-waiting">
      <p className={css({ fontWeight: "600" })}>{T.waitingForReview(reviewer)}</p>
      {verification && (
        <>
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>
            {methodLabel(verification.method)}
            {verification.submittedOn ? ` · ${T.submittedOn(formatDate(verification.submittedOn, "MMM Do YYYY"))}` : ""}
          </p>
          {verification.provider === "investready" ? (
            <CheckAgain stepId={verification.stepId ?? ""} />
          ) : (
            <ServerEvidenceList accreditationId={verification.id} files={verification.evidence ?? []} />
          )}
        </>
      )}
      {queued.length > 0 && (
        <LocalFiles>
          {queued.map((file) => (
            <LocalFileRow
              key={file.id}
              blob={file.blob}
              name={file.name}
              size={file.size}
              status={
                file.status === "failed" ? (file.error ?? T.uploadFailed) : online ? T.uploading : T.waitingForNetwork
              }
            />
          ))}
        </LocalFiles>
      )}
    </div>
  );
}

/** InvestReady has not decided: ask the server to read its answer again (online only). */
function CheckAgain({ stepId }: { stepId: string }) {
  const online = useOnline();
  const [state, setState] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null });
  if (!online) return <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.checkOffline}</p>;
  async function check() {
    setState({ busy: true, note: null });
    try {
      const status = await checkInvestReady(stepId);
      setState({ busy: false, note: status === "submitted" ? T.checkedStill : null });
    } catch {
      setState({ busy: false, note: T.checkFailed });
    }
  }
  return (
    <div className={css({ display: "flex", gap: "3", alignItems: "center", flexWrap: "wrap" })}>
      <Button variant="outline" size="sm" loading={state.busy} onClick={() => void check()}>
        {T.checkAgain}
      </Button>
      {state.note && <p className={css({ fontSize: "sm", color: "fg.muted" })}>{state.note}</p>}
    </div>
  );
}

function RejectedView({
  verification,
  error,
  reviewer,
}: {
  verification: Verification | null;
  error: string | null;
  reviewer: string;
}) {
  const reason = verification?.reason || error;
  const who = verification?.decidedByName || verification?.reviewerName || reviewer;
  return (
    <div
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "1",
        p: "4",
        bg: "danger.subtle",
        borderRadius: "md",
      })}
      data-testid="accreditation-rejected"
    >
      <p className={css({ fontWeight: "600", color: "danger" })}>{T.rejectedTitle}</p>
      {verification?.decidedOn && who && (
        <p className={css({ fontSize: "sm" })}>
          {T.rejectedBy(who, formatDate(verification.decidedOn, "MMM Do YYYY"))}
        </p>
      )}
      {reason && (
        <p className={css({ fontSize: "sm" })} data-testid="accreditation-reason">
          <strong>{T.reason}:</strong> {reason}
        </p>
      )}
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.tryAgain}</p>
    </div>
  );
}

/** An approval (with its expiry) or a self-certification: the step is complete. */
export function DecidedView({ verification }: { verification: Verification | null }) {
  if (!verification) return null;
  const status = currentStatus(verification, today());
  return (
    <div className={panel} data-testid="accreditation-decided">
      {status === "self_certified" ? (
        <p className={css({ fontWeight: "600" })}>{T.selfCertified}</p>
      ) : status === "expired" ? (
        <p className={css({ fontWeight: "600", color: "warning" })}>
          {T.expired(formatDate(verification.expiresOn, "MM/DD/YYYY"))}
        </p>
      ) : (
        <>
          <p className={css({ fontWeight: "600", color: "success" })}>{T.approved}</p>
          {verification.expiresOn && (
            <p className={css({ fontSize: "sm" })} data-testid="accreditation-expiry">
              {T.approvedUntil(formatDate(verification.expiresOn, "MM/DD/YYYY"))}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** A completed accreditation step's outcome, shown on its panel (the investor picks the step in the step bar). */
export function AccreditationOutcome({ step }: { step: StepLike }) {
  const { rows, loading } = useStepVerifications(step.id);
  if (loading) return null;
  const view = stepView(step, rows, null);
  return view.kind === "decided" ? <DecidedView verification={view.verification} /> : null;
}
