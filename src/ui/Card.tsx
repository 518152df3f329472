// Cards and the figures inside them: a titled card, a grid of cards, a labelled fact, summary stats.
import type { ReactNode } from "react";
import { css, cx } from "../../styled-system/css";
import { card } from "../../styled-system/recipes";

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
          {title && (
            <h2 className={css({ fontSize: "md", fontWeight: "700", letterSpacing: "-0.01em", color: "fg.default" })}>
              {title}
            </h2>
          )}
          {actions && <div className={css({ display: "flex", gap: "2" })}>{actions}</div>}
        </header>
      )}
      {children}
    </section>
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

/** A record's facts (Fact) in a grid: one column on phones, `columns` from md (an account's, a transaction's). */
export function Facts({ columns, children }: { columns: 3 | 4; children: ReactNode }) {
  return (
    <dl
      className={css({
        display: "grid",
        gap: "5",
        gridTemplateColumns: { base: "1fr", md: "repeat(var(--columns), minmax(0, 1fr))" },
      })}
      style={{ ["--columns" as string]: columns }}
    >
      {children}
    </dl>
  );
}

/** A label above a value (detail pages). */
/** A dt/dd pair in its own div (the one grouping a <dl> allows: place it with `className`, never wrap it again). */
export function Fact({
  label,
  children,
  testId,
  className,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={cx(css({ display: "flex", flexDirection: "column", gap: "1", minW: 0 }), className)}>
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

/** A section heading with optional actions on the right (the documents section under a security or asset). */
export function SectionTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div
      className={css({
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        gap: "3",
        mb: "3",
        mt: "8",
      })}
    >
      <h2 className={css({ fontSize: "lg", fontWeight: "700", color: "fg.default" })}>{children}</h2>
      {actions}
    </div>
  );
}
