// The investor qualification process screen (spec part 2): the step bar, the selected step's header (title, About,
// Instructions), its status text and - only for the current step - its action; other steps say which step is
// current with a button to it. Completion goes through the outbox (useCompleteStep) and the replica brings the
// server's answer live; the final screen says Congratulations! and links to the portfolio.
import { Link } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { card } from "../../../styled-system/recipes";
import { useHostedSession } from "../../app/hosted-session.ts";
import { useOnline } from "../../app/useOnline.ts";
import {
  childSteps,
  currentStep,
  failureText,
  isActionable,
  notCurrentStepMessage,
  ONBOARDING_TEXTS,
  type ProcessDoc,
  type StepDoc,
  stepStatusText,
  stepTitle,
  topSteps,
} from "../../domain/onboarding.ts";
import { CheckIcon, Spinner } from "../../ui/icons.tsx";
import { Button, Dialog } from "../../ui/index.ts";
import { AccreditationOutcome } from "../accreditation/index.ts";
import { StepAction } from "./StepAction.tsx";
import { StepBar } from "./StepBar.tsx";
import { ONBOARDING_PAGE_TEXT, STEP_ACTION_TEXT } from "./strings.ts";
import { useStepCommands } from "./use-step-commands.ts";

/**
 * `onboarding`: the distribution is still in onboarding (shown as Onboarding); with no steps yet its steps are being
 * made, which the investor is told instead of "No further action is required". `finished`: what comes after the
 * last step (the issuer issues the investment, or approves the transfer the distribution was made for).
 */
export function StepProcess({
  process,
  onboarding = false,
  finished = ONBOARDING_PAGE_TEXT.finished,
}: {
  process: ProcessDoc;
  onboarding?: boolean;
  finished?: string;
}) {
  const tops = useMemo(() => topSteps(process), [process]);
  const { top: current } = currentStep(process);
  // null follows the current step as the process advances; an id is a step the investor picked on purpose.
  const [pickedId, setPickedId] = useState<string | null>(null);
  // Offline, a step whose completion waits on this device counts as done (withQueuedDone) and the investor goes on:
  // what was saved here is said above the next step.
  const commands = useStepCommands();
  const online = useOnline();
  const savedHere = online ? [] : process.steps.filter((step) => commands.get(step.id)?.status === "pending");

  if (tops.length === 0) {
    return (
      <section className={cx(card(), css({ p: "8", textAlign: "center" }))} data-testid="step-process">
        <p className={css({ fontWeight: "600" })} data-testid="no-steps">
          {onboarding ? ONBOARDING_PAGE_TEXT.stepsBeingPrepared : ONBOARDING_TEXTS.noFurtherAction}
        </p>
      </section>
    );
  }
  if (!current) {
    return (
      <>
        <SavedHere steps={savedHere} />
        <Congratulations verified={tops.filter((step) => step.type === "accreditation")} finished={finished} />
      </>
    );
  }

  const selected = tops.find((step) => step.id === pickedId) ?? current;
  return (
    <section data-testid="step-process" className={css({ minW: 0, flex: "1" })}>
      <SavedHere steps={savedHere} />
      <StepBar
        process={process}
        selectedId={selected.id}
        currentId={current.id}
        onSelect={(step) => setPickedId(step.id === current.id ? null : step.id)}
        savedIds={new Set(savedHere.map((step) => step.id))}
      />
      <StepPanel
        key={selected.id}
        process={process}
        step={selected}
        current={current}
        onGoToCurrent={() => setPickedId(null)}
      />
    </section>
  );
}

/** The steps whose completion waits on this device (offline), named above the next step or the last screen. */
function SavedHere({ steps }: { steps: StepDoc[] }) {
  if (steps.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="step-queued"
      className={css({ p: "4", mb: "4", bg: "bg.subtle", borderRadius: "md", fontSize: "sm" })}
    >
      <p className={css({ fontWeight: "600" })}>{steps.map((step) => stepTitle(step)).join(", ")}</p>
      <p>{STEP_ACTION_TEXT.savedOffline}</p>
    </div>
  );
}

/** `verified`: the process's accreditation steps, whose outcome (an approval's expiry) stays in view. */
function Congratulations({ verified, finished }: { verified: StepDoc[]; finished: string }) {
  // in person the device goes back to its host (the focused screen's Hand back), not to a portfolio
  const hosted = useHostedSession();
  return (
    <section
      data-testid="step-process"
      className={cx(
        card(),
        css({
          p: { base: "8", md: "12" },
          textAlign: "center",
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          gap: "3",
        }),
      )}
    >
      <span
        aria-hidden="true"
        className={css({
          w: "14",
          h: "14",
          borderRadius: "full",
          bg: "success.subtle",
          color: "success",
          display: "inline-flex",
          alignItems: "center",
          justifyContent: "center",
        })}
      >
        <CheckIcon width={28} height={28} />
      </span>
      <h2 className={css({ fontSize: "2xl", fontWeight: "700" })}>{ONBOARDING_TEXTS.congratulations}</h2>
      <p className={css({ color: "fg.muted", maxW: "28rem" })}>
        {ONBOARDING_TEXTS.processComplete}
        {finished}
      </p>
      {verified.map((step) => (
        <AccreditationOutcome key={step.id} step={step} />
      ))}
      {!hosted && (
        <Link
          to="/portfolio"
          className={css({ mt: "2", color: "fg.link", fontWeight: "600", textDecoration: "underline" })}
        >
          {ONBOARDING_PAGE_TEXT.goToPortfolio}
        </Link>
      )}
    </section>
  );
}

/** One of a step's notes under its title: About or Instructions. */
function HeaderNote({ title, text }: { title: string; text: string }) {
  return (
    <div className={css({ bg: "bg.subtle", borderRadius: "md", p: "3" })}>
      <h3
        className={css({
          fontSize: "xs",
          fontWeight: "700",
          color: "fg.muted",
          textTransform: "uppercase",
          letterSpacing: "0.06em",
        })}
      >
        {title}
      </h3>
      <p className={css({ fontSize: "sm", mt: "1" })}>{text}</p>
    </div>
  );
}

/** The step's title, About and Instructions (also the admin's form preview, features/admin). */
export function StepHeader({ step }: { step: StepDoc }) {
  const { about, instructions, message } = step.renderAttributes ?? {};
  return (
    <header className={css({ display: "flex", flexDirection: "column", gap: "3", mb: "5" })}>
      <h2 className={css({ fontSize: "xl", fontWeight: "700", letterSpacing: "-0.01em" })} data-testid="step-title">
        {stepTitle(step)}
      </h2>
      <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "1fr 1fr" }, gap: "3" })}>
        {about && <HeaderNote title={ONBOARDING_PAGE_TEXT.about} text={about} />}
        {instructions && <HeaderNote title={ONBOARDING_PAGE_TEXT.instructions} text={instructions} />}
      </div>
      {message && <p className={css({ fontSize: "sm", color: "fg.muted" })}>{message}</p>}
    </header>
  );
}

function StatusLine({ step }: { step: StepDoc }) {
  const text = stepStatusText(step.status);
  if (!text) return null;
  const tone = step.status === "complete" ? "success" : step.status === "processing" ? "brand" : "danger";
  return (
    <p
      role="status"
      data-testid="step-status"
      className={css({ display: "flex", alignItems: "center", gap: "2", fontWeight: "600", fontSize: "sm", mb: "4" })}
      style={{ color: `var(--colors-${tone})` }}
    >
      {step.status === "processing" && <Spinner />}
      {step.status === "processing" ? `${ONBOARDING_TEXTS.processing}: ${text}` : text}
    </p>
  );
}

/** A failed or restarted step shows its error in a popup once (and inline while it stays failed). */
function FailurePopup({ step }: { step: StepDoc }) {
  const text = failureText(step);
  const [open, setOpen] = useState(Boolean(text));
  // biome-ignore lint/correctness/useExhaustiveDependencies: every new failure (retryCount) opens the popup again
  useEffect(() => setOpen(Boolean(text)), [text, step.retryCount]);
  if (!text) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      title={ONBOARDING_TEXTS.failed}
      description={text}
      footer={<Button onClick={() => setOpen(false)}>{ONBOARDING_PAGE_TEXT.ok}</Button>}
    />
  );
}

function StepPanel({
  process,
  step,
  current,
  onGoToCurrent,
}: {
  process: ProcessDoc;
  step: StepDoc;
  current: StepDoc;
  onGoToCurrent: () => void;
}) {
  const commands = useStepCommands();
  const children = childSteps(process, step.id);
  const isCurrentTop = step.id === current.id;
  return (
    <article
      className={cx(card(), css({ p: { base: "5", md: "6" } }))}
      data-testid="step-panel"
      data-step-type={step.type}
    >
      <StepHeader step={step} />
      <StatusLine step={step} />
      {step.type === "accreditation" && step.status === "complete" && <AccreditationOutcome step={step} />}
      {!isCurrentTop && step.status !== "complete" && (
        <div
          className={css({
            display: "flex",
            flexDirection: "column",
            alignItems: "flex-start",
            gap: "3",
            p: "4",
            bg: "warning.subtle",
            borderRadius: "md",
          })}
        >
          <p className={css({ fontSize: "sm", color: "warning", fontWeight: "500" })} data-testid="not-current">
            {notCurrentStepMessage(stepTitle(current))}
          </p>
          <Button
            size="sm"
            onClick={onGoToCurrent}
            // a long title wraps inside the panel instead of running past it
            className={css({ whiteSpace: "normal", h: "auto", minH: "8", py: "1.5", textAlign: "left", maxW: "full" })}
          >
            {ONBOARDING_PAGE_TEXT.goTo(stepTitle(current))}
          </Button>
        </div>
      )}
      {isCurrentTop && (
        <>
          <FailurePopup step={step} />
          {failureText(step) && (
            <p className={css({ fontSize: "sm", color: "danger", mb: "4" })} data-testid="step-failure">
              {failureText(step)}
            </p>
          )}
          {children.length > 0 && (
            <ol
              className={css({ display: "flex", flexDirection: "column", gap: "3", mb: "5", listStyle: "none" })}
              aria-label={ONBOARDING_PAGE_TEXT.nestedSteps}
            >
              {children.map((child) => (
                <li
                  key={child.id}
                  className={css({ borderWidth: "1px", borderColor: "border.default", borderRadius: "md", p: "4" })}
                  data-testid="child-step"
                >
                  <div className={css({ display: "flex", justifyContent: "space-between", gap: "3", mb: "2" })}>
                    <h3 className={css({ fontWeight: "600" })}>{stepTitle(child)}</h3>
                    {child.status === "complete" && (
                      <span className={css({ color: "success", fontSize: "sm", fontWeight: "600" })}>
                        {ONBOARDING_TEXTS.complete}
                      </span>
                    )}
                  </div>
                  {child.renderAttributes?.instructions && (
                    <p className={css({ fontSize: "sm", color: "fg.muted", mb: "3" })}>
                      {child.renderAttributes.instructions}
                    </p>
                  )}
                  {isActionable(process, child) && (
                    <StepAction step={child} hasChildren={false} command={commands.get(child.id)} />
                  )}
                </li>
              ))}
            </ol>
          )}
          {/* a payment step under way shows its trade's status, an accreditation step whose review it waits for */}
          {(step.status !== "processing" || step.type === "payment" || step.type === "accreditation") &&
            step.status !== "retry_limit" &&
            children.every((child) => child.status === "complete") && (
              <StepAction step={step} hasChildren={children.length > 0} command={commands.get(step.id)} />
            )}
        </>
      )}
    </article>
  );
}
