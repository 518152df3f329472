// A transfer's confirmation statement (issue 32 item 1, docs/TRANSFERS.md): one page made on the server with pdf-lib,
// as the portfolio statement is (sync/portfolio/statement-pdf.ts): the security, both parties, the units, the price,
// the reason, the days it was requested and approved, and the ledger transaction that recorded it.
import { formatDate, formatMoney, formatNumber } from "../../src/domain/format.ts";
import { TRANSFER_REASON_LABELS, type TransferReason } from "../../src/domain/transfers.ts";
import { drawable, drawLine, MARGIN, newDocument, PAGE, type TextOptions, wrap } from "../pdf/document.ts";

export const CONFIRMATION_TEXT = {
  title: "Transfer confirmation",
  security: "Security",
  issuer: "Issuer",
  from: "Transferred by",
  to: "Transferred to",
  units: "Units",
  price: "Price per unit",
  noPrice: "None",
  reason: "Reason",
  requested: "Requested on",
  approved: "Approved on",
  reference: "Ledger reference",
  note:
    "The units above were moved between the two holders in the issuer's register on the approval day. Both holders " +
    "receive this confirmation.",
} as const;

export interface ConfirmedTransfer {
  id: string;
  securityName: string;
  issuerName: string;
  requesterName: string;
  transfereeName: string;
  units: string;
  pricePerUnit: string | null;
  reason: string;
  requestedOn: Date;
  decidedOn: Date;
  transactionId: string;
}

export async function confirmationPdf(transfer: ConfirmedTransfer): Promise<Uint8Array> {
  const { doc, font, bold } = await newDocument(`${CONFIRMATION_TEXT.title} ${transfer.id}`);
  const page = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const draw = (value: string, options: TextOptions = {}) => drawLine(page, y, font, value, options);
  draw(CONFIRMATION_TEXT.title, { size: 18, font: bold });
  y -= 32;
  const reason = TRANSFER_REASON_LABELS[transfer.reason as TransferReason] ?? transfer.reason;
  for (const [label, value] of [
    [CONFIRMATION_TEXT.security, transfer.securityName],
    [CONFIRMATION_TEXT.issuer, transfer.issuerName],
    [CONFIRMATION_TEXT.from, transfer.requesterName],
    [CONFIRMATION_TEXT.to, transfer.transfereeName],
    [CONFIRMATION_TEXT.units, formatNumber(transfer.units, 6)],
    [CONFIRMATION_TEXT.price, transfer.pricePerUnit ? formatMoney(transfer.pricePerUnit) : CONFIRMATION_TEXT.noPrice],
    [CONFIRMATION_TEXT.reason, reason],
    [CONFIRMATION_TEXT.requested, formatDate(transfer.requestedOn, "MM/DD/YYYY")],
    [CONFIRMATION_TEXT.approved, formatDate(transfer.decidedOn, "MM/DD/YYYY")],
    [CONFIRMATION_TEXT.reference, transfer.transactionId],
  ] as const) {
    draw(label, { font: bold, gray: true });
    draw(value, { x: MARGIN + 120 });
    y -= 17;
  }
  y -= 14;
  for (const part of wrap(drawable(font, CONFIRMATION_TEXT.note), font, 8, PAGE[0] - 2 * MARGIN)) {
    draw(part, { size: 8, gray: true });
    y -= 11;
  }
  return doc.save({ useObjectStreams: false });
}
