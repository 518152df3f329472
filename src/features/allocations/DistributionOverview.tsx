// A distribution's overview card: investor, units, purchase price, paid-in capital and the status dropdown (a locked
// distribution's status cannot change), and Delete: removing the investor from the distribution after the spec's
// confirmation, offered while nothing was issued or paid (the server refuses otherwise, with the same reason).
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import { distributionStatusLabel } from "../../domain/allocations.ts";
import { paidInCapital } from "../../domain/capital.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import {
  Button,
  Card,
  ConfirmDialog,
  mutedText,
  Select,
  Stat,
  StatRow,
  StatusBadge,
  SyncMark,
} from "../../ui/index.ts";
import type { Payment } from "./DistributionPayments.tsx";
import { DISTRIBUTION_STATUS_OPTIONS, DISTRIBUTION_TEXT } from "./strings.ts";

import type { Distribution } from "./use-allocation.ts";

/** Why the investor cannot be removed any more (null while nothing was issued or paid). */
export function deleteBlocked(distribution: Distribution, name: string): string | null {
  const issued = Boolean(distribution.locked) || ["requested", "issued"].includes(distribution.issuanceStatus ?? "");
  if (issued) return DISTRIBUTION_TEXT.cannotDeleteIssued(name);
  const payments = (distribution.payments ?? []) as Payment[];
  if (payments.some((payment) => payment.status === "paid" || payment.status === "refunded")) {
    return DISTRIBUTION_TEXT.cannotDeletePaid(name);
  }
  return null;
}

export function Overview({
  distribution,
  canEdit,
  canDelete,
  locked,
}: {
  distribution: Distribution;
  canEdit: boolean;
  /** The allocation's editor (issuer or broker owning it, not a viewer). */
  canDelete: boolean;
  locked: boolean;
}) {
  const command = useCommand();
  const [confirming, setConfirming] = useState(false);
  const paid = distribution.paidInCapital ?? paidInCapital((distribution.payments ?? []) as Payment[]);
  const name = distribution.investor?.name ?? distribution.name ?? distribution.investor?.email ?? "";
  const blocked = deleteBlocked(distribution, name);
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
      {canDelete && (
        <div className={css({ display: "flex", gap: "3", alignItems: "center", flexWrap: "wrap" })}>
          <Button
            size="sm"
            variant="outline"
            disabled={blocked !== null || Boolean(distribution._pending?.created)}
            onClick={() => setConfirming(true)}
            aria-label={DISTRIBUTION_TEXT.deleteInvestorLabel(name)}
            data-testid="distribution-delete"
          >
            {DISTRIBUTION_TEXT.delete}
          </Button>
          {blocked && <span className={mutedText}>{blocked}</span>}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={DISTRIBUTION_TEXT.deleteInvestorTitle}
          description={MESSAGES.confirmDeleteFromDistribution.replace("{name}", name)}
          cancelLabel={DISTRIBUTION_TEXT.cancel}
          confirmLabel={DISTRIBUTION_TEXT.delete}
          confirmTestId="distribution-delete-confirm"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            void command("deleteDistributionById", { input: { id: distribution.id } });
            setConfirming(false);
          }}
        />
      )}
    </Card>
  );
}
