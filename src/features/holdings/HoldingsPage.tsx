// /holdings (issuer): every holding of the issuer's securities in the DataGrid, from the local replica.
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { earlyRowsShown } from "../../data/early-read.ts";
import { useEarlyDocs } from "../../data/early-rows.ts";
import { afterFrames } from "../../data/first-screen.ts";
import { useModel } from "../../data/hooks.tsx";
import { COLLECTION_MODELS, type HoldingDoc, type RoundDoc, type SecurityDoc } from "../../data/models/index.ts";
import { compare, parseDecimal } from "../../domain/decimal.ts";
import { formatDate, formatMoney, formatNumber, formatPercent } from "../../domain/format.ts";
import { type ColDef, DataGrid, datedFileName, linkCell } from "../../ui/DataGrid.tsx";
import { Page, PageTitle } from "../../ui/index.ts";
import { type HoldingRow, holdingRowsCache } from "./holding-rows.ts";
import { HOLDINGS_TEXT } from "./strings.ts";

const byDecimal = (a: string | null, b: string | null) =>
  compare(parseDecimal(a ?? "0") ?? parseDecimal("0")!, parseDecimal(b ?? "0") ?? parseDecimal("0")!);

function holdingColumns(navigate: (to: string) => void): ColDef<HoldingRow>[] {
  return [
    { colId: "investor", field: "investor", headerName: HOLDINGS_TEXT.investor, minWidth: 180 },
    { colId: "investorEmail", field: "investorEmail", headerName: HOLDINGS_TEXT.investorEmail, minWidth: 200 },
    { colId: "securityName", field: "securityName", headerName: HOLDINGS_TEXT.securityName, minWidth: 220 },
    {
      colId: "totalUnits",
      field: "totalUnits",
      headerName: HOLDINGS_TEXT.totalUnits,
      type: "rightAligned",
      comparator: byDecimal,
      valueFormatter: (p) => formatNumber(p.value),
      cellRenderer: linkCell<HoldingRow>((row) => `/holding/${row.id}`, navigate),
    },
    {
      colId: "percentOfRaise",
      field: "percentOfRaise",
      headerName: HOLDINGS_TEXT.percentOfRaise,
      type: "rightAligned",
      comparator: byDecimal,
      valueFormatter: (p) => (p.value ? formatPercent(p.value) : HOLDINGS_TEXT.notAvailable),
    },
    {
      colId: "costBasis",
      field: "costBasis",
      headerName: HOLDINGS_TEXT.costBasis,
      type: "rightAligned",
      comparator: byDecimal,
      valueFormatter: (p) => formatMoney(p.value),
    },
    { colId: "tokenized", field: "tokenized", headerName: HOLDINGS_TEXT.tokenized, hide: true },
    { colId: "term", field: "term", headerName: HOLDINGS_TEXT.term, hide: true },
    { colId: "yield", field: "yield", headerName: HOLDINGS_TEXT.yield, hide: true },
    {
      colId: "totalValue",
      field: "totalValue",
      headerName: HOLDINGS_TEXT.totalValue,
      type: "rightAligned",
      comparator: byDecimal,
      valueFormatter: (p) => formatMoney(p.value),
    },
    {
      colId: "issuedOn",
      field: "issuedOn",
      headerName: HOLDINGS_TEXT.issuedOn,
      valueFormatter: (p) => formatDate(p.value, "MM/dd/yyyy"),
    },
  ];
}

export function HoldingsPage() {
  const navigate = useNavigate();
  const { session } = useRouteContext({ from: "/_app" });
  const holdings = useModel("holdings");
  const securities = useModel("securities");
  const rounds = useModel("rounds");
  // Until the live queries answer: the rows the page load read while the app started (src/data/early-read.ts), of
  // this session's user and account only. The live queries then give the same document objects (they adopt that
  // read), so the rows and AG Grid's row nodes stay.
  const userId = session?.user?.id;
  const accountId = session?.account?.id;
  const earlyHoldings = useEarlyDocs<HoldingDoc>(userId, accountId, "holdings", COLLECTION_MODELS.holdings);
  const earlySecurities = useEarlyDocs<SecurityDoc>(userId, accountId, "securities", COLLECTION_MODELS.securities);
  const earlyRounds = useEarlyDocs<RoundDoc>(userId, accountId, "rounds", COLLECTION_MODELS.rounds);
  const live = !(holdings.loading || securities.loading || rounds.loading);
  const early =
    !live && earlyHoldings && earlySecurities && earlyRounds ? { earlyHoldings, earlySecurities, earlyRounds } : null;
  const loading = !live && !early;
  const holdingDocs = (early ? early.earlyHoldings : holdings.rows) as readonly HoldingDoc[];
  const securityDocs = (early ? early.earlySecurities : securities.rows) as readonly SecurityDoc[];
  const roundDocs = (early ? early.earlyRounds : rounds.rows) as readonly RoundDoc[];
  const columns = useMemo(() => holdingColumns((to) => void navigate({ to })), [navigate]);
  const securityMap = useMemo(() => new Map(securityDocs.map((s) => [s.id, s])), [securityDocs]);
  const roundMap = useMemo(() => new Map(roundDocs.map((r) => [r.id, r])), [roundDocs]);
  const [toRows] = useState(holdingRowsCache);
  // rows once all three replicas have answered: one set of rows for AG Grid, not three in a row
  const rows = useMemo(
    () => (loading ? [] : toRows(holdingDocs, securityMap, roundMap)),
    [loading, toRows, holdingDocs, securityMap, roundMap],
  );
  useEffect(() => {
    if (loading) return;
    performance.mark?.("ll:holdings:rows");
    // once AG Grid has painted them: the local database's opening and its sync waited for these rows (early-read.ts)
    void afterFrames().then(earlyRowsShown);
  }, [loading]);
  return (
    <Page>
      <PageTitle parents={[{ display: HOLDINGS_TEXT.dashboard, link: "/dashboard" }]} title={HOLDINGS_TEXT.holdings} />
      <DataGrid
        gridKey="holdings"
        label={HOLDINGS_TEXT.holdings}
        rows={rows}
        columns={columns}
        getRowId={(row) => row.id}
        exportFileName={() => datedFileName("holdings", new Date())}
        emptyText={HOLDINGS_TEXT.noHoldingsFoundGrid}
        loading={loading}
        height="calc(100vh - 330px)"
      />
    </Page>
  );
}
