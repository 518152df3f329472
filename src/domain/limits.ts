// The database's bounds on text and dates, for the client's inputs and forms (the same limits and texts as
// sync/database/schema/20_input_bounds.sql and 30_text_limits.sql, so a form refuses before queueing what the
// server would refuse after). Quantities: quantityError in ./decimal.ts.
import * as v from "valibot";

/** Maximum lengths of text fields, by the kind of text (app_private.text_limit). */
export const TEXT_LIMITS = {
  /** names, statuses, codes, address lines: everything not listed below */
  name: 200,
  /** e-mail addresses (RFC 5321) */
  email: 254,
  /** URLs and links (dataroom, offering links, account URL) */
  url: 2000,
  /** notes, annotations, descriptions, custom field values */
  note: 5000,
  /** token name and symbol (spec part 2 section 5) */
  token: 40,
  /** Twitter handle (spec part 1 section 9) */
  twitterHandle: 15,
  phone: 40,
} as const;

/** The server's message for a text over its limit ('Name must be at most 200 characters.'), or null. */
export function textLengthError(text: string | null | undefined, label: string, max: number): string | null {
  return text && characterCount(text) > max ? `${label} must be at most ${max} characters.` : null;
}

/** The database's length limit on a text field, as a form check ('Name must be at most 200 characters.'). */
export const maxText = (label: string, max: number) =>
  v.check((text: string) => textLengthError(text, label, max) === null, `${label} must be at most ${max} characters.`);

/** Characters as PostgreSQL counts them (code points), not UTF-16 units: an emoji is one. */
export function characterCount(text: string): number {
  return [...text].length;
}

export const DATE_RANGE_MESSAGE = "Enter a valid date between 01/01/1900 and 12/31/2199.";

/** A form's day ("2026-03-05") or timestamp outside 1900..2199, or not a date at all: the server's message. */
export function dateRangeError(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = value.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(new Date(value).getTime())) return DATE_RANGE_MESSAGE;
  return day < "1900-01-01" || day > "2199-12-31" ? DATE_RANGE_MESSAGE : null;
}
