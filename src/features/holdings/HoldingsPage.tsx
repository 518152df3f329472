// /holdings (issuer): every holding of the issuer's securities in the DataGrid, from the local replica.
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { useModel } from "../../data/hooks.tsx";
import type { HoldingDoc, RoundDoc, SecurityDoc } from "../../data/models/index.ts";
import { compare, parseDecimal } from "../../domain/decimal.ts";
import { formatDate, formatMoney, formatNumber, formatPercent } from "../../domain/format.ts";
import { type ColDef, DataGrid, datedFileName, linkCell } from "../../ui/DataGrid.tsx";
import { Breadcrumb, Page, PageHeader } from "../../ui/index.ts";
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
  const holdings = useModel("holdings");
  const securities = useModel("securities");
  const rounds = useModel("rounds");
  const loading = holdings.loading || securities.loading || rounds.loading;
  const columns = useMemo(() => holdingColumns((to) => void navigate({ to })), [navigate]);
  const securityMap = useMemo(
    () => new Map((securities.rows as SecurityDoc[]).map((s) => [s.id, s])),
    [securities.rows],
  );
  const roundMap = useMemo(() => new Map((rounds.rows as RoundDoc[]).map((r) => [r.id, r])), [rounds.rows]);
  const [toRows] = useState(holdingRowsCache);
  // rows once all three replicas have answered: one set of rows for AG Grid, not three in a row
  const rows = useMemo(
    () => (loading ? [] : toRows(holdings.rows as HoldingDoc[], securityMap, roundMap)),
    [loading, toRows, holdings.rows, securityMap, roundMap],
  );
  useEffect(() => {
    if (!loading) performance.mark?.("ll:holdings:rows");
  }, [loading]);
  return (
    <Page>
      <Breadcrumb
        items={[
          { display: HOLDINGS_TEXT.dashboard, link: "/dashboard" },
          { display: HOLDINGS_TEXT.holdings, active: true },
        ]}
      />
      <PageHeader title={HOLDINGS_TEXT.holdings} />
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
