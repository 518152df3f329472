// /distributions (issuer, broker, agent): the distributions report in the DataGrid, compact by default, with CSV
// export. Rows come from the local replica (fast at 50,000 rows); agents get no prices, from the server already,
// and the price columns are left out of their grid.
import { useMemo, useState } from "react";
import { useModel } from "../../data/hooks.tsx";
import { distributionStatusLabel } from "../../domain/allocations.ts";
import { compare, parseDecimal } from "../../domain/decimal.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { type ColDef, DataGrid, datedFileName } from "../../ui/DataGrid.tsx";
import { Page, PageHeader } from "../../ui/index.ts";
import type { Distribution } from "../allocations/use-allocation.ts";
import { useViewer } from "../session/viewer.ts";

interface DistributionRow {
  id: string;
  investor: string;
  email: string;
  allocation: string;
  units: string;
  price: string | null;
  paidIn: string | null;
  status: string;
  createdOn: string | null;
}

/** The table's rows (distributionRow of each document), keeping one row per (unchanged) document between updates of
 * the live replica. */
function distributionRowsCache() {
  const cache = { withPrices: true, rows: new WeakMap<Distribution, DistributionRow>() };
  return (distributions: readonly Distribution[], withPrices: boolean): DistributionRow[] => {
    if (cache.withPrices !== withPrices) Object.assign(cache, { withPrices, rows: new WeakMap() });
    return distributions.map((d) => {
      let row = cache.rows.get(d);
      if (!row) {
        row = distributionRow(d, withPrices);
        cache.rows.set(d, row);
      }
      return row;
    });
  };
}

function distributionRow(d: Distribution, withPrices: boolean): DistributionRow {
  return {
    id: d.id,
    investor: d.investor?.name ?? d.name ?? "",
    email: d.investor?.email ?? "",
    allocation: d.allocation?.name ?? "",
    units: d.amount,
    price: withPrices ? (d.purchasePrice ?? null) : null,
    paidIn: d.paidInCapital ?? null,
    status: distributionStatusLabel(d),
    createdOn: d.createdOn ?? null,
  };
}

const ZERO = parseDecimal("0")!;
const byDecimal = (a: string | null, b: string | null) =>
  compare(parseDecimal(a ?? "0") ?? ZERO, parseDecimal(b ?? "0") ?? ZERO);

export function DistributionsPage() {
  const actor = useViewer();
  const isAgent = actor.accountType === "agent";
  const { rows: distributions, loading } = useModel("distributions");
  const [toRows] = useState(distributionRowsCache);
  const rows = useMemo(() => toRows(distributions as Distribution[], !isAgent), [toRows, distributions, isAgent]);
  const columns = useMemo<ColDef<DistributionRow>[]>(
    () => [
      { colId: "investor", field: "investor", headerName: "Investor", minWidth: 180, flex: 1 },
      { colId: "email", field: "email", headerName: "Email", minWidth: 200, flex: 1 },
      { colId: "allocation", field: "allocation", headerName: "Allocation", minWidth: 180, flex: 1 },
      {
        colId: "units",
        field: "units",
        headerName: "Units",
        type: "rightAligned",
        comparator: byDecimal,
        valueFormatter: (p) => formatNumber(p.value),
      },
      ...(isAgent
        ? []
        : ([
            {
              colId: "price",
              field: "price",
              headerName: "Price",
              type: "rightAligned",
              comparator: byDecimal,
              valueFormatter: (p) => (p.value ? formatMoney(p.value) : "No Price"),
            },
          ] as ColDef<DistributionRow>[])),
      {
        colId: "paidIn",
        field: "paidIn",
        headerName: "Paid In",
        type: "rightAligned",
        comparator: byDecimal,
        valueFormatter: (p) => formatMoney(p.value),
      },
      { colId: "status", field: "status", headerName: "Status" },
      {
        colId: "createdOn",
        field: "createdOn",
        headerName: "Created On",
        valueFormatter: (p) => formatDate(p.value, "MM/dd/yyyy"),
      },
    ],
    [isAgent],
  );
  return (
    <Page>
      <PageHeader title="Distributions" />
      <DataGrid
        gridKey={isAgent ? "distributions-agent" : "distributions"}
        label="Distributions"
        rows={rows}
        columns={columns}
        getRowId={(row) => row.id}
        exportFileName={() => datedFileName("distributions", new Date())}
        emptyText="No Distributions Found"
        loading={loading}
        defaultDensity="compact"
        height="calc(100vh - 290px)"
      />
    </Page>
  );
}
