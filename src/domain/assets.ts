// Assets, rounds and securities (spec part 1 sections 2.7, 2.8, 5, 9): form schemas with the spec's messages, the
// patch of changed fields, sort orders and display helpers. Pure: no React, no data layer, no clock.
import * as v from "valibot";
import { compare, toString as decimalString, mul, parseDecimal, type QuantityKind, quantityError } from "./decimal.ts";
import { dateRangeError, maxText, TEXT_LIMITS } from "./limits.ts";
import { MESSAGES } from "./messages.ts";

export const STATUSES = ["drafted", "active", "closed", "stale"] as const;
type Status = (typeof STATUSES)[number];

export const STATUS_LABELS: Record<Status, string> = {
  drafted: "Drafted",
  active: "Active",
  closed: "Closed",
  stale: "Stale",
};

export function statusLabel(status: string | null | undefined): string {
  return (status && STATUS_LABELS[status as Status]) || (status ?? "");
}

// ---- inputs -------------------------------------------------------------------------------------------------------

/** Number fields accept only digits, dot and comma while typing (integers: digits and comma). */
export function numberTyping(text: string, integer = false): string {
  return text.replace(integer ? /[^\d,]/g : /[^\d.,]/g, "");
}

/** "1,000.50" -> "1000.50"; null unless a non-negative decimal. */
export function decimalInput(text: string | null | undefined): string | null {
  const cleaned = (text ?? "").trim().replaceAll(",", "");
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  const parsed = parseDecimal(cleaned);
  return parsed ? decimalString(parsed) : null;
}

/** A dataroom link: trimmed, https:// added when no scheme is given, http:// upgraded to https://. */
export function linkInput(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  if (/^http:\/\//i.test(trimmed)) return `https://${trimmed.slice(7)}`;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return `https://${trimmed}`;
  return trimmed;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** A form's calendar day ("2026-03-05") as the ISO timestamp of its local midnight (what the server stores). */
export function dayToTimestamp(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, date ?? 1).toISOString();
}

/** The local calendar day of a timestamp ("2026-03-05"), for date fields and comparisons. */
export function timestampToDay(timestamp: string | null | undefined): string | null {
  if (!timestamp) return null;
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

// ---- schemas ------------------------------------------------------------------------------------------------------

const required = (message: string, label = "Name", max: number = TEXT_LIMITS.name) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), maxText(label, max));

/** A decimal within its kind's bounds (src/domain/decimal.ts quantityError: the database's rule and text). */
const withinBounds = (kind: QuantityKind) =>
  v.check(
    (text: string) => quantityError(text, kind) === null,
    (issue) => quantityError(String(issue.input), kind) ?? "",
  );

const decimalField = (message: string, kind: QuantityKind) =>
  v.pipe(
    v.string(message),
    v.transform((text) => decimalInput(text)),
    v.string(message),
    withinBounds(kind),
  );

const day = (message: string) =>
  v.pipe(
    v.nullable(v.string(message)),
    v.string(message),
    v.isoDate(message),
    v.check(
      (text: string) => dateRangeError(text) === null,
      (issue) => dateRangeError(String(issue.input)) ?? "",
    ),
  );

const status = (message: string) => v.picklist(STATUSES, message);

export const AssetFormSchema = v.object({
  name: required(MESSAGES.assetNameRequired),
  authorizedTotal: decimalField(MESSAGES.authorizedTotalRequired, "units"),
  type: required(MESSAGES.assetTypeRequired),
  status: status(MESSAGES.assetStatusRequired),
});

const roundFields = {
  name: required(MESSAGES.roundNameRequired),
  opensOn: day(MESSAGES.opensOnRequired),
  closesOn: day(MESSAGES.closesOnRequired),
  termsUrl: v.pipe(
    v.string(MESSAGES.dataroomUrlRequired),
    v.trim(),
    v.nonEmpty(MESSAGES.dataroomUrlRequired),
    v.transform(linkInput),
    maxText("Dataroom Url", TEXT_LIMITS.url),
  ),
  price: decimalField(MESSAGES.priceRequired, "price"),
  total: decimalField(MESSAGES.totalRequired, "units"),
  status: status(MESSAGES.roundStatusRequired),
  /** The linked security's latest price per unit (edit only; empty = unchanged). */
  unitValue: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => (text.trim() === "" ? null : decimalInput(text))),
      v.check(
        (text) => quantityError(text, "price") === null,
        (issue) => quantityError(issue.input as string | null, "price") ?? "",
      ),
    ),
  ),
};

const RoundFormSchema = v.object(roundFields);

const DebtRoundFormSchema = v.object({
  ...roundFields,
  coupon: decimalField(MESSAGES.couponRequired, "percent"),
  term: v.pipe(
    decimalField(MESSAGES.termRequired, "years"),
    v.check((term) => (parseDecimal(term)?.units ?? 0n) > 0n, MESSAGES.termRequired),
  ),
});

interface RoundFormInput {
  name: string;
  opensOn: string | null;
  closesOn: string | null;
  termsUrl: string;
  price: string;
  total: string;
  status: string;
  unitValue?: string;
  coupon?: string;
  term?: string;
}
type RoundFormOutput = v.InferOutput<typeof RoundFormSchema> & { coupon?: string; term?: string };

export const SecurityFormSchema = v.object({
  name: required(MESSAGES.securityNameRequired),
  total: decimalField(MESSAGES.totalRequired, "units"),
  symbol: v.pipe(v.string(), v.trim(), maxText("Symbol", TEXT_LIMITS.name)),
});

export type FieldErrors = Partial<Record<string, string>>;
type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Runs a schema; the first message per field (a form shows one message under each field). */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): Validated<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? "form";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

export function validateRound(input: RoundFormInput, debt: boolean): Validated<RoundFormOutput> {
  const result = validate(debt ? DebtRoundFormSchema : RoundFormSchema, input) as Validated<RoundFormOutput>;
  if (result.ok && result.value.closesOn < result.value.opensOn) {
    return { ok: false, errors: { closesOn: MESSAGES.closesBeforeOpens } };
  }
  return result;
}

// ---- patches ------------------------------------------------------------------------------------------------------

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") {
    const [x, y] = [parseDecimal(a), parseDecimal(b)];
    if (x && y && /^[\d.,-]+$/.test(a) && /^[\d.,-]+$/.test(b)) return compare(x, y) === 0;
  }
  return (a ?? null) === (b ?? null);
}

/** Only the fields that changed (spec part 1 section 4: an edit sends changed fields; nothing changed = no call). */
export function changedFields<T extends Record<string, unknown>>(
  original: Readonly<Record<string, unknown>>,
  next: T,
): Partial<T> {
  const patch: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T & string)[]) {
    if (!sameValue(original[key], next[key])) patch[key] = next[key];
  }
  return patch;
}

// ---- order and display --------------------------------------------------------------------------------------------

/** Newest first (spec part 1 section 9); a row not yet on the server (no createdOn) is the newest. */
export function sortAssets<T extends { createdOn?: string | null; name?: string }>(assets: readonly T[]): T[] {
  return [...assets].sort((a, b) => {
    const [x, y] = [a.createdOn ?? "\uffff", b.createdOn ?? "\uffff"];
    return x === y ? (a.name ?? "").localeCompare(b.name ?? "") : x < y ? 1 : -1;
  });
}

/** Latest opening first. */
export function sortRounds<T extends { opensOn?: string | null; name?: string }>(rounds: readonly T[]): T[] {
  const time = (value: string | null | undefined) => (value ? new Date(value).getTime() : Number.POSITIVE_INFINITY);
  return [...rounds].sort((a, b) => {
    const [x, y] = [time(a.opensOn), time(b.opensOn)];
    return x === y ? (a.name ?? "").localeCompare(b.name ?? "") : y - x;
  });
}

/** Latest value = last price per unit times total units (null without a price). */
export function latestValue(unitValue: string | null | undefined, total: string | null | undefined): string | null {
  const [price, units] = [parseDecimal(unitValue), parseDecimal(total)];
  return price && units ? decimalString(mul(price, units)) : null;
}

export interface ListingLike {
  exchange?: { name?: string | null; company?: string | null } | null;
}

/** The listing exchange's name, or "Unlisted". */
export function listingName(listing: ListingLike | null | undefined): string {
  return listing?.exchange?.name || listing?.exchange?.company || MESSAGES.unlisted;
}

/** Securities whose name contains the filter (any case), highest latest price first, unpriced last. */
export function filterAndSortSecurities<T extends { name: string; unitValue?: string | null }>(
  securities: readonly T[],
  filter: string,
  direction: "desc" | "asc" = "desc",
): T[] {
  const needle = filter.trim().toLowerCase();
  const rows = needle ? securities.filter((s) => s.name.toLowerCase().includes(needle)) : [...securities];
  return rows.sort((a, b) => {
    const [x, y] = [parseDecimal(a.unitValue), parseDecimal(b.unitValue)];
    if (!x || !y) return x ? -1 : y ? 1 : a.name.localeCompare(b.name);
    const order = compare(x, y);
    return order === 0 ? a.name.localeCompare(b.name) : direction === "desc" ? -order : order;
  });
}
