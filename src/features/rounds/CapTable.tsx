// The round's cap table: issued holdings ('Issued', or the chain they are on when it is not the product's private
// network) and closed distributions waiting for issuance ('Not Issued'; not one that came by transfer: the server never
// issues it, its units arrive by the transfer's approval).
// Editors select closed distributions and Issue them (makeTaRequestDistributionIssuances: each becomes a holding
// with a transaction and ledger entries). Zero, negative and allocation-owned entries are left out.
import { Link } from "@tanstack/react-router";
import { memo, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import type { HoldingDoc } from "../../data/models/index.ts";
import { capTableHoldings, isByTransfer, stakeholderSummary } from "../../domain/allocations.ts";
import { isPositive, parseDecimal } from "../../domain/decimal.ts";
import { formatNumber } from "../../domain/format.ts";
import { HiddenHeader } from "../../ui/HiddenHeader.tsx";
import {
  Button,
  Card,
  Checkbox,
  linkClass,
  mutedText,
  Stat,
  StatRow,
  StatusBadge,
  SyncMark,
  tableClass,
  tableScroll,
  toast,
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
      {issued.length === 0 && issuable.length === 0 ? (
        <p className={mutedText}>{CAP_TABLE_TEXT.none}</p>
      ) : (
        <div className={tableScroll}>
          <table className={tableClass}>
            <thead>
              <tr>
                {canIssue && <HiddenHeader>{CAP_TABLE_TEXT.selectColumn}</HiddenHeader>}
                <th>{ROUND_TEXT.investor}</th>
                <th className="num">{ROUND_TEXT.units}</th>
                <th>{ROUND_TEXT.status}</th>
              </tr>
            </thead>
            <tbody>
              {issuable.map((d) => (
                <tr key={d.id} data-testid="cap-row" data-status="not-issued">
                  {canIssue && (
                    <td>
                      <Checkbox
                        checked={picked.has(d.id)}
                        onChange={(on) => {
                          const next = new Set(picked);
                          if (on) next.add(d.id);
                          else next.delete(d.id);
                          setPicked(next);
                        }}
                      >
                        <span className={css({ srOnly: true })}>
                          {CAP_TABLE_TEXT.select(d.investor?.name ?? d.name ?? "")}
                        </span>
                      </Checkbox>
                    </td>
                  )}
                  <td>{d.investor?.name ?? d.name}</td>
                  <td className="num">{formatNumber(d.amount)}</td>
                  <td>
                    <StatusBadge label={CAP_TABLE_TEXT.notIssued} /> <SyncMark mark={d._pending} />
                  </td>
                </tr>
              ))}
              {issued.map((h) => (
                <IssuedRow key={h.id} holding={h} canIssue={canIssue} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

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
