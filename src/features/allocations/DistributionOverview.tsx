// A distribution's overview card: investor, units, purchase price, paid-in capital and the status dropdown (a locked
// distribution's status cannot change).
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import { distributionStatusLabel } from "../../domain/allocations.ts";
import { paidInCapital } from "../../domain/capital.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { Card, mutedText, PendingTag, Select, Stat, StatRow, StatusBadge } from "../../ui/index.ts";
import type { Payment } from "./DistributionPayments.tsx";
import { DISTRIBUTION_STATUS_OPTIONS } from "./strings.ts";
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
      title={distribution.name ?? distribution.investor?.name ?? distribution.investor?.email ?? "Distribution"}
      actions={
        <>
          <StatusBadge label={distributionStatusLabel(distribution)} />
          <PendingTag mark={distribution._pending} />
        </>
      }
      testId="distribution-overview"
    >
      <StatRow>
        <Stat label="UNITS" value={formatNumber(distribution.amount)} />
        <Stat label="PURCHASE PRICE" value={formatMoney(distribution.purchasePrice ?? null)} />
        <Stat label="PAID IN" value={formatMoney(paid)} testId="paid-in" />
      </StatRow>
      <p className={mutedText}>
        {distribution.investor?.email} · invited{" "}
        {distribution.createdOn ? formatDate(distribution.createdOn, "MMM Do YYYY") : "on this device"}
      </p>
      <div className={css({ maxW: "xs" })}>
        <Select
          label="Status"
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
        <p
          className={mutedText}
        >{`Cannot update status on locked distribution: ${distribution.name ?? distribution.investor?.name ?? ""}`}</p>
      )}
    </Card>
  );
}
