// A distribution's overview card: investor, units, purchase price, paid-in capital and the status dropdown (a locked
// distribution's status cannot change).
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import { distributionStatusLabel } from "../../domain/allocations.ts";
import { paidInCapital } from "../../domain/capital.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { Card, mutedText, Select, Stat, StatRow, StatusBadge, SyncMark } from "../../ui/index.ts";
import type { Payment } from "./DistributionPayments.tsx";
import { DISTRIBUTION_STATUS_OPTIONS, DISTRIBUTION_TEXT } from "./strings.ts";

import type { Distribution } from "./use-allocation.ts";

export function Overview({
  distribution,
  canEdit,
  locked,
}: {
  distribution: Distribution;
  canEdit: boolean;
  locked: boolean;
}) {
  const command = useCommand();
  const paid = distribution.paidInCapital ?? paidInCapital((distribution.payments ?? []) as Payment[]);
  return (
    <Card
      title={
        distribution.investor?.name ?? distribution.name ?? distribution.investor?.email ?? DISTRIBUTION_TEXT.untitled
      }
      actions={
        <>
          <StatusBadge label={distributionStatusLabel(distribution)} />
          <SyncMark mark={distribution._pending} />
        </>
      }
      testId="distribution-overview"
    >
      <StatRow>
        <Stat label={DISTRIBUTION_TEXT.units} value={formatNumber(distribution.amount)} />
        <Stat label={DISTRIBUTION_TEXT.purchasePrice} value={formatMoney(distribution.purchasePrice ?? null)} />
        <Stat label={DISTRIBUTION_TEXT.paidIn} value={formatMoney(paid)} testId="paid-in" />
      </StatRow>
      <p className={mutedText}>
        {distribution.investor?.email}
        {` · ${DISTRIBUTION_TEXT.invited}`}{" "}
        {distribution.createdOn
          ? formatDate(distribution.createdOn, "MMM Do YYYY")
          : DISTRIBUTION_TEXT.invitedOnThisDevice}
      </p>
      <div className={css({ maxW: "xs" })}>
        <Select
          label={DISTRIBUTION_TEXT.status}
          name="distributionStatus"
          options={DISTRIBUTION_STATUS_OPTIONS}
          value={distribution.status}
          disabled={!canEdit}
          onChange={(status) => {
            if (!status || status === distribution.status) return;
            void command("updateDistributionById", { input: { id: distribution.id, patch: { status } } });
          }}
        />
      </div>
      {locked && (
        <p className={mutedText}>
          {DISTRIBUTION_TEXT.lockedStatus(distribution.investor?.name ?? distribution.name ?? "")}
        </p>
      )}
    </Card>
  );
}
