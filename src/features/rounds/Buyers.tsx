// Buyers of the round: every distribution (and its holding once issued), filterable by name, sortable by units and
// value (none for one that came by transfer, marked so), with a status dropdown per row for whoever may change it (the round's issuer, or the allocation's owner;
// never a viewer; never a locked or issued distribution). The change is a command: queued offline, marked pending.
// Issued rows link to the holding.
import { Link } from "@tanstack/react-router";
import { memo, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import type { HoldingDoc } from "../../data/models/index.ts";
import { distributionStatusLabel, isByTransfer } from "../../domain/allocations.ts";
import { committedCapital } from "../../domain/capital.ts";
import { compare, type Decimal, dec, ZERO } from "../../domain/decimal.ts";
import { formatMoney, formatNumber } from "../../domain/format.ts";
import { Card, CardTable, linkClass, Select, StatusBadge, SyncMark } from "../../ui/index.ts";
import type { Distribution } from "../allocations/index.ts";
import { ByTransferMark, DISTRIBUTION_STATUS_OPTIONS } from "../allocations/index.ts";
import { BUYERS_TEXT, ROUND_TEXT } from "./strings.ts";

type SortKey = "units" | "value";
const STATUS_FILTERS = ["All", "Invited", "Onboarding", "Pending", "Issued"].map((s) => ({ value: s, label: s }));

export function Buyers({
  distributions,
  holdings,
  price,
  canChangeStatus,
}: {
  distributions: Distribution[];
  holdings: HoldingDoc[];
  price: string;
  canChangeStatus: (distribution: Distribution) => boolean;
}) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<string | null>("All");
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: "units", desc: true });
  const holdingByDistribution = useMemo(() => new Map(holdings.map((h) => [h.distributionId, h])), [holdings]);
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const derived = derivedRows(price);
    return distributions
      .map(derived)
      .filter((r) => !needle || r.text.includes(needle))
      .filter((r) => !status || status === "All" || r.label === status)
      .sort((a, b) => {
        const order = sort.key === "units" ? compare(a.units, b.units) : compare(a.value, b.value);
        return sort.desc ? -order : order;
      });
  }, [distributions, search, status, sort, price]);
  const toggle = (key: SortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : true }));
  const arrow = (key: SortKey) => (sort.key === key ? (sort.desc ? " ↓" : " ↑") : "");
  // a figure's column header sorts by it
  const sortHeader = (key: SortKey, title: string) => ({
    title: (
      <button type="button" className={sortButton} onClick={() => toggle(key)}>
        {title}
      </button>
    ),
    num: true,
  });
  return (
    <Card title={BUYERS_TEXT.title} testId="buyers">
      <div className={css({ display: "flex", gap: "3", alignItems: "flex-end", flexWrap: "wrap" })}>
        <label
          className={css({ display: "flex", flexDirection: "column", gap: "1.5", fontSize: "sm", fontWeight: "600" })}
        >
          {BUYERS_TEXT.searchByName}
          <input
            className={css({
              h: "10",
              px: "3",
              borderWidth: "1px",
              borderColor: "border.strong",
              borderRadius: "control",
              fontWeight: "400",
              w: "64",
            })}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            type="search"
          />
        </label>
        <div className={css({ w: "48" })}>
          <Select label={ROUND_TEXT.status} options={STATUS_FILTERS} value={status} onChange={setStatus} />
        </div>
      </div>
      <CardTable
        rows={rows}
        empty={BUYERS_TEXT.none}
        headers={[
          ROUND_TEXT.investor,
          ROUND_TEXT.allocation,
          sortHeader("units", BUYERS_TEXT.unitsSort(arrow("units"))),
          sortHeader("value", BUYERS_TEXT.valueSort(arrow("value"))),
          ROUND_TEXT.status,
        ]}
      >
        {(row) => (
          <BuyerRow
            key={row.d.id}
            row={row}
            holding={holdingByDistribution.get(row.d.id)}
            canChange={canChangeStatus(row.d)}
          />
        )}
      </CardTable>
    </Card>
  );
}

const sortButton = css({
  textTransform: "inherit",
  letterSpacing: "inherit",
  fontWeight: "inherit",
  color: "inherit",
  cursor: "pointer",
});
// The row's dropdown is labelled for assistive technology only; the column header says what it is.
const rowSelect = css({ minW: "36", "& [data-part=label]": { srOnly: true } });
const dec0 = (text: string | null | undefined) => dec(text ?? "0");

interface BuyerRowData {
  d: Distribution;
  label: string;
  /** committed capital: none for a distribution that came by transfer (no payment is owed to the issuer) */
  value: Decimal;
  byTransfer: boolean;
  units: Decimal;
  /** investor name, distribution name and email, lower case (the search box's haystack) */
  text: string;
}

// A round can hold tens of thousands of distributions: each one's derived values are computed once per document
// object (the live queries keep an unchanged document's object between emissions) and price, so a change of a few
// rows recomputes only those.
const rowCache = new Map<string, WeakMap<Distribution, BuyerRowData>>();
function derivedRows(price: string): (d: Distribution) => BuyerRowData {
  let cache = rowCache.get(price);
  if (!cache) {
    if (rowCache.size > 8) rowCache.clear();
    cache = new WeakMap();
    rowCache.set(price, cache);
  }
  const byDocument = cache;
  return (d) => {
    let row = byDocument.get(d);
    if (!row) {
      const byTransfer = isByTransfer(d);
      row = {
        d,
        label: distributionStatusLabel(d),
        value: byTransfer ? ZERO : committedCapital(d.amount, d.purchasePrice ?? price),
        byTransfer,
        units: dec0(d.amount),
        text: `${d.investor?.name ?? ""} ${d.name ?? ""} ${d.investor?.email ?? ""}`.toLowerCase(),
      };
      byDocument.set(d, row);
    }
    return row;
  };
}

/** One buyer; rendered again only when its own distribution, holding or permission changed. */
const BuyerRow = memo(function BuyerRow({
  row: { d, label, value, byTransfer },
  holding,
  canChange,
}: {
  row: BuyerRowData;
  holding: HoldingDoc | undefined;
  canChange: boolean;
}) {
  const command = useCommand();
  return (
    <tr data-testid="buyer-row">
      <td>
        <div className={css({ fontWeight: "600" })}>{d.investor?.name ?? d.name}</div>
        <div className={css({ fontSize: "xs", color: "fg.muted" })}>{d.investor?.email}</div>
        {byTransfer && <ByTransferMark />}
      </td>
      <td>{d.allocation?.name}</td>
      <td className="num">
        {holding ? (
          <Link to="/holding/$holdingId" params={{ holdingId: holding.id }} className={linkClass}>
            {formatNumber(d.amount)}
          </Link>
        ) : (
          formatNumber(d.amount)
        )}
      </td>
      <td className="num">{byTransfer ? ROUND_TEXT.none : formatMoney(value)}</td>
      <td>
        <div className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap" })}>
          {canChange ? (
            <div className={rowSelect}>
              <Select
                label={BUYERS_TEXT.statusOf(d.investor?.name ?? d.name ?? d.investor?.email ?? BUYERS_TEXT.buyer)}
                options={DISTRIBUTION_STATUS_OPTIONS}
                value={d.status}
                onChange={(next) => {
                  if (!next || next === d.status) return;
                  void command("updateDistributionById", { input: { id: d.id, patch: { status: next } } });
                }}
              />
            </div>
          ) : (
            <StatusBadge label={label} />
          )}
          <SyncMark mark={d._pending} />
        </div>
      </td>
    </tr>
  );
});
