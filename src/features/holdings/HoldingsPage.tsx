// /holdings (issuer): every holding of the issuer's securities in the DataGrid, from the local replica.
import { useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import { useModel } from "../../data/hooks.tsx";
import type { HoldingDoc, RoundDoc, SecurityDoc } from "../../data/models/index.ts";
import { compare, parseDecimal } from "../../domain/decimal.ts";
import { formatDate, formatMoney, formatNumber, formatPercent } from "../../domain/format.ts";
import { type ColDef, DataGrid, datedFileName, linkCell } from "../../ui/DataGrid.tsx";
import { Breadcrumb, Page, PageHeader } from "../../ui/index.ts";
import { type HoldingRow, holdingRows } from "./holding-rows.ts";

const byDecimal = (a: string | null, b: string | null) =>
  compare(parseDecimal(a ?? "0") ?? parseDecimal("0")!, parseDecimal(b ?? "0") ?? parseDecimal("0")!);

export function holdingColumns(navigate: (to: string) => void): ColDef<HoldingRow>[] {
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
  const { rows: holdings } = useModel("holdings");
  const { rows: securities } = useModel("securities");
  const { rows: rounds } = useModel("rounds");
  const columns = useMemo(() => holdingColumns((to) => void navigate({ to })), [navigate]);
  const rows = useMemo(
    () =>
      holdingRows(
        holdings as HoldingDoc[],
        new Map((securities as SecurityDoc[]).map((s) => [s.id, s])),
        new Map((rounds as RoundDoc[]).map((r) => [r.id, r])),
      ),
    [holdings, securities, rounds],
  );
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
        height="calc(100vh - 330px)"
      />
    </Page>
  );
}
