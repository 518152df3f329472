// Allocation cap-table CSV import (spec part 2: Import Allocation, bulkAllocation; .csv only, numbers must not
// contain commas, per-row errors, all or nothing). The server applies the same rules (app_public.bulk_allocation).
import Papa from "papaparse";
import { isPositive, parseDecimal } from "./decimal.ts";

export const ALLOCATION_CSV_HEADER = ["Email", "Amount", "Contact Name"] as const;
export const ALLOCATION_CSV_EXAMPLE_PATH = "/api/v2/example/download/allocation-cap-table.csv";

export interface AllocationCsvRow {
  email: string;
  amount: string;
  name: string | null;
}

export type AllocationCsvResult = { ok: true; rows: AllocationCsvRow[] } | { ok: false; errors: string[] };

export const CSV_ONLY = "Only .csv files can be imported.";

export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PLAIN_NUMBER = /^\d+(\.\d+)?$/;

export function parseAllocationCsv(text: string): AllocationCsvResult {
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: "greedy" });
  const fields = (parsed.meta.fields ?? []).map((f) => f.trim().toLowerCase());
  if (!fields.includes("email") || !fields.includes("amount")) {
    return { ok: false, errors: [`The file needs the columns ${ALLOCATION_CSV_HEADER.join(", ")}.`] };
  }
  const errors: string[] = [];
  const rows: AllocationCsvRow[] = [];
  parsed.data.forEach((raw, index) => {
    const record = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.trim().toLowerCase(), (v ?? "").trim()]));
    const line = index + 2; // the header is line 1
    const email = record.email ?? "";
    const amount = record.amount ?? "";
    if (!email) errors.push(`Row ${line}: Email is required.`);
    else if (!EMAIL.test(email)) errors.push(`Row ${line}: Please enter a valid email address.`);
    if (!amount) errors.push(`Row ${line}: Amount is required.`);
    else if (amount.includes(",")) errors.push(`Row ${line}: Numbers must not contain commas.`);
    else if (!PLAIN_NUMBER.test(amount) || !isPositive(parseDecimal(amount) ?? parseDecimal("0")!))
      errors.push(`Row ${line}: Amount must be greater than 0.`);
    rows.push({ email, amount, name: record["contact name"] || null });
  });
  if (rows.length === 0 && errors.length === 0) errors.push("The file has no rows.");
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}
