// A process's steps as numbered pills in a row: the current one outlined in the accent colour, the done ones muted
// and struck through (an integration's process, a payment provider's mapping).
import { css } from "../../styled-system/css";

export interface StepPill {
  key: string | number;
  text: string;
  state: "done" | "current" | "todo";
  /** Said on hover (the step's status in words). */
  title?: string;
}

export function StepPills({ label, steps }: { label: string; steps: readonly StepPill[] }) {
  return (
    <ol aria-label={label} className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
      {steps.map((step) => (
        <li
          key={step.key}
          title={step.title}
          aria-current={step.state === "current" ? "step" : undefined}
          className={css({
            fontSize: "xs",
            fontWeight: "600",
            px: "2",
            py: "1",
            borderRadius: "full",
            borderWidth: "1px",
            borderColor: step.state === "current" ? "accent.default" : "border.default",
            color: step.state === "done" ? "fg.muted" : "fg.default",
            textDecoration: step.state === "done" ? "line-through" : "none",
          })}
        >
          {step.text}
        </li>
      ))}
    </ol>
  );
}
