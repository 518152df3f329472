// Building blocks shared by the round, allocation, holdings, capitalization and reports screens: the session of the
// signed-in account, cards, stats, labelled fields, status badges and the pending mark of queued commands.
import { Field } from "@ark-ui/react/field";
import { useRouteContext } from "@tanstack/react-router";
import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { css, cx } from "../../../styled-system/css";
import { badge, card, input } from "../../../styled-system/recipes";
import type { PendingMark } from "../../data/pending.ts";

export interface Actor {
  accountId: string;
  accountType: string;
  role: string;
}

/** The selected account and role (the _app layout guarantees both). */
export function useActor(): Actor {
  const session = useRouteContext({ from: "/_app", select: (context) => context.session });
  return {
    accountId: session?.account?.id ?? "",
    accountType: session?.account?.type ?? "",
    role: session?.userAccount?.role ?? "account_viewer",
  };
}

export function Card({
  title,
  actions,
  children,
  className,
  testId,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      className={cx(card(), css({ p: "5", display: "flex", flexDirection: "column", gap: "4", minW: 0 }), className)}
      data-testid={testId}
    >
      {(title || actions) && (
        <header className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "3" })}>
          {title && <h2 className={css({ fontSize: "md", fontWeight: "700", letterSpacing: "-0.01em" })}>{title}</h2>}
          {actions && <div className={css({ display: "flex", gap: "2" })}>{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

/** A labelled summary figure (DISTRIBUTIONS, UNITS, STAKEHOLDERS, CAPITAL RAISED). */
export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "0.5", minW: "28" })}>
      <span className={css({ fontSize: "xs", fontWeight: "700", letterSpacing: "0.08em", color: "fg.subtle" })}>
        {label}
      </span>
      <span
        className={css({ fontSize: "xl", fontWeight: "700", fontVariantNumeric: "tabular-nums" })}
        data-testid={testId}
      >
        {value}
      </span>
    </div>
  );
}

export function StatRow({ children }: { children: ReactNode }) {
  return <div className={css({ display: "flex", gap: "8", flexWrap: "wrap" })}>{children}</div>;
}

export function TextField({
  label,
  error,
  hint,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  return (
    <Field.Root
      invalid={Boolean(error)}
      disabled={props.disabled}
      className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}
    >
      <Field.Label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600" })}>
        {label}
      </Field.Label>
      <Field.Input id={id} className={input()} {...props} />
      {hint && !error && (
        <Field.HelperText className={css({ fontSize: "xs", color: "fg.muted" })}>{hint}</Field.HelperText>
      )}
      {error && <Field.ErrorText className={css({ fontSize: "xs", color: "danger" })}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export function FormGrid({ children, columns = 2 }: { children: ReactNode; columns?: number }) {
  return (
    <div
      className={css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", md: "var(--cols)" } })}
      style={{ ["--cols" as string]: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {children}
    </div>
  );
}

const TONES: Record<string, "neutral" | "brand" | "success" | "danger"> = {
  Issued: "success",
  Active: "success",
  Open: "brand",
  Onboarding: "brand",
  Pending: "neutral",
  Closed: "neutral",
  Stale: "danger",
};

export function StatusBadge({ label }: { label: string }) {
  return <span className={badge({ tone: TONES[label] ?? "neutral" })}>{label}</span>;
}

/** The mark of a row touched by a queued or refused command. */
/** A distribution's status as its dropdowns offer it (spec: open shows as Onboarding, closed as Pending). */
export const DISTRIBUTION_STATUS_OPTIONS = [
  { value: "drafted", label: "Invited" },
  { value: "open", label: "Onboarding" },
  { value: "closed", label: "Pending" },
];

export function PendingTag({ mark }: { mark?: PendingMark | null }) {
  if (!mark) return null;
  const rejected = mark.status === "rejected";
  return (
    <span
      className={badge({ tone: rejected ? "danger" : "neutral" })}
      title={rejected ? (mark.errorMessage ?? "Refused") : "Saved on this device; sent when online"}
      data-testid={rejected ? "rejected-mark" : "pending-mark"}
    >
      {rejected ? `Refused: ${mark.errorMessage ?? ""}` : "Pending sync"}
    </span>
  );
}

export const tableClass = css({
  w: "full",
  borderCollapse: "collapse",
  fontSize: "sm",
  "& th": {
    textAlign: "left",
    fontSize: "xs",
    fontWeight: "700",
    color: "fg.subtle",
    letterSpacing: "0.04em",
    textTransform: "uppercase",
    px: "3",
    py: "2",
    borderBottomWidth: "1px",
    borderColor: "border.default",
    whiteSpace: "nowrap",
  },
  "& td": { px: "3", py: "2.5", borderBottomWidth: "1px", borderColor: "border.default", verticalAlign: "middle" },
  "& td.num, & th.num": { textAlign: "right", fontVariantNumeric: "tabular-nums" },
  "& tr:last-child td": { borderBottomWidth: "0" },
});

export const mutedText = css({ color: "fg.muted", fontSize: "sm" });
export const linkClass = css({ color: "fg.link", fontWeight: "600", _hover: { textDecoration: "underline" } });

/** A client-made id for a created row (queued commands may refer to it). */
export function newId(): string {
  return crypto.randomUUID();
}
