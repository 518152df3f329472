// The data half of /portfolio (PortfolioPage.tsx): the local replicas read through the hooks, the grid on a
// desktop and the cards on a phone. Loaded apart from the page, so the page's heading and filters paint before the
// database's code and the grid's have arrived (issue 22 item 13).
import { Link } from "@tanstack/react-router";
import type { ICellRendererParams } from "ag-grid-community";
import { useMemo, useState, useSyncExternalStore } from "react";
import { css } from "../../../styled-system/css";
import { badge } from "../../../styled-system/recipes";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import { processOfDistribution } from "../../data/models/steps.ts";
import { type SyncStatus, syncStatus } from "../../data/sync-status.ts";
import type { Decimal } from "../../domain/decimal.ts";
import { isWhole } from "../../domain/decimal.ts";
import { formatInteger, formatMoney, formatNumber, formatPercent } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { buildPortfolio, type PortfolioPayment, type PortfolioRow, visibleRows } from "../../domain/portfolio.ts";
import { type InvestmentStage, stageTone } from "../../domain/portfolio-status.ts";
import { type ColDef, DataGrid } from "../../ui/DataGrid.tsx";
import { ChevronRightIcon } from "../../ui/icons.tsx";
import { Loading, PHONE_QUERY, useMediaQuery } from "../../ui/index.ts";
import { SetUpAccountLink, useAccountSetUp } from "../account-setup/index.ts";
import { PortfolioCards } from "./PortfolioCards.tsx";
import { PORTFOLIO_COLUMNS, PORTFOLIO_TEXT } from "./strings.ts";

const NA = PORTFOLIO_TEXT.notAvailable;
const money = (value: Decimal | null) => (value ? formatMoney(value) : NA);
const number = (value: Decimal | null) => (value ? formatNumber(value) : NA);
const percent = (value: Decimal | null) => (value ? formatPercent(value) : NA);
/** Units: 0,0 when whole, else with their decimals. */
const units = (value: Decimal) => (isWhole(value) ? formatInteger(value) : formatNumber(value));

type Toggle = (id: string) => void;

function AssetCell(props: ICellRendererParams<PortfolioRow> & { expanded: ReadonlySet<string>; toggle: Toggle }) {
  const row = props.data;
  if (!row) return null;
  if (row.kind === "asset" || row.kind === "round") {
    const open = props.expanded.has(row.id);
    return (
      <button
        type="button"
        onClick={() => props.toggle(row.id)}
        aria-expanded={open}
        className={css({
          display: "inline-flex",
          alignItems: "center",
          gap: "1.5",
          cursor: "pointer",
          fontWeight: row.kind === "asset" ? "700" : "600",
          color: "fg.default",
        })}
        style={{ paddingLeft: row.kind === "round" ? 18 : 0 }}
      >
        <span
          aria-hidden="true"
          style={{
            display: "inline-flex",
            transform: open ? "rotate(90deg)" : undefined,
            transition: "transform 120ms",
          }}
        >
          <ChevronRightIcon width={14} height={14} />
        </span>
        {row.kind === "asset" ? row.asset : row.round}
        <span className={css({ color: "fg.subtle", fontWeight: "500" })}>({row.childCount})</span>
      </button>
    );
  }
  const link = (
    <Link
      to={row.href ?? "/portfolio"}
      style={{ paddingLeft: 40 }}
      className={css({ color: "fg.link", fontWeight: "600" })}
    >
      {row.kind === "holding" ? PORTFOLIO_TEXT.holding : PORTFOLIO_TEXT.distribution}
    </Link>
  );
  if (!row.incomplete) return link;
  // A holding without its distribution (a cap table imported from the blockchain): the spec's text, in full on hover.
  return (
    <span className={css({ display: "flex", gap: "2", alignItems: "baseline", minW: 0 })}>
      {link}
      <span
        data-testid="portfolio-incomplete"
        title={MESSAGES.incompleteRecord}
        className={css({
          fontSize: "xs",
          color: "fg.muted",
          overflow: "hidden",
          textOverflow: "ellipsis",
          whiteSpace: "nowrap",
        })}
      >
        {MESSAGES.incompleteRecord}
      </span>
    </span>
  );
}

function StatusCell(props: ICellRendererParams<PortfolioRow>) {
  const status = props.data?.status as InvestmentStage | "";
  if (!status) return null;
  return <span className={badge({ tone: stageTone(status) })}>{status}</span>;
}

// Off by default through initialHide, not hide: the definitions are rebuilt when a row expands, and a `hide` in them
// would hide again a column the user had turned on.
function columns(expanded: ReadonlySet<string>, toggle: Toggle): ColDef<PortfolioRow>[] {
  const base: Partial<ColDef<PortfolioRow>> = { sortable: false };
  // A figure's column: right-aligned, its value formatted; off by default unless `shown`.
  const figure = <K extends keyof PortfolioRow & keyof typeof PORTFOLIO_COLUMNS>(
    colId: K,
    format: (value: PortfolioRow[K]) => string,
    shown = false,
  ): ColDef<PortfolioRow> => ({
    ...base,
    colId,
    headerName: PORTFOLIO_COLUMNS[colId],
    valueGetter: (p) => (p.data ? format(p.data[colId]) : ""),
    type: "rightAligned",
    ...(shown ? {} : { initialHide: true }),
  });
  return [
    {
      ...base,
      colId: "asset",
      headerName: PORTFOLIO_COLUMNS.asset,
      field: "asset",
      minWidth: 260,
      cellRenderer: AssetCell,
      cellRendererParams: { expanded, toggle },
    },
    { ...base, colId: "issuer", headerName: PORTFOLIO_COLUMNS.issuer, field: "issuer" },
    { ...base, colId: "round", headerName: PORTFOLIO_COLUMNS.round, field: "round" },
    { ...base, colId: "tokenized", headerName: PORTFOLIO_COLUMNS.tokenized, field: "tokenized", width: 120 },
    {
      ...base,
      colId: "status",
      headerName: PORTFOLIO_COLUMNS.status,
      field: "status",
      cellRenderer: StatusCell,
      width: 130,
    },
    { ...base, colId: "progress", headerName: PORTFOLIO_COLUMNS.progress, field: "progress", initialHide: true },
    { ...base, colId: "nextStep", headerName: PORTFOLIO_COLUMNS.nextStep, field: "nextStep", initialHide: true },
    { ...base, colId: "type", headerName: PORTFOLIO_COLUMNS.type, field: "type", initialHide: true },
    { ...base, colId: "category", headerName: PORTFOLIO_COLUMNS.category, field: "category", initialHide: true },
    figure("units", units, true),
    figure("value", money, true),
    figure("investment", money, true),
    figure("purchasePrice", money, true),
    figure("latestPrice", money),
    figure("committedCapital", money),
    figure("paidInCapital", money),
    figure("percentPaid", percent),
    figure("deployedCapital", money),
    figure("undeployedCapital", money),
    figure("paidOutDividends", money),
    figure("coupon", percent),
    figure("term", number),
  ];
}

/**
 * This device held nothing of the account and its first sync is still pulling (online, without error): the
 * investments arrive in batches, and cards shown now would appear and move while it runs (a phone's first visit).
 */
function firstSyncRunning(status: SyncStatus): boolean {
  const { firstSync } = status;
  return (
    firstSync.fromEmpty === true && !firstSync.done && firstSync.collectionsTotal > 0 && status.online && !status.error
  );
}
const firstSyncRunningNow = () => firstSyncRunning(syncStatus.getSnapshot());

/** The account-setup link above the heading, from the account's replica (the session's copy until it has loaded). */
export function PortfolioSetUpLink() {
  const setUp = useAccountSetUp();
  return setUp ? null : <SetUpAccountLink />;
}

/** The investments, filtered by the page's status chips: cards on a phone, the grid elsewhere. */
export default function PortfolioData({ stages }: { stages: readonly InvestmentStage[] }) {
  const { session } = useViewer();
  const investorId = session.account?.id ?? "-";
  const distributions = useModel("distributions", { selector: { investorId } });
  const holdings = useModel("holdings", { selector: { investorId } });
  const rounds = useModel("rounds");
  const assets = useModel("assets");
  const accounts = useModel("accounts");
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // Phones get cards with the figures in view; the grid's columns would put them off-screen.
  const phone = useMediaQuery(PHONE_QUERY);

  const syncing = useSyncExternalStore(syncStatus.subscribe, firstSyncRunningNow, firstSyncRunningNow);
  const issuerNames = useMemo(
    () => new Map(accounts.rows.map((account) => [account.id, account.name])),
    [accounts.rows],
  );
  // not built while the first sync runs (the indicator shows): every batch would rebuild them
  const rows = useMemo(
    () =>
      syncing
        ? []
        : buildPortfolio({
            assets: assets.rows,
            rounds: rounds.rows,
            holdings: holdings.rows,
            distributions: distributions.rows.map((distribution) => ({
              ...distribution,
              payments: distribution.payments as PortfolioPayment[] | undefined,
              process: processOfDistribution(distribution),
            })),
            issuerNames,
            stages,
          }),
    [syncing, assets.rows, rounds.rows, holdings.rows, distributions.rows, issuerNames, stages],
  );
  const shown = useMemo(() => visibleRows(rows, expanded), [rows, expanded]);
  const toggle = useMemo<Toggle>(
    () => (id) =>
      setExpanded((previous) => {
        const next = new Set(previous);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const columnDefs = useMemo(() => columns(expanded, toggle), [expanded, toggle]);
  const loading = syncing || distributions.loading || holdings.loading || rounds.loading || assets.loading;

  return (
    <Loading loading={loading}>
      {phone ? (
        <PortfolioCards rows={rows} expanded={expanded} toggle={toggle} emptyText={MESSAGES.noInvestments} />
      ) : (
        <DataGrid<PortfolioRow>
          gridKey="portfolio"
          label={PORTFOLIO_TEXT.title}
          rows={shown}
          columns={columnDefs}
          getRowId={(row) => row.id}
          exportFileName="portfolio"
          emptyText={MESSAGES.noInvestments}
          height={560}
        />
      )}
    </Loading>
  );
}
