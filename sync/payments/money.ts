// Exact decimal amounts for the payment providers: strings in, strings out, BigInt in between (never a float).
// TransactAPI prints numbers with six decimals ("1250.000000"); the database keeps numerics as they are.

const SCALE = 1_000_000n;
const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** A decimal string as millionths (more than six decimals is an error: amounts never carry them). */
export function toMicros(value: string | number): bigint {
  const text = String(value).trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`Not a decimal amount: ${text}`);
  const [, sign, whole, fraction = ""] = match;
  const trimmed = fraction.replace(/0+$/, "");
  if (trimmed.length > 6) throw new Error(`More than six decimals: ${text}`);
  const micros = BigInt(whole ?? "0") * SCALE + BigInt((trimmed || "0").padEnd(6, "0"));
  return sign === "-" ? -micros : micros;
}

/** Millionths as the provider's six-decimal string. */
export function sixDecimals(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  return `${negative ? "-" : ""}${abs / SCALE}.${(abs % SCALE).toString().padStart(6, "0")}`;
}

/** The same amount written the shortest way ("1250.5"), as the database prints numerics without trailing zeros. */
export function plain(micros: bigint): string {
  const text = sixDecimals(micros).replace(/0+$/, "").replace(/\.$/, "");
  return text === "-0" ? "0" : text;
}

/** a x b, both decimal strings, rounded half up to six decimals. */
export function multiply(a: string, b: string): bigint {
  const product = toMicros(a) * toMicros(b);
  const half = SCALE / 2n;
  return product >= 0n ? (product + half) / SCALE : -((-product + half) / SCALE);
}

export function sameAmount(a: string | number, b: string | number): boolean {
  return toMicros(a) === toMicros(b);
}

/** A date as TransactAPI writes it: MM-DD-YYYY (UTC). */
export function mmddyyyy(date: Date | string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  const mm = String(d.getUTCMonth() + 1).padStart(2, "0");
  const dd = String(d.getUTCDate()).padStart(2, "0");
  return `${mm}-${dd}-${d.getUTCFullYear()}`;
}
