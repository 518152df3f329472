// /portfolio (spec part 2): the investor's assets, each expandable to its rounds and their holdings and
// distributions, with the status chips Onboarding, Pending and Issued and the 22 columns (9 on by default). Built
// from the local replicas only, so it works offline; layout and density are saved on the device by the DataGrid.
import { Link } from "@tanstack/react-router";
import type { ICellRendererParams } from "ag-grid-community";
import { useMemo, useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { badge } from "../../../styled-system/recipes";
import { useModel } from "../../data/hooks.tsx";
import { processOfDistribution } from "../../data/models/steps.ts";
import type { Decimal } from "../../domain/decimal.ts";
import { isWhole } from "../../domain/decimal.ts";
import { formatInteger, formatMoney, formatNumber, formatPercent } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { buildPortfolio, type PortfolioPayment, type PortfolioRow, visibleRows } from "../../domain/portfolio.ts";
import { INVESTMENT_STAGES, type InvestmentStage, stageTone } from "../../domain/portfolio-status.ts";
import { type ColDef, DataGrid } from "../../ui/DataGrid.tsx";
import { ChevronRightIcon } from "../../ui/icons.tsx";
import { Loading, Page, PageHeader } from "../../ui/index.ts";
import { useAccountSetUp } from "../account-setup/AccountSetupPage.tsx";
import { SetUpAccountLink } from "../account-setup/SetUpAccountLink.tsx";
import { useViewer } from "../session/viewer.ts";

const NA = "N/A";
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
  return (
    <Link
      to={row.href ?? "/portfolio"}
      style={{ paddingLeft: 40 }}
      className={css({ color: "fg.link", fontWeight: "600" })}
    >
      {row.kind === "holding" ? "Holding" : "Distribution"}
    </Link>
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
  return [
    {
      ...base,
      colId: "asset",
      headerName: "Asset",
      field: "asset",
      minWidth: 260,
      cellRenderer: AssetCell,
      cellRendererParams: { expanded, toggle },
    },
    { ...base, colId: "issuer", headerName: "Issuer", field: "issuer" },
    { ...base, colId: "round", headerName: "Round", field: "round" },
    { ...base, colId: "tokenized", headerName: "Tokenized", field: "tokenized", width: 120 },
    { ...base, colId: "status", headerName: "Status", field: "status", cellRenderer: StatusCell, width: 130 },
    { ...base, colId: "progress", headerName: "Progress", field: "progress", initialHide: true },
    { ...base, colId: "nextStep", headerName: "Next Step", field: "nextStep", initialHide: true },
    { ...base, colId: "type", headerName: "Type", field: "type", initialHide: true },
    { ...base, colId: "category", headerName: "Category", field: "category", initialHide: true },
    {
      ...base,
      colId: "units",
      headerName: "Units",
      valueGetter: (p) => (p.data ? units(p.data.units) : ""),
      type: "rightAligned",
    },
    {
      ...base,
      colId: "value",
      headerName: "Value",
      valueGetter: (p) => (p.data ? money(p.data.value) : ""),
      type: "rightAligned",
    },
    {
      ...base,
      colId: "investment",
      headerName: "Investment",
      valueGetter: (p) => (p.data ? money(p.data.investment) : ""),
      type: "rightAligned",
    },
    {
      ...base,
      colId: "purchasePrice",
      headerName: "Cost Basis",
      valueGetter: (p) => (p.data ? money(p.data.purchasePrice) : ""),
      type: "rightAligned",
    },
    {
      ...base,
      colId: "latestPrice",
      headerName: "Latest Price",
      valueGetter: (p) => (p.data ? money(p.data.latestPrice) : ""),
      type: "rightAligned",
      initialHide: true,
    },
    {
      ...base,
      colId: "committedCapital",
      headerName: "Committed Capital",
      valueGetter: (p) => (p.data ? money(p.data.committedCapital) : ""),
      type: "rightAligned",
      initialHide: true,
    },
    {
      ...base,
      colId: "paidInCapital",
      headerName: "Paid-In Capital",
      valueGetter: (p) => (p.data ? money(p.data.paidInCapital) : ""),
      type: "rightAligned",
      initialHide: true,
    },
    {
      ...base,
      colId: "percentPaid",
      headerName: "Percent Paid",
      valueGetter: (p) => (p.data ? percent(p.data.percentPaid) : ""),
      type: "rightAligned",
      initialHide: true,
    },
    {
      ...base,
      colId: "deployedCapital",
      headerName: "Deployed Capital",
      valueGetter: (p) => (p.data ? money(p.data.deployedCapital) : ""),
      type: "rightAligned",
      initialHide: true,
    },
    {
      ...base,
      colId: "undeployedCapital",
      headerName: "Undeployed Capital",
      valueGetter: (p) => (p.data ? money(p.data.undeployedCapital) : ""),
      type: "rightAligned",
      initialHide: true,
    },
    {
      ...base,
      colId: "paidOutDividends",
      headerName: "Paid-Out Dividends",
      valueGetter: (p) => (p.data ? money(p.data.paidOutDividends) : ""),
      type: "rightAligned",
      initialHide: true,
    },
    {
      ...base,
      colId: "coupon",
      headerName: "Yield",
      valueGetter: (p) => (p.data ? percent(p.data.coupon) : ""),
      type: "rightAligned",
      initialHide: true,
    },
    {
      ...base,
      colId: "term",
      headerName: "Term (Years)",
      valueGetter: (p) => (p.data ? number(p.data.term) : ""),
      type: "rightAligned",
      initialHide: true,
    },
  ];
}

export function PortfolioPage() {
  const { session } = useViewer();
  const setUp = useAccountSetUp();
  const investorId = session.account?.id ?? "-";
  const distributions = useModel("distributions", { selector: { investorId } });
  const holdings = useModel("holdings", { selector: { investorId } });
  const rounds = useModel("rounds");
  const assets = useModel("assets");
  const accounts = useModel("accounts");
  const [stages, setStages] = useState<InvestmentStage[]>([]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const issuerNames = useMemo(
    () => new Map(accounts.rows.map((account) => [account.id, account.name])),
    [accounts.rows],
  );
  const rows = useMemo(
    () =>
      buildPortfolio({
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
    [assets.rows, rounds.rows, holdings.rows, distributions.rows, issuerNames, stages],
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
  const loading = distributions.loading || holdings.loading || rounds.loading || assets.loading;

  return (
    <Page>
      {!setUp && <SetUpAccountLink />}
      <PageHeader title="Portfolio">
        <p className={css({ mt: "1", fontSize: "sm", color: "fg.muted" })}>
          Your investments by asset. Expand an asset to see its rounds and investments.
        </p>
      </PageHeader>
      <div
        role="toolbar"
        aria-label="Filter by status"
        className={css({ display: "flex", gap: "2", mb: "4", flexWrap: "wrap" })}
      >
        {INVESTMENT_STAGES.map((stage) => {
          const on = stages.includes(stage);
          return (
            <button
              key={stage}
              type="button"
              aria-pressed={on}
              onClick={() => setStages((previous) => (on ? previous.filter((s) => s !== stage) : [...previous, stage]))}
              className={cx(
                css({
                  h: "8",
                  px: "3.5",
                  borderRadius: "full",
                  borderWidth: "1px",
                  fontSize: "sm",
                  fontWeight: "600",
                  cursor: "pointer",
                }),
                on
                  ? css({ bg: "brand", color: "brand.fg", borderColor: "brand" })
                  : css({ bg: "bg.surface", color: "fg.default", borderColor: "border.strong" }),
              )}
            >
              {stage}
            </button>
          );
        })}
      </div>
      <Loading loading={loading}>
        <DataGrid<PortfolioRow>
          gridKey="portfolio"
          label="Portfolio"
          rows={shown}
          columns={columnDefs}
          getRowId={(row) => row.id}
          exportFileName="portfolio"
          emptyText={MESSAGES.noInvestments}
          height={560}
        />
      </Loading>
    </Page>
  );
}
