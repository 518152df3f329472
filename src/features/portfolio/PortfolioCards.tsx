// The portfolio on a phone: one card per asset with the figures that matter (value, investment, units, cost basis)
// in view, expandable to its rounds and their investments, each with its status and a link. The same rows, formulas
// and expansion as the grid (src/domain/portfolio.ts); the grid's 22 columns do not fit 390 px.
import { Link } from "@tanstack/react-router";
import { css } from "../../../styled-system/css";
import { badge } from "../../../styled-system/recipes";
import type { Decimal } from "../../domain/decimal.ts";
import { isWhole } from "../../domain/decimal.ts";
import { formatInteger, formatMoney, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import type { PortfolioRow } from "../../domain/portfolio.ts";
import { type InvestmentStage, stageTone } from "../../domain/portfolio-status.ts";
import { ChevronRightIcon } from "../../ui/icons.tsx";
import { EmptyState } from "../../ui/index.ts";
import { PORTFOLIO_COLUMNS, PORTFOLIO_TEXT } from "./strings.ts";

const NA = PORTFOLIO_TEXT.notAvailable;
const money = (value: Decimal | null) => (value ? formatMoney(value) : NA);
const units = (value: Decimal) => (isWhole(value) ? formatInteger(value) : formatNumber(value));

export function PortfolioCards({
  rows,
  expanded,
  toggle,
  emptyText,
}: {
  rows: readonly PortfolioRow[];
  expanded: ReadonlySet<string>;
  toggle: (id: string) => void;
  emptyText: string;
}) {
  const assets = rows.filter((row) => row.kind === "asset");
  if (assets.length === 0) return <EmptyState text={emptyText} />;
  return (
    <ul aria-label={PORTFOLIO_TEXT.title} className={list}>
      {assets.map((asset) => {
        const open = expanded.has(asset.id);
        const rounds = rows.filter((row) => row.kind === "round" && row.path[0] === asset.id);
        return (
          <li key={asset.id} data-testid="portfolio-card" className={card}>
            <div>
              <h2 className={css({ fontSize: "md", fontWeight: "700" })}>{asset.asset}</h2>
              <p className={css({ fontSize: "sm", color: "fg.muted" })}>{asset.issuer}</p>
            </div>
            <Figures row={asset} />
            <button
              type="button"
              aria-expanded={open}
              onClick={() => toggle(asset.id)}
              className={expander}
              data-testid="portfolio-card-expand"
            >
              <Chevron open={open} />
              {PORTFOLIO_TEXT.rounds(asset.childCount)}
            </button>
            {open && (
              <ul className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
                {rounds.map((round) => (
                  <Round key={round.id} round={round} rows={rows} open={expanded.has(round.id)} toggle={toggle} />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Round({
  round,
  rows,
  open,
  toggle,
}: {
  round: PortfolioRow;
  rows: readonly PortfolioRow[];
  open: boolean;
  toggle: (id: string) => void;
}) {
  const investments = rows.filter((row) => row.path[1] === round.id && row.path.length === 2);
  return (
    <li className={css({ borderTopWidth: "1px", borderColor: "border.default", pt: "3" })}>
      <button type="button" aria-expanded={open} onClick={() => toggle(round.id)} className={expander}>
        <Chevron open={open} />
        <span className={css({ color: "fg.default" })}>{round.round}</span>
        <span className={css({ color: "fg.subtle", fontWeight: "500" })}>({round.childCount})</span>
      </button>
      <p className={css({ fontSize: "sm", color: "fg.muted", mt: "1" })}>
        {PORTFOLIO_TEXT.roundLine(units(round.units), money(round.value))}
      </p>
      {open && (
        <ul className={css({ display: "flex", flexDirection: "column", gap: "2", mt: "2" })}>
          {investments.map((investment) => (
            <li key={investment.id} data-testid="portfolio-entry" className={investmentRow}>
              <div className={css({ display: "flex", flexDirection: "column", gap: "0.5", minW: 0 })}>
                <Link to={investment.href ?? "/portfolio"} className={css({ color: "fg.link", fontWeight: "600" })}>
                  {investment.kind === "holding" ? PORTFOLIO_TEXT.holding : PORTFOLIO_TEXT.distribution}
                </Link>
                <span className={css({ fontSize: "sm", color: "fg.muted" })}>
                  {PORTFOLIO_TEXT.roundLine(units(investment.units), money(investment.value))}
                </span>
                {investment.incomplete && (
                  <span data-testid="portfolio-incomplete" className={css({ fontSize: "xs", color: "fg.muted" })}>
                    {MESSAGES.incompleteRecord}
                  </span>
                )}
              </div>
              {investment.status && (
                <span className={badge({ tone: stageTone(investment.status as InvestmentStage) })}>
                  {investment.status}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Figures({ row }: { row: PortfolioRow }) {
  const figures = [
    [PORTFOLIO_COLUMNS.value, money(row.value), "value"],
    [PORTFOLIO_COLUMNS.investment, money(row.investment), "investment"],
    [PORTFOLIO_COLUMNS.units, units(row.units), "units"],
    [PORTFOLIO_COLUMNS.purchasePrice, money(row.purchasePrice), "cost-basis"],
  ] as const;
  return (
    <dl className={css({ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: "3" })}>
      {figures.map(([label, value, id]) => (
        <div key={id} className={css({ minW: 0 })}>
          <dt className={css({ fontSize: "xs", fontWeight: "700", color: "fg.subtle", textTransform: "uppercase" })}>
            {label}
          </dt>
          <dd
            data-testid={`portfolio-${id}`}
            className={css({ fontSize: "md", fontWeight: "700", fontVariantNumeric: "tabular-nums" })}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <span
      aria-hidden="true"
      style={{ display: "inline-flex", transform: open ? "rotate(90deg)" : undefined, transition: "transform 120ms" }}
    >
      <ChevronRightIcon width={14} height={14} />
    </span>
  );
}

const list = css({ display: "flex", flexDirection: "column", gap: "4" });
const card = css({
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "lg",
  p: "4",
  display: "flex",
  flexDirection: "column",
  gap: "3",
  minW: 0,
});
const expander = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "1.5",
  minH: "11",
  alignSelf: "flex-start",
  fontSize: "sm",
  fontWeight: "600",
  color: "fg.link",
  cursor: "pointer",
});
const investmentRow = css({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "3",
  py: "2",
  px: "3",
  bg: "bg.subtle",
  borderRadius: "md",
});
