// The allocation page's right pane: its distributions with the DISTRIBUTIONS and UNITS summary (of the allocation's
// own: one that came by transfer is listed, marked, and left out of it), each with its
// qualifications label (Finished, Not Finished, No Qualifications, Not Started or 'n of total') and status, row
// selection (used by the bulk tabs) and the CSV import. An investor is named by its account, as on the cap table and
// the buyers list (a distribution's own name is the contact name typed at invitation, used until the account is known).
import { Link } from "@tanstack/react-router";
import { memo, useCallback, useMemo, useRef, useState } from "react";
import { css, cx } from "../../../styled-system/css";
import {
  distributionQualificationLabel,
  distributionStatusLabel,
  distributionSummary,
  isByTransfer,
} from "../../domain/allocations.ts";
import { formatNumber } from "../../domain/format.ts";
import {
  Button,
  Card,
  Checkbox,
  EmptyState,
  Stat,
  StatRow,
  StatusBadge,
  SyncMark,
  tableClass,
} from "../../ui/index.ts";
import { ByTransferMark } from "./ByTransferMark.tsx";
import { CsvImport } from "./CsvImport.tsx";
import { DISTRIBUTIONS_PANE_TEXT } from "./strings.ts";
import type { Distribution } from "./use-allocation.ts";

// Phones: the units move under the investor's name, so the Status column fits beside it without scrolling.
const wideOnly = css({ display: { base: "none", sm: "table-cell" } });
const narrowOnly = css({ display: { base: "block", sm: "none" } });

/** Rows rendered at first and per "Show more" (the summary and the selection cover every distribution). */
const PAGE_ROWS = 500;

/** Commands that create distributions (a single invitation, an imported file). */
const refusedCreation = (d: Distribution) => d._pending?.status === "rejected" && d._pending.created === true;

export function DistributionsPane({
  allocationId,
  distributions,
  selected,
  onSelectedChange,
  canEdit,
}: {
  allocationId: string;
  distributions: Distribution[];
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
  canEdit: boolean;
}) {
  // An invitation the server refused is listed (marked Rejected, to be corrected or discarded) but is no distribution.
  const summary = useMemo(() => distributionSummary(distributions.filter((d) => !refusedCreation(d))), [distributions]);
  const allSelected = distributions.length > 0 && distributions.every((d) => selected.has(d.id));
  const [limit, setLimit] = useState(PAGE_ROWS);
  const shown = distributions.length > limit ? distributions.slice(0, limit) : distributions;
  // One toggle for every row (rows are memoized: a file of 10,000 rows must not render 10,000 rows per change).
  const current = useRef({ selected, onSelectedChange });
  current.current = { selected, onSelectedChange };
  const toggle = useCallback((id: string, on: boolean) => {
    const next = new Set(current.current.selected);
    if (on) next.add(id);
    else next.delete(id);
    current.current.onSelectedChange(next);
  }, []);
  return (
    <Card
      title={DISTRIBUTIONS_PANE_TEXT.title}
      actions={<CsvImport allocationId={allocationId} disabled={!canEdit} />}
      testId="distributions-pane"
    >
      <StatRow>
        <Stat
          label={DISTRIBUTIONS_PANE_TEXT.distributions}
          value={summary.count.toLocaleString("en-US")}
          testId="summary-distributions"
        />
        <Stat label={DISTRIBUTIONS_PANE_TEXT.units} value={formatNumber(summary.units)} testId="summary-units" />
      </StatRow>
      {distributions.length === 0 ? (
        <EmptyState text={DISTRIBUTIONS_PANE_TEXT.none} />
      ) : (
        <div className={css({ overflowX: "auto", mx: "-2" })}>
          <table className={tableClass} aria-label={DISTRIBUTIONS_PANE_TEXT.title}>
            <thead>
              <tr>
                <th>
                  <Checkbox
                    checked={allSelected}
                    onChange={(on) => onSelectedChange(on ? new Set(distributions.map((d) => d.id)) : new Set())}
                  >
                    <span className={css({ srOnly: true })}>{DISTRIBUTIONS_PANE_TEXT.selectAll}</span>
                  </Checkbox>
                </th>
                <th>{DISTRIBUTIONS_PANE_TEXT.investor}</th>
                <th className={cx("num", wideOnly)}>{DISTRIBUTIONS_PANE_TEXT.unitsColumn}</th>
                <th>{DISTRIBUTIONS_PANE_TEXT.status}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((d) => (
                <DistributionRow
                  key={d.id}
                  d={d}
                  allocationId={allocationId}
                  checked={selected.has(d.id)}
                  onToggle={toggle}
                />
              ))}
            </tbody>
          </table>
          {shown.length < distributions.length ? (
            <div className={css({ display: "flex", alignItems: "center", gap: "3", px: "2", py: "2" })}>
              <span className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="distributions-shown">
                {DISTRIBUTIONS_PANE_TEXT.shown(shown.length, distributions.length)}
              </span>
              <Button variant="outline" size="sm" onClick={() => setLimit((n) => n + PAGE_ROWS)}>
                {DISTRIBUTIONS_PANE_TEXT.showMore(Math.min(PAGE_ROWS, distributions.length - shown.length))}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </Card>
  );
}

/** One distribution; rendered again only when its document or its selection changed. */
const DistributionRow = memo(function DistributionRow({
  d,
  allocationId,
  checked,
  onToggle,
}: {
  d: Distribution;
  allocationId: string;
  checked: boolean;
  onToggle: (id: string, on: boolean) => void;
}) {
  return (
    <tr data-testid="distribution-row" data-email={d.investor?.email ?? ""}>
      <td>
        <Checkbox checked={checked} onChange={(on) => onToggle(d.id, on)}>
          <span className={css({ srOnly: true })}>Select {d.investor?.name ?? d.name}</span>
        </Checkbox>
      </td>
      <td>
        <Link
          to="/distribute-allocation/$allocationId/{-$view}"
          params={{ allocationId, view: "distribution" }}
          search={{ distribution: d.id }}
          className={css({ fontWeight: "600", color: "fg.link", _hover: { textDecoration: "underline" } })}
        >
          {d.investor?.name ?? d.name ?? d.investor?.email}
        </Link>
        {(d.investor?.name ?? d.name) !== d.investor?.email && (
          <div className={css({ fontSize: "xs", color: "fg.muted", overflowWrap: "anywhere" })}>
            {d.investor?.email}
          </div>
        )}
        {isByTransfer(d) && <ByTransferMark />}
        <div className={cx(narrowOnly, css({ fontSize: "xs", color: "fg.muted" }))}>
          {DISTRIBUTIONS_PANE_TEXT.unitsInline(formatNumber(d.amount))}
        </div>
      </td>
      <td className={cx("num", wideOnly)}>{formatNumber(d.amount)}</td>
      <td>
        <div className={css({ display: "flex", gap: "1", flexWrap: "wrap" })}>
          <StatusBadge label={distributionStatusLabel(d)} />
          <SyncMark mark={d._pending} />
        </div>
        <div className={css({ fontSize: "xs", color: "fg.muted", mt: "1" })}>
          {DISTRIBUTIONS_PANE_TEXT.qualificationsPrefix}
          <span data-testid="qualification-label">{distributionQualificationLabel(d)}</span>
        </div>
      </td>
    </tr>
  );
});
