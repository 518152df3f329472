// Empty and error blocks. Texts come from the catalogue (src/domain/messages.ts) or from describeError().
import type { ReactNode } from "react";
import { css, cx } from "../../styled-system/css";
import { MESSAGES } from "../domain/messages.ts";

export function EmptyState({ text = MESSAGES.noneFound, children }: { text?: string; children?: ReactNode }) {
  return (
    <div
      className={css({
        py: "12",
        px: "6",
        textAlign: "center",
        color: "fg.muted",
        fontSize: "sm",
        borderWidth: "1px",
        borderStyle: "dashed",
        borderColor: "border.strong",
        borderRadius: "card",
        bg: "bg.surface",
      })}
    >
      <p>{text}</p>
      {children}
    </div>
  );
}

/** A refusal or failure in red; `children` in place of the one-line `text` for a longer account (a list). */
export function ErrorBlock({
  text = MESSAGES.defaultError,
  children,
  testId,
  className,
}: {
  text?: string;
  children?: ReactNode;
  testId?: string;
  /** Where it sits or how high it grows (a long list scrolls). */
  className?: string;
}) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className={cx(
        css({
          p: "4",
          borderRadius: "md",
          bg: "danger.subtle",
          color: "danger",
          fontSize: "sm",
          borderWidth: "1px",
          borderColor: "red.200",
        }),
        className,
      )}
    >
      {children ?? text}
    </div>
  );
}

/** A short muted note under a card's content (a hint, "needs the network", "read only"). */
export function Note({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid={testId}>
      {children}
    </p>
  );
}
