// The round's cap table: issued holdings ('Issued', or the chain they are on when it is not the product's private
// network) and closed distributions waiting for issuance ('Not Issued'; not one that came by transfer: the server never
// issues it, its units arrive by the transfer's approval).
// Editors select closed distributions and Issue them (makeTaRequestDistributionIssuances: each becomes a holding
// with a transaction and ledger entries). Zero, negative and allocation-owned entries are left out.
import { Link } from "@tanstack/react-router";
import { memo, useMemo, useState } from "react";
import { useCommand } from "../../data/hooks.tsx";
import type { HoldingDoc } from "../../data/models/index.ts";
import { capTableHoldings, isByTransfer, stakeholderSummary } from "../../domain/allocations.ts";
import { isPositive, parseDecimal } from "../../domain/decimal.ts";
import { formatNumber } from "../../domain/format.ts";
import {
  Button,
  Card,
  CardTable,
  linkClass,
  PickCheckbox,
  Stat,
  StatRow,
  StatusBadge,
  SyncMark,
  toast,
  togglePick,
} from "../../ui/index.ts";
import type { Distribution } from "../allocations/index.ts";
import { ProofOfIssuanceButton } from "../proof-of-issuance/index.ts";
import { holdingLedgerStatus } from "./ledger-status.ts";
import { CAP_TABLE_TEXT, ROUND_TEXT } from "./strings.ts";

export function CapTable({
  assetId,
  holdings,
  distributions,
  allocationOwnerIds,
  canIssue,
}: {
  assetId: string;
  holdings: HoldingDoc[];
  distributions: Distribution[];
  allocationOwnerIds: ReadonlySet<string>;
  canIssue: boolean;
}) {
  const command = useCommand();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  // Recomputed only when the rows change (a round can hold tens of thousands): the owners' set is compared by value.
  const ownersKey = [...allocationOwnerIds].sort().join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: allocationOwnerIds is compared by its contents
  const issued = useMemo(() => capTableHoldings(holdings, allocationOwnerIds), [holdings, ownersKey]);
  const issuable = useMemo(
    () =>
      distributions.filter(
        (d) =>
          d.status === "closed" &&
          !d.locked &&
          !isByTransfer(d) &&
          isPositive(parseDecimal(d.amount) ?? parseDecimal("0")!),
      ),
    [distributions],
  );
  const summary = useMemo(() => stakeholderSummary(issued), [issued]);
  // the distributions waiting for issuance first, then the issued holdings
  const rows: CapRow[] = [
    ...issuable.map((distribution) => ({ id: distribution.id, distribution })),
    ...issued.map((holding) => ({ id: holding.id, holding })),
  ];
  const columns = [
    canIssue && { title: CAP_TABLE_TEXT.selectColumn, hidden: true },
    ROUND_TEXT.investor,
    { title: ROUND_TEXT.units, num: true },
    ROUND_TEXT.status,
  ];
  const issue = async () => {
    const ids = issuable.filter((d) => picked.has(d.id)).map((d) => d.id);
    if (ids.length === 0) return toast.error(CAP_TABLE_TEXT.selectOne);
    await command("makeTaRequestDistributionIssuances", { input: { distributionIds: ids } });
    toast.success(`Issuing ${ids.length} distribution${ids.length === 1 ? "" : "s"}`);
    setPicked(new Set());
  };
  return (
    <Card
      title={CAP_TABLE_TEXT.title}
      actions={
        canIssue ? (
          <>
            <Button size="sm" onClick={issue} disabled={picked.size === 0}>
              {CAP_TABLE_TEXT.issue}
            </Button>
            <ProofOfIssuanceButton assetId={assetId} />
          </>
        ) : null
      }
      testId="cap-table"
    >
      <StatRow>
        <Stat label={CAP_TABLE_TEXT.stakeholders} value={summary.stakeholders} testId="round-stakeholders" />
        <Stat label={CAP_TABLE_TEXT.issuedUnits} value={formatNumber(summary.units)} testId="round-issued-units" />
      </StatRow>
      <CardTable rows={rows} empty={CAP_TABLE_TEXT.none} headers={columns}>
        {(row) =>
          row.holding ? (
            <IssuedRow key={row.id} holding={row.holding} canIssue={canIssue} />
          ) : (
            <tr key={row.id} data-testid="cap-row" data-status="not-issued">
              {canIssue && (
                <td>
                  <PickCheckbox
                    checked={picked.has(row.id)}
                    onChange={(on) => setPicked(togglePick(picked, row.id, on))}
                    label={CAP_TABLE_TEXT.select(row.distribution.investor?.name ?? row.distribution.name ?? "")}
                  />
                </td>
              )}
              <td>{row.distribution.investor?.name ?? row.distribution.name}</td>
              <td className="num">{formatNumber(row.distribution.amount)}</td>
              <td>
                <StatusBadge label={CAP_TABLE_TEXT.notIssued} /> <SyncMark mark={row.distribution._pending} />
              </td>
            </tr>
          )
        }
      </CardTable>
    </Card>
  );
}

/** A cap table row: a distribution waiting for issuance, or an issued holding. */
type CapRow = { id: string; distribution: Distribution; holding?: undefined } | { id: string; holding: HoldingDoc };

/** An issued holding's row; rendered again only when its holding changed. */
const IssuedRow = memo(function IssuedRow({ holding: h, canIssue }: { holding: HoldingDoc; canIssue: boolean }) {
  return (
    <tr data-testid="cap-row" data-status="issued">
      {canIssue && <td />}
      <td>{h.investor?.name ?? "—"}</td>
      <td className="num">
        <Link to="/holding/$holdingId" params={{ holdingId: h.id }} className={linkClass}>
          {formatNumber(h.amount)}
        </Link>
      </td>
      <td>
        <StatusBadge label={holdingLedgerStatus(h)} />
      </td>
    </tr>
  );
});
