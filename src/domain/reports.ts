// The two downloadable reports (Cap Table and Contacts) as CSV text. The server makes them from the database
// online (sync/http/reports.ts); the device makes the same files from its replicas offline. Same columns, same
// order, exact decimal strings; written by toCsv (src/domain/csv.ts), which neutralises spreadsheet formulas.
import { type CsvText, toCsv } from "./csv.ts";

/** Who holds what, how many and at what price: the first columns of the cap table and of the register's purchasers. */
export const HOLDING_COLUMNS = [
  "Investor",
  "Investor Email",
  "Asset",
  "Round",
  "Security",
  "Units",
  "Purchase Price",
] as const;
export const CAP_TABLE_COLUMNS = [...HOLDING_COLUMNS, "Issued On"] as const;
export const CONTACTS_COLUMNS = ["Contact Name", "Account Name", "Email"] as const;

export interface CapTableLine {
  investor: string;
  investorEmail: string;
  asset: string;
  round: string;
  security: string;
  units: string;
  purchasePrice: string;
  issuedOn: string;
}

export interface ContactLine {
  contactName: string;
  accountName: string;
  email: string;
}

function csv(header: readonly string[], lines: readonly (readonly string[])[]): CsvText {
  return toCsv(header, lines);
}

export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A line's cells under HOLDING_COLUMNS. */
export const holdingCells = (l: CapTableLine): string[] => [
  l.investor,
  l.investorEmail,
  l.asset,
  l.round,
  l.security,
  l.units,
  l.purchasePrice,
];

export function capTableCsv(lines: readonly CapTableLine[]): CsvText {
  const sorted = [...lines].sort(
    (a, b) =>
      byText(a.asset, b.asset) ||
      byText(a.round, b.round) ||
      byText(a.investor, b.investor) ||
      byText(a.issuedOn, b.issuedOn),
  );
  return csv(
    CAP_TABLE_COLUMNS,
    sorted.map((l) => [...holdingCells(l), l.issuedOn]),
  );
}

export function contactsCsv(lines: readonly ContactLine[]): CsvText {
  const sorted = [...lines].sort((a, b) => byText(a.email.toLowerCase(), b.email.toLowerCase()));
  return csv(
    CONTACTS_COLUMNS,
    sorted.map((l) => [l.contactName, l.accountName, l.email]),
  );
}

/** issued_on as a calendar day (yyyy-MM-dd, UTC) so server and device write the same text. */
export function reportDay(value: string | null | undefined): string {
  return value ? new Date(value).toISOString().slice(0, 10) : "";
}
