// The step bar: one button per top-level step with its progress-bar title and state, a fill of
// (current order - 0.5) / total, horizontal scrolling above 7 steps (snapping to whole steps), and on a phone the selected step alone with "Step n of total" and a button to the whole list.
import { useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { progressFill } from "../../domain/capital.ts";
import {
  type ProcessDoc,
  progressPosition,
  STEP_BAR_SCROLL_ABOVE,
  type StepDoc,
  stepBarTitle,
  topSteps,
} from "../../domain/onboarding.ts";
import { CheckIcon } from "../../ui/icons.tsx";
import { ONBOARDING_PAGE_TEXT } from "./strings.ts";

export function StepBar({
  process,
  selectedId,
  currentId,
  onSelect,
  savedIds,
}: {
  process: ProcessDoc;
  selectedId: string | null;
  currentId: string | null;
  onSelect: (step: StepDoc) => void;
  /** steps that count as done because their completion waits on this device (offline): said so, not "Complete" */
  savedIds?: ReadonlySet<string>;
}) {
  const steps = topSteps(process);
  const { position, total } = progressPosition(process);
  const fill = progressFill(position, total);
  const scrolls = steps.length > STEP_BAR_SCROLL_ABOVE;
  // phones: the list is folded to the selected step until opened
  const [open, setOpen] = useState(false);
  const selectedIndex = Math.max(
    0,
    steps.findIndex((step) => step.id === selectedId),
  );
  const listId = `step-list-${process.id}`;
  return (
    <nav aria-label={ONBOARDING_PAGE_TEXT.onboardingSteps} className={css({ mb: "6" })}>
      <div
        role="progressbar"
        aria-label={ONBOARDING_PAGE_TEXT.onboardingProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fill * 100)}
        data-testid="step-progress"
        className={css({ h: "1.5", bg: "bg.muted", borderRadius: "full", overflow: "hidden", mb: "4" })}
      >
        <div
          className={css({ h: "full", bg: "brand", borderRadius: "full", transition: "width 300ms" })}
          style={{ width: `${fill * 100}%` }}
        />
      </div>
      <div
        className={css({
          display: { base: "flex", md: "none" },
          alignItems: "center",
          justifyContent: "space-between",
          gap: "3",
          flexWrap: "wrap",
          mb: "2",
        })}
      >
        <p className={css({ fontSize: "sm", fontWeight: "600", color: "fg.muted" })} data-testid="step-count">
          {ONBOARDING_PAGE_TEXT.stepCount(selectedIndex + 1, steps.length)}
        </p>
        {steps.length > 1 && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
            data-testid="step-list-toggle"
            className={css({
              fontSize: "sm",
              fontWeight: "600",
              color: "fg.link",
              textDecoration: "underline",
              minH: "6",
              cursor: "pointer",
            })}
          >
            {open ? ONBOARDING_PAGE_TEXT.hideSteps : ONBOARDING_PAGE_TEXT.showAllSteps}
          </button>
        )}
      </div>
      <ol
        id={listId}
        data-scrolls={scrolls || undefined}
        className={cx(
          css({
            display: "flex",
            flexDirection: { base: "column", md: "row" },
            gap: "2",
            listStyle: "none",
          }),
          // Steps never get narrower than their longest word: a row that cannot hold them all wraps (or, past
          // STEP_BAR_SCROLL_ABOVE steps, scrolls) instead of breaking "Agreement" into "Agreeme/nt".
          scrolls
            ? css({
                overflowX: { md: "auto" },
                pb: { md: "2" },
                // whole steps at the start: a scrolled row never begins with half a step ("...rted"); the step cut at
                // the end shows that the row scrolls
                scrollSnapType: { md: "x mandatory" },
              })
            : css({ flexWrap: { md: "wrap" } }),
        )}
      >
        {steps.map((step, index) => {
          const selected = step.id === selectedId || (selectedId === null && index === selectedIndex);
          const current = step.id === currentId;
          const done = step.status === "complete";
          const saved = done && (savedIds?.has(step.id) ?? false);
          const failed = step.status === "failed" || step.status === "retry_limit" || step.status === "restart";
          return (
            <li
              key={step.id}
              className={css({
                flex: { md: scrolls ? "0 0 9.5rem" : "1 1 0" },
                minW: { base: 0, md: "auto" },
                scrollSnapAlign: "start",
                // a phone shows the selected step only, until the list is opened
                display: { base: selected || open ? "block" : "none", md: "block" },
              })}
            >
              <button
                type="button"
                onClick={() => onSelect(step)}
                aria-current={current ? "step" : undefined}
                aria-pressed={selected}
                data-status={saved ? "saved" : step.status}
                className={css({
                  w: "full",
                  display: "flex",
                  alignItems: "center",
                  gap: "2.5",
                  textAlign: "left",
                  px: "3",
                  py: "2.5",
                  borderRadius: "md",
                  borderWidth: "1px",
                  cursor: "pointer",
                  bg: selected ? "brand.subtle" : "bg.surface",
                  borderColor: selected ? "brand" : "border.default",
                  _hover: { borderColor: "brand" },
                })}
              >
                <span
                  aria-hidden="true"
                  className={css({
                    flexShrink: 0,
                    w: "7",
                    h: "7",
                    borderRadius: "full",
                    display: "inline-flex",
                    alignItems: "center",
                    justifyContent: "center",
                    fontSize: "xs",
                    fontWeight: "700",
                    borderWidth: "2px",
                  })}
                  style={{
                    background: saved
                      ? "var(--colors-fg-muted)"
                      : done
                        ? "var(--colors-success)"
                        : current
                          ? "var(--colors-brand)"
                          : "transparent",
                    borderColor: saved
                      ? "var(--colors-fg-muted)"
                      : done
                        ? "var(--colors-success)"
                        : failed
                          ? "var(--colors-danger)"
                          : current
                            ? "var(--colors-brand)"
                            : "var(--colors-border-strong)",
                    color: done || current ? "white" : failed ? "var(--colors-danger)" : "var(--colors-fg-muted)",
                  }}
                >
                  {done ? <CheckIcon width={14} height={14} /> : index + 1}
                </span>
                <span className={css({ minW: 0, display: "flex", flexDirection: "column" })}>
                  <span
                    className={css({
                      fontSize: "sm",
                      fontWeight: "600",
                      color: "fg.default",
                      lineHeight: "1.25",
                      overflowWrap: "break-word",
                    })}
                  >
                    {stepBarTitle(step)}
                  </span>
                  <span className={css({ fontSize: "xs", color: failed ? "danger" : "fg.muted" })}>
                    {saved
                      ? ONBOARDING_PAGE_TEXT.savedOnDevice
                      : done
                        ? ONBOARDING_PAGE_TEXT.complete
                        : current
                          ? ONBOARDING_PAGE_TEXT.currentStep
                          : failed
                            ? ONBOARDING_PAGE_TEXT.needsAttention
                            : ONBOARDING_PAGE_TEXT.notStarted}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
