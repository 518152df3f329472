// Every CSV the product writes goes through this module: the server's downloads (sync/http/reports.ts,
// sync/http/examples.ts), the device's offline reports (src/domain/reports.ts) and the grids' Export
// (src/ui/DataGrid.tsx, GRID_CSV_EXPORT_PARAMS). tests/server/csv-writers.test.ts fails when a new writer bypasses it.
//
// Formula injection (OWASP "CSV Injection"): a spreadsheet evaluates a cell that starts with =, +, -, @ (or their
// full-width forms ＝ ＋ － ＠, which some spreadsheet apps fold to ASCII), and tab, carriage return or line feed
// can hide such a start. Such a cell gets a single quote in front, so the spreadsheet shows it as text:
// "=HYPERLINK(...)" -> "'=HYPERLINK(...)", "-2+3" -> "'-2+3", "-1+1+cmd|' /C calc'!A0" -> "'-1+1+cmd|...". Leading
// blanks before such a character count too (" =1+1" -> "' =1+1").
//
// Figures stay figures: a cell that is exactly a number as the product writes numbers - an optional minus, an
// optional "$", digits (optionally grouped by commas in threes), an optional decimal part, an optional "%"
// ("-5", "-1.25", "-$1,234.50", "-12.5%") - is written as it is. None of these can call anything: a formula
// needs an operator or a name after its first character, and this pattern allows neither.
//
// Then RFC 4180: a cell holding a comma, a double quote, CR or LF is quoted with its quotes doubled. Lines end in
// CRLF, the file ends with one.

/** The Content-Type of every CSV the product sends or saves. */
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";
/** What a file chooser for a CSV accepts. */
export const CSV_FILE_ACCEPT = ".csv,text/csv";

/** Text that came out of toCsv (the only way to make one), so a download cannot be fed a hand-built CSV. */
export type CsvText = string & { readonly __csv: unique symbol };

const FIGURE = /^-?\$?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?%?$/;
const HAS_DIGIT = /\d/;
// A control character that can start a formula in hiding, or a trigger after optional blanks.
const TRIGGER = /^(?:[\t\r\n]|[\s\u00a0\u3000\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

/** True when the text is a plain figure ("-5", "-1.25", "-$1,234.50", "12.5%") that is written unchanged. */
function isPlainFigure(text: string): boolean {
  return FIGURE.test(text) && HAS_DIGIT.test(text);
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  return String(value);
}

/** The one neutralising function: a cell's text as a spreadsheet will show it, never as a formula. */
export function neutraliseCsvCell(value: unknown): string {
  const text = asText(value);
  if (isPlainFigure(text)) return text;
  return TRIGGER.test(text) ? `'${text}` : text;
}

/** A neutralised cell quoted for CSV (RFC 4180). */
export function csvField(value: unknown): string {
  const safe = neutraliseCsvCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole CSV file: the header, then one line per row, every cell through csvField. */
export function toCsv(header: readonly unknown[], rows: readonly (readonly unknown[])[]): CsvText {
  return `${[header, ...rows].map((line) => line.map(csvField).join(",")).join("\r\n")}\r\n` as CsvText;
}

// AG Grid's export (structural types, so this module needs no AG Grid import and runs in the server too).
interface GridCellParams {
  value: unknown;
  column: { getColDef(): { useValueFormatterForExport?: boolean } };
  formatValue: (value: unknown) => string;
}
interface GridHeaderParams<Column = unknown> {
  column: Column;
  api: { getDisplayNameForColumn(column: Column, location: "csv"): string };
}

/**
 * processCellCallback for the grids: the value as the grid's Export would write it (its valueFormatter unless the
 * column says otherwise), neutralised. AG Grid quotes every cell itself.
 */
export function gridCsvCell(params: GridCellParams): string {
  const shown =
    params.column.getColDef().useValueFormatterForExport === false ? params.value : params.formatValue(params.value);
  return neutraliseCsvCell(shown);
}

/** processHeaderCallback for the grids: the column's header text, neutralised. */
export function gridCsvHeader<Column>(params: GridHeaderParams<Column>): string {
  return neutraliseCsvCell(params.api.getDisplayNameForColumn(params.column, "csv"));
}

/** What every AG Grid CSV export is given (DataGrid passes it to exportDataAsCsv and as defaultCsvExportParams). */
export const GRID_CSV_EXPORT_PARAMS = {
  processCellCallback: gridCsvCell,
  processHeaderCallback: gridCsvHeader,
} as const;

/** A Blob of CSV text, for the device's saved files. */
export function csvBlob(text: CsvText): Blob {
  return new Blob([text], { type: CSV_CONTENT_TYPE });
}

/**
 * How many cells of a read row hold something: up to its last non-blank cell. Spreadsheets write trailing
 * separators ("Ada,a@x.io,,") under a shorter header; those empty cells are no extra cells, a filled one is.
 */
export function filledCells(cells: readonly unknown[]): number {
  let count = cells.length;
  while (count > 0 && String(cells[count - 1] ?? "").trim() === "") count -= 1;
  return count;
}
