// Allocation cap-table CSV import (spec part 2: Import Allocation, bulkAllocation; .csv only, numbers must not
// contain commas, per-row errors, all or nothing). The server applies the same rules (app_public.bulk_allocation).
import Papa from "papaparse";
import { filledCells } from "./csv.ts";
import { isPositive, parseDecimal } from "./decimal.ts";

/**
 * Rows per bulkAllocation command: the device sends a file as commands of this many rows (each its own outbox
 * command and idempotency key, all or nothing on the server), so a 10,000-row file shows its progress and a
 * dropped answer resends one chunk, not the file.
 */
export const IMPORT_CHUNK_ROWS = 500;

/** The rows in chunks of `size` (the last one shorter), in file order. */
export function importChunks<T>(rows: readonly T[], size = IMPORT_CHUNK_ROWS): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

const ALLOCATION_CSV_HEADER = ["Email", "Amount", "Contact Name"] as const;
export const ALLOCATION_CSV_EXAMPLE_PATH = "/api/v2/example/download/allocation-cap-table.csv";

interface AllocationCsvRow {
  /** Record of the file (the header is row 1, blank lines counted), so the server names the same row. */
  row: number;
  email: string;
  amount: string;
  name: string | null;
}

type AllocationCsvResult = { ok: true; rows: AllocationCsvRow[] } | { ok: false; errors: string[] };

export const CSV_ONLY = "Only .csv files can be imported.";

export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PLAIN_NUMBER = /^\d+(\.\d+)?$/;

const DUPLICATE_EMAIL = "This email appears more than once in the file.";
const extraCells = (cells: number, header: number) => `The row has ${cells} cells but the header has ${header}.`;

const cellText = (cell: unknown) => (typeof cell === "string" ? cell : String(cell ?? "")).trim();

/**
 * Reads an allocation CSV (text already decoded: src/domain/text-file.ts). Every problem names its row ("Row 3: ..."):
 * more cells than the header, a missing or bad email or amount, an email that appears twice (letter case ignored),
 * a quote that is never closed. Blank lines are skipped but counted, like the contacts import.
 */
export function parseAllocationCsv(text: string): AllocationCsvResult {
  const parsed = Papa.parse<unknown[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const records = parsed.data.map((cells) => (Array.isArray(cells) ? cells.map(cellText) : []));
  const header = (records[0] ?? []).map((cell) => cell.toLowerCase());
  const emailColumn = header.indexOf("email");
  const amountColumn = header.indexOf("amount");
  const nameColumn = header.indexOf("contact name");
  if (emailColumn < 0 || amountColumn < 0) {
    return { ok: false, errors: [`The file needs the columns ${ALLOCATION_CSV_HEADER.join(", ")}.`] };
  }
  const errors: string[] = [];
  const rows: AllocationCsvRow[] = [];
  const seen = new Set<string>();
  const broken = new Set(
    parsed.errors.filter((e) => e.type === "Quotes" && typeof e.row === "number").map((e) => (e.row ?? 0) + 1),
  );
  records.forEach((cells, index) => {
    const line = index + 1;
    if (index === 0 || cells.every((cell) => cell === "")) return;
    const problems: string[] = [];
    if (broken.has(line)) problems.push("A quoted cell is never closed.");
    if (filledCells(cells) > header.length) problems.push(extraCells(filledCells(cells), header.length));
    const email = cells[emailColumn] ?? "";
    const amount = cells[amountColumn] ?? "";
    if (!email) problems.push("Email is required.");
    else if (!EMAIL.test(email)) problems.push("Please enter a valid email address.");
    else if (seen.has(email.toLowerCase())) problems.push(DUPLICATE_EMAIL);
    if (email) seen.add(email.toLowerCase());
    if (!amount) problems.push("Amount is required.");
    else if (amount.includes(",")) problems.push("Numbers must not contain commas.");
    else if (!PLAIN_NUMBER.test(amount) || !isPositive(parseDecimal(amount) ?? parseDecimal("0")!))
      problems.push("Amount must be greater than 0.");
    for (const problem of problems) errors.push(`Row ${line}: ${problem}`);
    rows.push({ row: line, email, amount, name: (nameColumn >= 0 ? cells[nameColumn] : "") || null });
  });
  if (rows.length === 0 && errors.length === 0) errors.push("The file has no rows.");
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}
