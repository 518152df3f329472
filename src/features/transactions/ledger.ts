// Transactions as the screens show them (spec part 1 section 2.12): pure helpers over replica documents.

import { TRANSACTIONS_TEXT } from "./strings.ts";

interface LedgerEntry {
  id: string;
  amount: string;
  investorId: string | null;
  holdingId: string | null;
  createdOn: string | null;
}

/** The first 8 characters of an id (breadcrumbs, narrow cells). */
export const shortId = (id: string) => id.slice(0, 8);

export { paidOn } from "../dashboard/index.ts";

export function ledgerEntries(transaction: { ledgerEntries?: readonly unknown[] | null }): LedgerEntry[] {
  return (transaction.ledgerEntries ?? []).flatMap((raw) => {
    const entry = raw as Record<string, unknown> | null;
    if (!entry || typeof entry.id !== "string") return [];
    return [
      {
        id: entry.id,
        amount: String(entry.amount ?? "0"),
        investorId: typeof entry.investorId === "string" ? entry.investorId : null,
        holdingId: typeof entry.holdingId === "string" ? entry.holdingId : null,
        createdOn: typeof entry.createdOn === "string" ? entry.createdOn : null,
      },
    ];
  });
}

/** "SANCTIONED BY": the broker's name, or "Unknown" when there is none or it is not on the device. */
export function sanctionedBy(brokerId: string | null | undefined, names: ReadonlyMap<string, string>): string {
  return (brokerId && names.get(brokerId)) || TRANSACTIONS_TEXT.unknown;
}
