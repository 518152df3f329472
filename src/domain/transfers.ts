// Transfers between holders (docs/TRANSFERS.md): the holder's request form checked with the server's own texts
// (request_transfer, sync/database/transfers/10_transfers.sql), the units a holding has left to transfer (its
// amount less the units of its open requests) and the words for a request's reason and status. Pure: no React, no
// RxDB; exact decimals throughout.
import { compare, dec, toString as decimalText, isPositive, parseDecimal, quantityError, sub, sum } from "./decimal.ts";
import { MESSAGES } from "./messages.ts";

export const TRANSFER_REASONS = ["sale", "gift", "estate", "other"] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number];

export const TRANSFER_REASON_LABELS: Record<TransferReason, string> = {
  sale: "Sale",
  gift: "Gift",
  estate: "Estate",
  other: "Other",
};

export const TRANSFER_STATUS_LABELS: Record<string, string> = {
  open: "Waiting for the issuer",
  approved: "Approved",
  rejected: "Rejected",
  cancelled: "Cancelled",
  /** a request this device queued that the server refused (never stored) */
  refused: "Refused",
};

/** The server's texts the form gives before queueing (the same words, so a refusal reads the same either way). */
export const TRANSFER_TEXT = {
  unitsRequired: "Units are required.",
  unitsPositive: "Units to transfer must be greater than 0.",
  available: (units: string) => `This holding has ${units} units available to transfer.`,
  reasonRequired: "Choose a reason: sale, gift, estate or other.",
  priceRequired: "A sale needs a price per unit.",
  transfereeRequired: "Choose who receives the units.",
  rejectReasonRequired: "A reason is required to reject a transfer.",
} as const;

/** The server's download of an approved transfer's confirmation statement (sync/transfers/routes.ts). */
export const TRANSFER_CONFIRMATION_PATH = "/api/v2/transfers/{transferId}/confirmation.pdf";
export const transferConfirmationPath = (transferId: string) =>
  TRANSFER_CONFIRMATION_PATH.replace("{transferId}", encodeURIComponent(transferId));

/** One of a transfer request's documents (sync/http/uploads.ts), to whoever reads the request. */
export const transferDocumentPath = (transferId: string, key: string) =>
  `/api/v2/documents/transfers/${encodeURIComponent(transferId)}/${encodeURIComponent(key)}`;

/**
 * Whether a holding's tokens are still on their way on a chain (a mint or an incoming transfer signed, not yet in a
 * block: an address `pending`, as transfer_chain_plan asks): the server refuses to move such a holding until the
 * chain records them, so the screen does not offer it. A holding whose tokens are on the chain is offered: its
 * transfer moves them too, and the server says why when its chain cannot.
 */
export function tokensOnTheirWay(addresses: readonly unknown[] | null | undefined): boolean {
  return (addresses ?? []).some(
    (address) =>
      typeof address === "object" && address !== null && (address as { status?: unknown }).status === "pending",
  );
}

/** A security's transfer rules as the server keeps them (transfer_rules). */
export interface TransferRules {
  lockupEndsOn: string | null;
  minimumHoldingDays: number | null;
  firstRefusalDays: number | null;
  transfereeQualificationRequired: boolean;
}

/** The rules in words for the holder, before asking ([] when the security has none). */
export function transferRulesText(rules: TransferRules | null | undefined): string[] {
  if (!rules) return [];
  const lines: string[] = [];
  if (rules.lockupEndsOn) {
    const [year, month, day] = rules.lockupEndsOn.slice(0, 10).split("-");
    lines.push(`Locked up until ${month}/${day}/${year}.`);
  }
  if (rules.minimumHoldingDays) lines.push(`Units must be held for ${rules.minimumHoldingDays} days after issue.`);
  if (rules.firstRefusalDays) lines.push(`The issuer may decline a request within ${rules.firstRefusalDays} days.`);
  if (rules.transfereeQualificationRequired) lines.push("The transferee must complete onboarding first.");
  return lines;
}

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The units of a holding not yet promised to an open request (never below 0). */
export function availableUnits(
  amount: string,
  requests: readonly { units: string; status: string; holdingId?: string }[],
): string {
  const open = sum(requests.filter((r) => r.status === "open").map((r) => parseDecimal(r.units) ?? dec(0)));
  const left = sub(parseDecimal(amount) ?? dec(0), open);
  return decimalText(compare(left, dec(0)) < 0 ? dec(0) : left);
}

export interface TransferForm {
  /** as typed */
  units: string;
  transfereeEmail: string;
  reason: string;
  pricePerUnit: string;
}

export type TransferErrors = Partial<Record<keyof TransferForm, string>>;

export type TransferCheck =
  | {
      ok: true;
      units: string;
      transfereeEmail: string;
      reason: TransferReason;
      pricePerUnit: string | null;
    }
  | { ok: false; errors: TransferErrors };

/** The request form's values, or the field errors the server would give (`available`: availableUnits). */
export function checkTransferRequest(form: TransferForm, available: string): TransferCheck {
  const errors: TransferErrors = {};
  const unitsText = form.units.trim();
  const units = unitsText === "" ? null : parseDecimal(unitsText);
  if (unitsText === "") errors.units = TRANSFER_TEXT.unitsRequired;
  else if (quantityError(unitsText, "units", { allowNegative: true }))
    errors.units = quantityError(unitsText, "units", { allowNegative: true }) ?? undefined;
  else if (!units || !isPositive(units)) errors.units = TRANSFER_TEXT.unitsPositive;
  else if (compare(units, parseDecimal(available) ?? dec(0)) > 0) errors.units = TRANSFER_TEXT.available(available);

  const email = form.transfereeEmail.trim();
  if (email === "") errors.transfereeEmail = TRANSFER_TEXT.transfereeRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.transfereeEmail = MESSAGES.invalidEmail;

  const reason = TRANSFER_REASONS.find((r) => r === form.reason);
  if (!reason) errors.reason = TRANSFER_TEXT.reasonRequired;

  const priceText = form.pricePerUnit.trim();
  const price = priceText === "" ? null : parseDecimal(priceText);
  if (priceText !== "" && quantityError(priceText, "price"))
    errors.pricePerUnit = quantityError(priceText, "price") ?? "";
  else if (reason === "sale" && price === null) errors.pricePerUnit = TRANSFER_TEXT.priceRequired;

  if (Object.keys(errors).length > 0 || !units || !reason) return { ok: false, errors };
  return {
    ok: true,
    units: decimalText(units),
    transfereeEmail: email,
    reason,
    pricePerUnit: price ? decimalText(price) : null,
  };
}
