// The accreditation step's form: the methods in people's words with the evidence each needs, evidence files chosen
// into the device's file queue (checked for type and 100 MB before anything is kept), the self-certification's
// confirmation, submitted as a queued submitAccreditation that works offline; "Verify with InvestReady" beside it
// when the step's schema offers it. The draft (method and files) survives a reload (use-draft.ts).
import { type ReactNode, useState } from "react";
import { css } from "../../../styled-system/css";
import { hostedInput, useHostedSession } from "../../app/hosted-session.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useQueuedFiles } from "../../data/file-hooks.ts";
import {
  type AccreditationMethod,
  evidencePlace,
  METHOD_DESCRIPTIONS,
  methodLabel,
  methodsFor,
  submissionError,
} from "../../domain/accreditation.ts";
import { Button, Checkbox, FileButton, mutedText, SectionTitle, toast } from "../../ui/index.ts";
import { column, panel, uploadStatus } from "./AccreditationStatus.tsx";
import { LocalFileRow, LocalFiles } from "./EvidenceFiles.tsx";
import type { StepLike } from "./step-view.ts";
import { STEP_TEXT as T } from "./strings.ts";
import { dropEvidence, FileRefusedError, keepEvidence, queueSubmission } from "./submit.ts";
import { type Draft, useDraft } from "./use-draft.ts";

export interface AccreditationStep extends StepLike {
  schema?: { selfCertificationAllowed?: boolean; investReady?: boolean; reviewerName?: string } | null;
}

const alert = css({ fontSize: "sm", color: "danger", fontWeight: "500" });

export function SubmissionForm(props: { step: AccreditationStep; again: boolean; provider?: ReactNode }) {
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
    return entry ? uploadStatus(entry, online) : T.uploaded;
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
      <MethodChoice
        methods={methods}
        method={method}
        onChoose={(value) => {
          update((current) => ({ ...current, method: value }));
          setError(null);
        }}
      />

      {needsEvidence && (
        <section className={column} aria-label={T.evidenceTitle}>
          <SectionTitle>{T.evidenceTitle}</SectionTitle>
          <p className={mutedText}>{T.evidenceHint}</p>
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
            <p role="alert" className={alert}>
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
        <p role="alert" data-testid="accreditation-error" className={alert}>
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
            <p className={mutedText}>{T.providerOffline}</p>
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

/** The methods as radio cards: each one's name and the evidence it needs. */
function MethodChoice({
  methods,
  method,
  onChoose,
}: {
  methods: readonly AccreditationMethod[];
  method: string | null;
  onChoose: (value: string) => void;
}) {
  return (
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
            onChange={() => onChoose(value)}
            className={css({ mt: "1", flexShrink: 0 })}
          />
          <span className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
            <span className={css({ fontWeight: "600", fontSize: "sm" })}>{methodLabel(value)}</span>
            <span className={mutedText}>{METHOD_DESCRIPTIONS[value].evidence}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
