// The investor's accreditation step (type 'accreditation'; docs/ACCREDITATION.md "Screens"): what the step shows
// by where it stands (step-view.ts): the form (AccreditationForm.tsx) with a rejection's reason or an expiry above
// it, a queued submission, a refused one to discard, waiting for review, or the decision (AccreditationStatus.tsx).
// "Verify with InvestReady" is offered only when the step's schema says the server is configured for it.
import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";
import { currentStatus } from "../../domain/accreditation.ts";
import { formatDate } from "../../domain/format.ts";
import { Button, ErrorBlock } from "../../ui/index.ts";
import { type AccreditationStep, SubmissionForm } from "./AccreditationForm.tsx";
import { column, DecidedView, QueuedSubmissionView, RejectedView, today, WaitingView } from "./AccreditationStatus.tsx";
import { type StepLike, stepView } from "./step-view.ts";
import { STEP_TEXT as T } from "./strings.ts";
import { discardSubmission } from "./submit.ts";
import { useQueuedSubmission, useStepVerifications } from "./use-accreditations.ts";

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

/** A completed accreditation step's outcome, shown on its panel (the investor picks the step in the step bar). */
export function AccreditationOutcome({ step }: { step: StepLike }) {
  const { rows, loading } = useStepVerifications(step.id);
  if (loading) return null;
  const view = stepView(step, rows, null);
  return view.kind === "decided" ? <DecidedView verification={view.verification} /> : null;
}
