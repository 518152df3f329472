// /distributions (issuer, broker, agent): the distributions report in the DataGrid, compact by default, with CSV
// export (a distribution that came by transfer is marked in its status). Rows come from the local replica (fast at 50,000 rows); agents get no prices, from the server already,
// and the price columns are left out of their grid.
import { useMemo, useState } from "react";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import { distributionStatusLabel, isByTransfer } from "../../domain/allocations.ts";
import { compare, parseDecimal } from "../../domain/decimal.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { type ColDef, DataGrid, datedFileName } from "../../ui/DataGrid.tsx";
import { Page, PageHeader, PHONE_QUERY, useMediaQuery } from "../../ui/index.ts";
import { BY_TRANSFER_TEXT, type Distribution } from "../allocations/index.ts";
import { DISTRIBUTIONS_TEXT } from "./strings.ts";

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

/** One distribution's row; one that came by transfer says so beside its status (in the grid and its CSV). */
export function distributionRow(d: Distribution, withPrices: boolean): DistributionRow {
  return {
    id: d.id,
    investor: d.investor?.name ?? d.name ?? "",
    email: d.investor?.email ?? "",
    allocation: d.allocation?.name ?? "",
    units: d.amount,
    price: withPrices ? (d.purchasePrice ?? null) : null,
    paidIn: d.paidInCapital ?? null,
    status: isByTransfer(d) ? `${distributionStatusLabel(d)} · ${BY_TRANSFER_TEXT.mark}` : distributionStatusLabel(d),
    createdOn: d.createdOn ?? null,
  };
}

const ZERO = parseDecimal("0")!;
const byDecimal = (a: string | null, b: string | null) =>
  compare(parseDecimal(a ?? "0") ?? ZERO, parseDecimal(b ?? "0") ?? ZERO);

/** The columns a phone shows first, in this order, after the investor. */
const PHONE_FIRST = ["investor", "units", "status"];

function phoneOrder(phone: boolean, columns: ColDef<DistributionRow>[]): ColDef<DistributionRow>[] {
  if (!phone) return columns;
  const rank = (column: ColDef<DistributionRow>) => {
    const at = PHONE_FIRST.indexOf(column.colId ?? "");
    return at < 0 ? PHONE_FIRST.length : at;
  };
  // a narrower investor column, so that Units and Status fit beside it on a 390 px screen
  return [...columns]
    .sort((a, b) => rank(a) - rank(b))
    .map((column) => (column.colId === "investor" ? { ...column, minWidth: 110, maxWidth: 120 } : column));
}

export function DistributionsPage() {
  const actor = useViewer();
  const isAgent = actor.accountType === "agent";
  const { rows: distributions, loading } = useModel("distributions");
  const [toRows] = useState(distributionRowsCache);
  const rows = useMemo(() => toRows(distributions as Distribution[], !isAgent), [toRows, distributions, isAgent]);
  // On a phone the key columns come first, beside the investor: Units and Status in view, the rest a scroll away.
  const phone = useMediaQuery(PHONE_QUERY);
  const columns = useMemo<ColDef<DistributionRow>[]>(
    () =>
      phoneOrder(phone, [
        { colId: "investor", field: "investor", headerName: DISTRIBUTIONS_TEXT.investor, minWidth: 180 },
        { colId: "email", field: "email", headerName: DISTRIBUTIONS_TEXT.email, minWidth: 200 },
        { colId: "allocation", field: "allocation", headerName: DISTRIBUTIONS_TEXT.allocation, minWidth: 180 },
        {
          colId: "units",
          field: "units",
          headerName: DISTRIBUTIONS_TEXT.units,
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
                headerName: DISTRIBUTIONS_TEXT.price,
                type: "rightAligned",
                comparator: byDecimal,
                valueFormatter: (p) => (p.value ? formatMoney(p.value) : DISTRIBUTIONS_TEXT.noPrice),
              },
            ] as ColDef<DistributionRow>[])),
        {
          colId: "paidIn",
          field: "paidIn",
          headerName: DISTRIBUTIONS_TEXT.paidIn,
          type: "rightAligned",
          comparator: byDecimal,
          valueFormatter: (p) => formatMoney(p.value),
        },
        { colId: "status", field: "status", headerName: DISTRIBUTIONS_TEXT.status },
        {
          colId: "createdOn",
          field: "createdOn",
          headerName: DISTRIBUTIONS_TEXT.createdOn,
          valueFormatter: (p) => formatDate(p.value, "MM/dd/yyyy"),
        },
      ]),
    [isAgent, phone],
  );
  return (
    <Page>
      <PageHeader title={DISTRIBUTIONS_TEXT.title} />
      <DataGrid
        gridKey={isAgent ? "distributions-agent" : "distributions"}
        label={DISTRIBUTIONS_TEXT.title}
        rows={rows}
        columns={columns}
        getRowId={(row) => row.id}
        exportFileName={() => datedFileName("distributions", new Date())}
        emptyText={DISTRIBUTIONS_TEXT.empty}
        loading={loading}
        defaultDensity="compact"
        height="calc(100vh - 290px)"
      />
    </Page>
  );
}
