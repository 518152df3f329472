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

const byDecimal = (a: string | null, b: string | null) =>
  compare(parseDecimal(a ?? "0") ?? parseDecimal("0")!, parseDecimal(b ?? "0") ?? parseDecimal("0")!);

function holdingColumns(navigate: (to: string) => void): ColDef<HoldingRow>[] {
  return [
    { colId: "investor", field: "investor", headerName: "Investor", minWidth: 180, flex: 1 },
    { colId: "investorEmail", field: "investorEmail", headerName: "Investor Email", minWidth: 200, flex: 1 },
    { colId: "securityName", field: "securityName", headerName: "Security Name", minWidth: 220, flex: 1 },
    {
      colId: "totalUnits",
      field: "totalUnits",
      headerName: "Total Units",
      type: "rightAligned",
      comparator: byDecimal,
      valueFormatter: (p) => formatNumber(p.value),
      cellRenderer: linkCell<HoldingRow>((row) => `/holding/${row.id}`, navigate),
    },
    {
      colId: "percentOfRaise",
      field: "percentOfRaise",
      headerName: "Percent Of Raise",
      type: "rightAligned",
      comparator: byDecimal,
      valueFormatter: (p) => (p.value ? formatPercent(p.value) : "N/A"),
    },
    {
      colId: "costBasis",
      field: "costBasis",
      headerName: "Cost Basis",
      type: "rightAligned",
      comparator: byDecimal,
      valueFormatter: (p) => formatMoney(p.value),
    },
    { colId: "tokenized", field: "tokenized", headerName: "Tokenized", hide: true },
    { colId: "term", field: "term", headerName: "Term", hide: true },
    { colId: "yield", field: "yield", headerName: "Yield", hide: true },
    {
      colId: "totalValue",
      field: "totalValue",
      headerName: "Total Value",
      type: "rightAligned",
      comparator: byDecimal,
      valueFormatter: (p) => formatMoney(p.value),
    },
    {
      colId: "issuedOn",
      field: "issuedOn",
      headerName: "Issued On",
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
          { display: "Dashboard", link: "/dashboard" },
          { display: "Holdings", active: true },
        ]}
      />
      <PageHeader title="Holdings" />
      <DataGrid
        gridKey="holdings"
        label="Holdings"
        rows={rows}
        columns={columns}
        getRowId={(row) => row.id}
        exportFileName={() => datedFileName("holdings", new Date())}
        emptyText="No Holdings Found"
        loading={loading}
        height="calc(100vh - 330px)"
      />
    </Page>
  );
}
