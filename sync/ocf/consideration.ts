// A transfer's consideration in OCF's words (TX_STOCK_TRANSFER.consideration_text) and back: the export writes the
// reason and price an approval recorded, the import reads them again, so a round trip keeps both.

export type TransferReason = "sale" | "gift" | "estate" | "other";

const WORDS: Record<TransferReason, string> = { sale: "Sale", gift: "Gift", estate: "Estate", other: "Other" };

/** "Sale at 0.75 USD per share.", "Gift." (the price is numeric text, never a JavaScript number). */
export function considerationText(reason: string | null, pricePerUnit: string | null): string | null {
  const word = WORDS[reason as TransferReason];
  if (!word) return null;
  return pricePerUnit ? `${word} at ${pricePerUnit} USD per share.` : `${word}.`;
}

/** The reason and price of a consideration text this export wrote; another platform's free text is "other". */
export function parseConsideration(text: string | null): { reason: TransferReason; pricePerUnit: string | null } {
  const match = /^(Sale|Gift|Estate|Other)(?: at (\d+(?:\.\d+)?) USD per share)?\.$/.exec(text?.trim() ?? "");
  if (!match) return { reason: "other", pricePerUnit: null };
  const reason = (Object.entries(WORDS).find(([, w]) => w === match[1])?.[0] ?? "other") as TransferReason;
  return { reason, pricePerUnit: match[2] ?? null };
}
