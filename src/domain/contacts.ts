// Contacts (spec part 1 sections 2.10 and 5): the form's rules, who may change the list, and the CSV import's
// parsing and row checks. The server runs the same checks (sync/database/contacts/10_contacts.sql) with the same texts,
// so a file the device accepts offline is one the server accepts, and the device names bad rows with no network.
import Papa from "papaparse";
import * as v from "valibot";
import { canWrite } from "./access.ts";
import type { AccountRole, AccountType } from "./accounts.ts";
import { filledCells } from "./csv.ts";
import { maxText, TEXT_LIMITS } from "./limits.ts";
import { MESSAGES } from "./messages.ts";

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const ContactSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(MESSAGES.contactNameRequired), maxText("Name", TEXT_LIMITS.name)),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(MESSAGES.emailRequired),
    v.regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
    maxText("Email", TEXT_LIMITS.email),
  ),
});
type ContactInput = v.InferOutput<typeof ContactSchema>;

export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

/** The trimmed contact, or the first message of each bad field. */
export function checkContact(input: {
  name: string;
  email: string;
}): { ok: true; value: ContactInput } | { ok: false; errors: ContactErrors } {
  const result = v.safeParse(ContactSchema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: ContactErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as keyof ContactInput | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** The first problem of a contact's fields, in the server's order (name, then email), or null. */
function contactProblem(input: { name: string; email: string }): string | null {
  const checked = checkContact(input);
  if (checked.ok) return null;
  return checked.errors.name ?? checked.errors.email ?? null;
}

/** Import and editing are for issuer and broker owners and admins (not viewers, not agent, ats or admin accounts). */
export function canEditContacts(type: AccountType | null | undefined, role: AccountRole | null | undefined): boolean {
  return (type === "issuer" || type === "broker") && canWrite(role);
}

/** What a row of the contact list shows: the contact's own name, else the investor account's contact name. */
export function contactRow(customer: {
  name?: string | null;
  email: string;
  investor?: { name?: string | null; contactName?: string | null } | null;
}): { contactName: string; accountName: string; email: string } {
  return {
    contactName: customer.name?.trim() || customer.investor?.contactName?.trim() || "",
    accountName: customer.investor?.name ?? "",
    email: customer.email,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// CSV import

/** The example file's header (GET /api/v2/example/download/contacts.csv serves the same columns). */
const CONTACTS_CSV_HEADER = ["Contact Name", "Email"] as const;
const CONTACTS_IMPORT_LIMIT = 5000;

export interface ImportRow {
  /** Line of the file (the header is line 1). */
  row: number;
  name: string;
  email: string;
}

interface ParsedContacts {
  rows: ImportRow[];
  /** Problems with the file itself (no header, missing columns): nothing can be imported. */
  fileError: string | null;
  /** Rows the file itself gets wrong ("Row 3: The row has 3 cells but the header has 2."), as the server words them. */
  rowErrors: string[];
}

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, "");
const NAME_HEADERS = new Set(["contactname", "name", "fullname"]);
const EMAIL_HEADERS = new Set(["email", "emailaddress", "contactemail"]);

/**
 * Reads a contacts CSV, text already decoded (src/domain/text-file.ts): a header row naming a contact name and an email
 * column; blank lines ignored but counted; a row with more cells than the header is named in rowErrors (the server's
 * app_private.contacts_from_csv refuses the same rows with the same text).
 */
export function parseContactsCsv(text: string): ParsedContacts {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const lines = parsed.data;
  const header = (lines[0] ?? []).map((cell) => headerKey(String(cell ?? "")));
  const nameColumn = header.findIndex((key) => NAME_HEADERS.has(key));
  const emailColumn = header.findIndex((key) => EMAIL_HEADERS.has(key));
  if (nameColumn < 0 || emailColumn < 0) {
    return {
      rows: [],
      fileError: `The file needs a header row with the columns ${CONTACTS_CSV_HEADER.join(" and ")}.`,
      rowErrors: [],
    };
  }
  const rows: ImportRow[] = [];
  const rowErrors: string[] = [];
  lines.slice(1).forEach((cells, index) => {
    if (!Array.isArray(cells) || cells.every((cell) => String(cell ?? "").trim() === "")) return;
    if (filledCells(cells) > header.length) {
      rowErrors.push(`Row ${index + 2}: The row has ${filledCells(cells)} cells but the header has ${header.length}.`);
    }
    rows.push({
      row: index + 2,
      name: String(cells[nameColumn] ?? "").trim(),
      email: String(cells[emailColumn] ?? "").trim(),
    });
  });
  if (rows.length === 0) return { rows, fileError: "The file has no contacts.", rowErrors };
  if (rows.length > CONTACTS_IMPORT_LIMIT) {
    return { rows, fileError: `At most ${CONTACTS_IMPORT_LIMIT} contacts can be imported at once.`, rowErrors };
  }
  return { rows, fileError: null, rowErrors };
}

/**
 * Every bad row of an import, as the server words it ("Row 3: Email is required."): field problems, an email twice in
 * the file, an email already in the contact list (`existingEmails`, compared without case).
 */
export function importRowErrors(rows: readonly ImportRow[], existingEmails: Iterable<string>): string[] {
  const existing = new Set([...existingEmails].map((email) => email.trim().toLowerCase()));
  const seen = new Set<string>();
  const errors: string[] = [];
  for (const row of rows) {
    let problem = contactProblem(row);
    if (!problem) {
      const key = row.email.trim().toLowerCase();
      if (seen.has(key)) problem = "This email appears more than once in the file.";
      else if (existing.has(key)) problem = "A contact with this email already exists.";
      seen.add(key);
    }
    if (problem) errors.push(`Row ${row.row}: ${problem}`);
  }
  return errors;
}
