// Exact decimal arithmetic for shares, money and prices. Values travel as decimal strings (PostgreSQL numeric ->
// GraphQL BigFloat) and are computed here on BigInt with an explicit scale, so no binary float ever touches them.

declare const decimalBrand: unique symbol;
/** A parsed exact decimal: value = units / 10^scale. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
  readonly [decimalBrand]: true;
}

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?$/;

function make(units: bigint, scale: number): Decimal {
  return { units, scale } as Decimal;
}

/** Parses "1,234.50", "-0.5", "12" (commas allowed as thousands separators). Returns null for anything else. */
export function parseDecimal(input: string | number | bigint | null | undefined): Decimal | null {
  if (input === null || input === undefined) return null;
  if (typeof input === "bigint") return make(input, 0);
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return null;
    return parseDecimal(String(input).includes("e") ? input.toFixed(20) : String(input));
  }
  const text = input.trim().replaceAll(",", "");
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = "", fraction = ""] = match;
  if (whole === "" && fraction === "") return null;
  const units = BigInt(`${whole || "0"}${fraction}`);
  return make(sign === "-" ? -units : units, fraction.length);
}

/** Like parseDecimal but throws on bad input: for values that come from the server and must be numbers. */
export function dec(input: string | number | bigint | Decimal): Decimal {
  if (typeof input === "object") return input;
  const parsed = parseDecimal(input);
  if (!parsed) throw new Error(`Not a decimal: ${String(input)}`);
  return parsed;
}

export const ZERO = make(0n, 0);

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return make(x + y, scale);
}

export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return make(x - y, scale);
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return make(a.units * b.units, a.scale + b.scale);
}

export function sum(values: readonly Decimal[]): Decimal {
  return values.reduce(add, ZERO);
}

type Rounding = "half-up" | "floor" | "ceil" | "down";

/** Rounds to `scale` decimal places. half-up rounds halves away from zero; down truncates toward zero. */
export function round(a: Decimal, scale: number, mode: Rounding = "half-up"): Decimal {
  if (scale >= a.scale) return make(a.units * 10n ** BigInt(scale - a.scale), scale);
  const divisor = 10n ** BigInt(a.scale - scale);
  return make(divideInteger(a.units, divisor, mode), scale);
}

function divideInteger(n: bigint, d: bigint, mode: Rounding): bigint {
  const negative = n < 0n !== d < 0n;
  const absN = n < 0n ? -n : n;
  const absD = d < 0n ? -d : d;
  let q = absN / absD;
  const r = absN % absD;
  if (r !== 0n) {
    const awayFromZero =
      mode === "half-up" ? r * 2n >= absD : mode === "floor" ? negative : mode === "ceil" ? !negative : false;
    if (awayFromZero) q += 1n;
  }
  return negative ? -q : q;
}

/** a / b rounded to `scale` places. Returns null when b is zero (the spec shows N/A there). */
export function div(a: Decimal, b: Decimal, scale: number, mode: Rounding = "half-up"): Decimal | null {
  if (b.units === 0n) return null;
  // a/b = (a.units / 10^as) / (b.units / 10^bs) = a.units * 10^(bs - as) / b.units
  const shift = scale + b.scale - a.scale;
  const numerator = shift >= 0 ? a.units * 10n ** BigInt(shift) : a.units;
  const denominator = shift >= 0 ? b.units : b.units * 10n ** BigInt(-shift);
  return make(divideInteger(numerator, denominator, mode), scale);
}

export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isZero = (a: Decimal) => a.units === 0n;
export const isPositive = (a: Decimal) => a.units > 0n;
export const isWhole = (a: Decimal) => a.units % 10n ** BigInt(a.scale) === 0n;

/** The canonical string: no exponent, no trailing fractional zeros ("12.50" -> "12.5", "3.000" -> "3"). */
// biome-ignore lint/suspicious/noShadowRestrictedNames: a module export, always imported under another name or qualified
export function toString(a: Decimal): string {
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, "0");
  const whole = digits.slice(0, digits.length - a.scale);
  const fraction = digits.slice(digits.length - a.scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** A string with exactly `scale` decimals ("12.5" at 2 -> "12.50"), rounded half-up. */
export function toFixed(a: Decimal, scale: number, mode: Rounding = "half-up"): string {
  const r = round(a, scale, mode);
  const negative = r.units < 0n;
  const digits = (negative ? -r.units : r.units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const sign = negative && r.units !== 0n ? "-" : "";
  return `${sign}${whole}${scale > 0 ? `.${fraction}` : ""}`;
}

// ---- business bounds (the database's rules: sync/database/schema/20_input_bounds.sql, same texts) ---------------

/** The kinds of exact quantity the database bounds, each with its label, decimal places and range. */
const QUANTITY_KINDS = {
  units: { label: "Units", scale: 6, lowest: "0", highest: "1000000000000000", highestIncluded: false },
  signedUnits: {
    label: "Units",
    scale: 6,
    lowest: "-1000000000000000",
    highest: "1000000000000000",
    highestIncluded: false,
  },
  money: { label: "Amount", scale: 6, lowest: "0", highest: "1000000000000000", highestIncluded: false },
  price: { label: "Price", scale: 10, lowest: "0", highest: "1000000000000000", highestIncluded: false },
  percent: { label: "Percentage", scale: 6, lowest: "0", highest: "100", highestIncluded: true },
  years: { label: "Term", scale: 6, lowest: "0", highest: "1000", highestIncluded: false },
} as const;
export type QuantityKind = keyof typeof QUANTITY_KINDS;

/** 1000000000000000 -> "1,000,000,000,000,000" (the bounds are whole numbers). */
function boundText(text: string): string {
  const negative = text.startsWith("-");
  const digits = negative ? text.slice(1) : text;
  return `${negative ? "-" : ""}${digits.replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/** Decimal places without trailing zeros ("1.500" has 1). */
export function significantScale(value: Decimal): number {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return scale;
}

/**
 * The database's message for a value outside its kind's bounds, or null when the value is within them (or empty:
 * required fields have their own spec texts). `NaN`, `Infinity` and other non-numbers are "not finite".
 * `allowNegative` leaves the sign to the caller's own rule (a function argument whose spec text says "greater
 * than 0").
 */
export function quantityError(
  input: string | Decimal | null | undefined,
  kind: QuantityKind,
  options: { allowNegative?: boolean } = {},
): string | null {
  const bounds = QUANTITY_KINDS[kind];
  if (input === null || input === undefined || (typeof input === "string" && input.trim() === "")) return null;
  const value = typeof input === "string" ? parseDecimal(input) : input;
  if (!value) return `${bounds.label} must be a finite number.`;
  if (!options.allowNegative && compare(value, dec(bounds.lowest)) < 0) {
    return bounds.lowest === "0"
      ? `${bounds.label} must not be negative.`
      : `${bounds.label} must be at least ${boundText(bounds.lowest)}.`;
  }
  const vsHighest = compare(value, dec(bounds.highest));
  if (vsHighest > 0 || (vsHighest === 0 && !bounds.highestIncluded)) {
    return bounds.highestIncluded
      ? `${bounds.label} must be at most ${boundText(bounds.highest)}.`
      : `${bounds.label} must be less than ${boundText(bounds.highest)}.`;
  }
  if (significantScale(value) > bounds.scale) return `${bounds.label} can have at most ${bounds.scale} decimal places.`;
  return null;
}
