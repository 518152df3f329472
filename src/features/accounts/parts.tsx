// Small pieces the workspace screens share (contacts, dashboard, issuers, distributors, transactions): the session
// of the signed-in layout, a titled card, a text field with its error, the pending/rejected mark of a row, and a
// plain table. Everything renders from local data.
import { useRouteContext } from "@tanstack/react-router";
import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { css, cx } from "../../../styled-system/css";
import { badge, card, input } from "../../../styled-system/recipes";
import type { PendingMark } from "../../data/pending.ts";
import type { Session } from "../../domain/session.ts";

/** The session of the signed-in layout (user, selected account, membership). */
export function useSession(): Session {
  return useRouteContext({ from: "/_app", select: (context) => context.session }) as Session;
}

export function Card({
  title,
  action,
  children,
  className,
  testId,
}: {
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      className={cx(card(), css({ p: "5", display: "flex", flexDirection: "column", gap: "4", minW: 0 }), className)}
      data-testid={testId}
    >
      {(title || action) && (
        <header className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "3" })}>
          {title && <h2 className={css({ fontSize: "md", fontWeight: "700", color: "fg.default" })}>{title}</h2>}
          {action}
        </header>
      )}
      {children}
    </section>
  );
}

export function TextField({
  label,
  error,
  hint,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cx(css({ display: "flex", flexDirection: "column", gap: "1.5", minW: 0 }), className)}>
      <label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600", color: "fg.default" })}>
        {label}
      </label>
      <input
        id={id}
        className={input()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {hint && !error && <p className={css({ fontSize: "xs", color: "fg.subtle" })}>{hint}</p>}
      {error && (
        <p id={errorId} className={css({ fontSize: "xs", color: "danger", fontWeight: "500" })}>
          {error}
        </p>
      )}
    </div>
  );
}

/** "Pending" while a queued write waits for the server; the reason when it was rejected. */
export function PendingBadge({ mark }: { mark: PendingMark | undefined }) {
  if (!mark || mark.status === "accepted") {
    return mark ? <span className={badge({ tone: "neutral" })}>Syncing</span> : null;
  }
  if (mark.status === "rejected") {
    return (
      <span className={badge({ tone: "danger" })} title={mark.errorMessage ?? undefined} data-testid="rejected">
        Rejected{mark.errorMessage ? `: ${mark.errorMessage}` : ""}
      </span>
    );
  }
  return (
    <span className={badge({ tone: "brand" })} data-testid="pending">
      Pending
    </span>
  );
}

export const tableStyles = {
  wrap: css({
    overflowX: "auto",
    borderWidth: "1px",
    borderColor: "border.default",
    borderRadius: "card",
    bg: "bg.surface",
  }),
  table: css({ w: "full", borderCollapse: "collapse", fontSize: "sm" }),
  th: css({
    textAlign: "left",
    px: "4",
    py: "3",
    fontSize: "xs",
    fontWeight: "700",
    color: "fg.muted",
    textTransform: "uppercase",
    letterSpacing: "0.05em",
    bg: "bg.subtle",
    borderBottomWidth: "1px",
    borderColor: "border.default",
    whiteSpace: "nowrap",
  }),
  td: css({
    px: "4",
    py: "3",
    borderBottomWidth: "1px",
    borderColor: "border.default",
    color: "fg.default",
    verticalAlign: "middle",
  }),
};

/** A label above a value (detail pages). */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1", minW: 0 })}>
      <dt
        className={css({
          fontSize: "xs",
          fontWeight: "700",
          color: "fg.subtle",
          textTransform: "uppercase",
          letterSpacing: "0.06em",
        })}
      >
        {label}
      </dt>
      <dd className={css({ fontSize: "sm", color: "fg.default", overflowWrap: "anywhere" })} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Cards in a responsive grid of `columns` per row (3 for broker invitations and ledger entries). */
export function CardGrid({
  columns = 3,
  children,
  testId,
}: {
  columns?: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className={css({
        display: "grid",
        gap: "4",
        gridTemplateColumns: {
          base: "1fr",
          sm: "repeat(2, minmax(0, 1fr))",
          lg: "repeat(var(--columns), minmax(0, 1fr))",
        },
      })}
      style={{ ["--columns" as string]: columns }}
    >
      {children}
    </div>
  );
}
