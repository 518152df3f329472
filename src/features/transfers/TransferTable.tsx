// A table of transfer requests (a holding's, or a security's for its issuer or transfer agent): date, from, to, units,
// price, status with its sync mark, and the actions the viewer may take on an open request: the holder cancels its
// own, the issuer's (or managing broker's, or the security's transfer agent's) owners and admins approve or reject
// with a reason, and retry a tokenized holding's transfer the chain refused (its state and reason under the status).
// Every action is a queued command; a row with a queued decision shows its mark instead of the buttons until the
// server answers.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useForm } from "../../app/use-form.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { PendingMark } from "../../data/pending.ts";
import type { Viewer } from "../../domain/access.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { TRANSFER_STATUS_LABELS, TRANSFER_TEXT, transferConfirmationPath } from "../../domain/transfers.ts";
import { Button, CardTable, FormDialog, fullRow, StatusBadge, SyncMark, TextField, toast } from "../../ui/index.ts";
import { TRANSFERS_TEXT } from "./strings.ts";
import { TransferDocuments } from "./TransferDocuments.tsx";

export interface TransferRow {
  id: string;
  requestedOn?: string | null;
  requesterId?: string;
  requesterName?: string;
  transfereeName?: string;
  units: string;
  pricePerUnit?: string | null;
  status: string;
  /** an open request the security's qualification rule holds until the transferee completes the round's onboarding */
  waitsForTransfereeOnboarding?: boolean;
  rejectionReason?: string | null;
  /** a tokenized holding's move on its chain: queued, pending, done or failed (with the chain's reason) */
  chainStatus?: string | null;
  chainFailure?: string | null;
  /** a queued command touching the row (its request, decision or cancellation) */
  mark?: PendingMark | null;
}

const linkClass = css({ color: "brand", fontSize: "sm", fontWeight: "600", textDecoration: "underline" });

export function TransferTable({
  rows,
  viewer,
  label,
  testId,
}: {
  rows: readonly TransferRow[];
  viewer: Viewer;
  /** the scrolling region's name (the card's title) */
  label: string;
  testId?: string;
}) {
  const command = useCommand();
  const online = useOnline();
  const [rejecting, setRejecting] = useState<string | null>(null);
  // the security's transfer agent decides as its issuer does (the rows it reads are of securities it is named on)
  const decides =
    (viewer.accountType === "issuer" || viewer.accountType === "broker" || viewer.accountType === "agent") &&
    viewer.canWrite;
  const approve = async (transferId: string) => {
    await command("approveTransfer", { input: { transferId } });
    toast.success(TRANSFERS_TEXT.approved);
  };
  const retry = async (transferId: string) => {
    await command("retryTransferOnChain", { input: { transferId } });
    toast.success(TRANSFERS_TEXT.retried);
  };
  const cancel = async (transferId: string) => {
    await command("cancelTransfer", { input: { transferId } });
    toast.success(TRANSFERS_TEXT.cancelled);
  };
  return (
    <>
      <CardTable
        rows={rows}
        empty={TRANSFERS_TEXT.none}
        label={label}
        testId={testId}
        headers={[
          TRANSFERS_TEXT.requestedOn,
          TRANSFERS_TEXT.from,
          TRANSFERS_TEXT.to,
          { title: TRANSFERS_TEXT.unitsColumn, num: true },
          { title: TRANSFERS_TEXT.price, num: true },
          TRANSFERS_TEXT.status,
          { title: TRANSFERS_TEXT.actions, hidden: true },
        ]}
      >
        {(row) => {
          // a decision the server refused (its reason beside the status) can be made again
          const open = row.status === "open" && (!row.mark || row.mark.status === "rejected");
          const ownRequest =
            viewer.accountType === "investor" && viewer.canWrite && row.requesterId === viewer.accountId;
          return (
            <tr key={row.id} data-testid="transfer-row">
              <td>{row.requestedOn ? formatDate(row.requestedOn, "MM/DD/YYYY") : TRANSFERS_TEXT.waiting}</td>
              <td>{row.requesterName ?? ""}</td>
              <td>{row.transfereeName ?? ""}</td>
              <td className="num">{formatNumber(row.units)}</td>
              <td className="num">{row.pricePerUnit ? formatMoney(row.pricePerUnit) : ""}</td>
              <td>
                <StatusBadge label={TRANSFER_STATUS_LABELS[row.status] ?? row.status} />
                {row.status === "open" && row.waitsForTransfereeOnboarding && (
                  <span
                    className={css({ display: "block", fontSize: "xs", color: "fg.muted" })}
                    data-testid="transfer-onboarding"
                  >
                    {TRANSFERS_TEXT.waitsForOnboarding(row.transfereeName ?? "")}
                  </span>
                )}
                {row.rejectionReason && (
                  <span className={css({ display: "block", fontSize: "xs", color: "fg.muted" })}>
                    {row.rejectionReason}
                  </span>
                )}
                {row.chainStatus && (
                  <span
                    className={css({
                      display: "block",
                      fontSize: "xs",
                      color: row.chainStatus === "failed" ? "danger" : "fg.muted",
                    })}
                    data-testid="transfer-chain-status"
                  >
                    {TRANSFERS_TEXT.chainStatus(row.chainStatus, row.chainFailure)}
                  </span>
                )}
                <SyncMark mark={row.mark} />
                <TransferDocuments transferId={row.id} synced={Boolean(row.requestedOn)} />
              </td>
              <td>
                {open && decides && (
                  <span className={css({ display: "inline-flex", gap: "2" })}>
                    <Button size="sm" onClick={() => void approve(row.id)}>
                      {TRANSFERS_TEXT.approve}
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setRejecting(row.id)}>
                      {TRANSFERS_TEXT.reject}
                    </Button>
                  </span>
                )}
                {row.status === "approved" && !row.mark && online && (
                  <a href={transferConfirmationPath(row.id)} download className={linkClass}>
                    {TRANSFERS_TEXT.confirmation}
                  </a>
                )}
                {row.chainStatus === "failed" && decides && (
                  <Button size="sm" variant="outline" onClick={() => void retry(row.id)}>
                    {TRANSFERS_TEXT.retryOnChain}
                  </Button>
                )}
                {open && ownRequest && (
                  <Button size="sm" variant="outline" onClick={() => void cancel(row.id)}>
                    {TRANSFERS_TEXT.cancelRequest}
                  </Button>
                )}
              </td>
            </tr>
          );
        }}
      </CardTable>
      {rejecting && <RejectDialog transferId={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}

function RejectDialog({ transferId, onClose }: { transferId: string; onClose: () => void }) {
  const command = useCommand();
  const form = useForm({
    initial: { reason: "" },
    check: (values) =>
      values.reason.trim() === ""
        ? { ok: false as const, errors: { reason: TRANSFER_TEXT.rejectReasonRequired } }
        : { ok: true as const, value: values.reason.trim() },
    submit: async (reason) => {
      await command("rejectTransfer", { input: { transferId, reason } });
      toast.success(TRANSFERS_TEXT.rejected);
    },
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      title={TRANSFERS_TEXT.rejectTitle}
      description={TRANSFERS_TEXT.rejectDescription}
      submitLabel={TRANSFERS_TEXT.reject}
      cancelLabel={TRANSFERS_TEXT.cancel}
      onClose={onClose}
    >
      <div className={fullRow}>
        <TextField
          label={TRANSFERS_TEXT.rejectReason}
          value={form.values.reason}
          onValueChange={form.set("reason")}
          error={form.errors.reason}
        />
      </div>
    </FormDialog>
  );
}
