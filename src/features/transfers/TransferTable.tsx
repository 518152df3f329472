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
import { HiddenHeader } from "../../ui/HiddenHeader.tsx";
import {
  Button,
  FormDialog,
  fullRow,
  ScrollRegion,
  StatusBadge,
  SyncMark,
  TextField,
  tableClass,
  toast,
} from "../../ui/index.ts";
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
  if (rows.length === 0) return <p className={css({ color: "fg.muted", fontSize: "sm" })}>{TRANSFERS_TEXT.none}</p>;
  return (
    <>
      <ScrollRegion label={label}>
        <table className={tableClass} data-testid={testId}>
          <thead>
            <tr>
              <th>{TRANSFERS_TEXT.requestedOn}</th>
              <th>{TRANSFERS_TEXT.from}</th>
              <th>{TRANSFERS_TEXT.to}</th>
              <th className="num">{TRANSFERS_TEXT.unitsColumn}</th>
              <th className="num">{TRANSFERS_TEXT.price}</th>
              <th>{TRANSFERS_TEXT.status}</th>
              <HiddenHeader>{TRANSFERS_TEXT.actions}</HiddenHeader>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
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
            })}
          </tbody>
        </table>
      </ScrollRegion>
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
