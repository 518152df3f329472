// Where the investor's accreditation stands once submitted: sending (or saved offline) with the evidence still on the
// device, waiting for review (with a "check again" for InvestReady), rejected with its reason, or decided (approved
// with its expiry, self-certified, expired).
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { type QueuedFile, useQueuedFiles } from "../../data/file-hooks.ts";
import { currentStatus, evidencePlace, methodLabel } from "../../domain/accreditation.ts";
import { formatDate } from "../../domain/format.ts";
import { Button, mutedText, SectionTitle } from "../../ui/index.ts";
import { LocalFileRow, LocalFiles, ServerEvidenceList } from "./EvidenceFiles.tsx";
import { checkInvestReady } from "./investready.ts";
import { STEP_TEXT as T } from "./strings.ts";
import type { Verification } from "./use-accreditations.ts";

export const column = css({ display: "flex", flexDirection: "column", gap: "4" });
export const panel = css({
  display: "flex",
  flexDirection: "column",
  gap: "3",
  p: "4",
  bg: "bg.subtle",
  borderRadius: "md",
});

export const today = () => new Date().toISOString().slice(0, 10);

/** Where an evidence file on the device stands: failed (with its reason), uploading, or waiting for the network. */
export function uploadStatus(file: Pick<QueuedFile, "status" | "error">, online: boolean): string {
  if (file.status === "failed") return file.error ?? T.uploadFailed;
  return online ? T.uploading : T.waitingForNetwork;
}

/** Evidence files still on the device, each with where its upload stands. */
function QueuedEvidence({ files }: { files: QueuedFile[] }) {
  const online = useOnline();
  return (
    <LocalFiles>
      {files.map((file) => (
        <LocalFileRow
          key={file.id}
          blob={file.blob}
          name={file.name}
          size={file.size}
          status={uploadStatus(file, online)}
        />
      ))}
    </LocalFiles>
  );
}

export function QueuedSubmissionView({
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
          <QueuedEvidence files={files} />
        </>
      )}
    </div>
  );
}

export function WaitingView({ verification, reviewer }: { verification: Verification | null; reviewer: string }) {
  const queued = useQueuedFiles(evidencePlace(verification?.stepId ?? ""));
  return (
    <div className={panel} data-testid="accreditation-waiting">
      <p className={css({ fontWeight: "600" })}>{T.waitingForReview(reviewer)}</p>
      {verification && (
        <>
          <p className={mutedText}>
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
      {queued.length > 0 && <QueuedEvidence files={queued} />}
    </div>
  );
}

/** InvestReady has not decided: ask the server to read its answer again (online only). */
function CheckAgain({ stepId }: { stepId: string }) {
  const online = useOnline();
  const [state, setState] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null });
  if (!online) return <p className={mutedText}>{T.checkOffline}</p>;
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
      {state.note && <p className={mutedText}>{state.note}</p>}
    </div>
  );
}

export function RejectedView({
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
      <p className={mutedText}>{T.tryAgain}</p>
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
