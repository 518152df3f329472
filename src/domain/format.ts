// Display formatting (spec part 1 section 9). Pure: no clock, no locale lookups; dates format in local time.
import { type Decimal, isWhole, parseDecimal, round, toFixed } from "./decimal.ts";

const EMPTY = "";

type DecimalInput = string | number | bigint | Decimal;

function toDecimal(value: DecimalInput | null | undefined): Decimal | null {
  if (value !== null && typeof value === "object") return value;
  return parseDecimal(value);
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Rounded half-up to `max` decimals, trailing zeros trimmed down to `min`, thousands grouped when asked. */
function fixed(value: Decimal, min: number, max: number, grouped = true, mode: "half-up" | "down" = "half-up"): string {
  const text = toFixed(value, max, mode);
  const [signedWhole = "0", fraction = ""] = text.split(".");
  const negative = signedWhole.startsWith("-");
  const whole = negative ? signedWhole.slice(1) : signedWhole;
  let digits = fraction.replace(/0+$/, "");
  if (digits.length < min) digits = digits.padEnd(min, "0");
  return `${negative ? "-" : ""}${grouped ? groupThousands(whole) : whole}${digits ? `.${digits}` : ""}`;
}

/** 0,0.00 with up to 7 decimals: "1234.5" -> "1,234.50", "0.123456789" -> "0.1234568". */
export function formatNumber(value: DecimalInput | null | undefined, maxDecimals = 7): string {
  const parsed = toDecimal(value);
  return parsed ? fixed(parsed, Math.min(2, maxDecimals), maxDecimals) : EMPTY;
}

/** 0,0: "1234567.5" -> "1,234,568". */
export function formatInteger(value: DecimalInput | null | undefined): string {
  const parsed = toDecimal(value);
  return parsed ? fixed(parsed, 0, 0) : EMPTY;
}

/**
 * Units as the portfolio shows them: a whole number without decimals ("8,333"), a fraction with 2 to `maxDecimals`
 * ("250.50", "0.333333"); never rounded up to a whole unit the holder does not have.
 */
export function formatUnits(value: DecimalInput | null | undefined, maxDecimals = 7): string {
  const parsed = toDecimal(value);
  if (!parsed) return EMPTY;
  return isWhole(parsed) ? fixed(parsed, 0, 0) : fixed(parsed, Math.min(2, maxDecimals), maxDecimals, true, "down");
}

/** Whole units, truncated (wallet amounts are floored): "12.9" -> "12". */
export function formatUnitsFloor(value: DecimalInput | null | undefined): string {
  const parsed = toDecimal(value);
  return parsed ? fixed(round(parsed, 0, "floor"), 0, 0) : EMPTY;
}

/** 0.00[0]% of a value that is already a percentage: "12.5" -> "12.50%", "33.33333" -> "33.333%". */
export function formatPercent(value: DecimalInput | null | undefined): string {
  const parsed = toDecimal(value);
  return parsed ? `${fixed(parsed, 2, 3, false)}%` : EMPTY;
}

/** Capital amounts: "$1,234.50"; negative "-$12.00". */
export function formatMoney(value: DecimalInput | null | undefined): string {
  const parsed = toDecimal(value);
  if (!parsed) return EMPTY;
  const text = fixed(parsed, 2, 2);
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
}

/** Two decimals for display, with up to 16 more for the hover text. */
export function formatPrecise(value: DecimalInput | null | undefined): { display: string; full: string } {
  const parsed = toDecimal(value);
  if (!parsed) return { display: EMPTY, full: EMPTY };
  return { display: fixed(parsed, 2, 2), full: fixed(parsed, 2, 18) };
}

/** The first 20 characters followed by an ellipsis (blockchain addresses, long names). */
export function truncate(text: string | null | undefined, length = 20): string {
  if (!text) return EMPTY;
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

// ---- dates -------------------------------------------------------------------------------------------------------

type DatePattern = "MMMM Do YYYY" | "MMM DD YYYY" | "MMM Do YYYY" | "MM/DD/YYYY" | "MM/dd/yyyy" | "MMM DD YYYY h:mma";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Date from a Date or ISO text. Date-only text is a calendar day in local time (no UTC shift). */
function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const dateOnly = DATE_ONLY.exec(value);
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function ordinal(day: number): string {
  const rem100 = day % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${day}th`;
  const suffix = { 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th";
  return `${day}${suffix}`;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

const DATE_TOKENS = /MMMM|MMM|MM|Do|DD|dd|YYYY|yyyy|mm|h|a/g;

export function formatDate(value: Date | string | null | undefined, pattern: DatePattern = "MMMM Do YYYY"): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  const hours = date.getHours();
  const month = MONTHS[date.getMonth()] ?? "";
  return pattern.replace(DATE_TOKENS, (token) => {
    switch (token) {
      case "MMMM":
        return month;
      case "MMM":
        return month.slice(0, 3);
      case "MM":
        return pad2(date.getMonth() + 1);
      case "Do":
        return ordinal(date.getDate());
      case "DD":
      case "dd":
        return pad2(date.getDate());
      case "YYYY":
      case "yyyy":
        return String(date.getFullYear());
      case "mm":
        return pad2(date.getMinutes());
      case "h":
        return String(hours % 12 === 0 ? 12 : hours % 12);
      case "a":
        return hours < 12 ? "am" : "pm";
      default:
        return token;
    }
  });
}

/** Parses the forms' MM/DD/YYYY into an ISO calendar date ("2024-03-05"), or null if it is not a real day. */
export function parseFormDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

// ---- people and roles --------------------------------------------------------------------------------------------

const ROLE_LABELS: Record<string, string> = {
  account_owner: "owner",
  account_admin: "admin",
  account_viewer: "viewer",
};

/** account_owner -> "owner" (the spec's role display). */
export function formatRole(role: string | null | undefined): string {
  if (!role) return EMPTY;
  return ROLE_LABELS[role] ?? role.replaceAll("_", " ");
}

/** A role or type with underscores shown as spaces: account_owner -> "account owner". */
export function spaceUnderscores(text: string | null | undefined): string {
  return text ? text.replaceAll("_", " ") : EMPTY;
}

/** Up to two initials of a name: "Acme Capital LLC" -> "AC". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
}
