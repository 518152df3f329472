// What the investor's accreditation step shows, from the step (its status and output), the verifications of the step
// on the device and the submission queued in the outbox: one pure function, so every state is tested
// (step-view.test.ts). A queued submission wins until the server's answer has reached the device.

export interface StepLike {
  id: string;
  status: string;
  outputData?: { accreditationId?: unknown; error?: unknown } | null;
  retryCount?: number | null;
  retryLimit?: number | null;
}

export interface VerificationLike {
  id: string;
  stepId?: string | null;
  status: string;
  submittedOn?: string | null;
}

export interface QueuedSubmission {
  accreditationId: string | null;
  status: "pending" | "accepted" | "rejected";
  errorMessage?: string | null;
}

export type StepView<V> =
  | { kind: "queued"; submission: QueuedSubmission }
  | { kind: "refused"; submission: QueuedSubmission }
  | { kind: "waiting"; verification: V | null }
  | { kind: "decided"; verification: V | null }
  | { kind: "form"; previous: V | null; error: string | null; canRetry: boolean };

/** The step's verification: the one its output names, else the newest submitted for it. */
export function latestVerification<V extends VerificationLike>(step: StepLike, verifications: readonly V[]): V | null {
  const named = typeof step.outputData?.accreditationId === "string" ? step.outputData.accreditationId : null;
  const own = verifications.filter((row) => row.stepId === step.id || row.id === named);
  if (named) {
    const found = own.find((row) => row.id === named);
    if (found) return found;
  }
  return own.reduce<V | null>(
    (newest, row) => (!newest || (row.submittedOn ?? "") > (newest.submittedOn ?? "") ? row : newest),
    null,
  );
}

export function stepView<V extends VerificationLike>(
  step: StepLike,
  verifications: readonly V[],
  submission: QueuedSubmission | null,
): StepView<V> {
  const latest = latestVerification(step, verifications);
  if (submission?.status === "rejected") return { kind: "refused", submission };
  if (submission) {
    // accepted: shown as sent until the verification it made (or the step's new state) is on the device
    const arrived =
      submission.status === "accepted" &&
      ((submission.accreditationId !== null && verifications.some((row) => row.id === submission.accreditationId)) ||
        step.status === "processing" ||
        step.status === "complete");
    if (!arrived) return { kind: "queued", submission };
  }
  if (step.status === "complete") return { kind: "decided", verification: latest };
  if (step.status === "processing" || latest?.status === "submitted") return { kind: "waiting", verification: latest };
  const error = typeof step.outputData?.error === "string" && step.outputData.error ? step.outputData.error : null;
  const canRetry =
    step.status !== "retry_limit" && (step.retryLimit == null || (step.retryCount ?? 0) < step.retryLimit);
  const previous = latest && latest.status !== "submitted" ? latest : null;
  return { kind: "form", previous, error, canRetry };
}
