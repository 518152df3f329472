// Exact fractions of BigInts for OCF's arithmetic that decimals cannot hold: a split multiplies every security of a
// class by new/old (1 for 3 leaves thirds), so replaying a package's transactions in order needs fractions; the
// results are compared with, or turned back into, decimal strings only where they are exact.

export interface Fraction {
  n: bigint;
  d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x || 1n;
}

function reduced(n: bigint, d: bigint): Fraction {
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d);
  return { n: (sign * n) / g, d: (sign * d) / g };
}

export const ZERO: Fraction = { n: 0n, d: 1n };

/** A decimal string (OCF's Numeric: optional sign, digits, optional fraction) as a fraction; throws on others. */
export function fromDecimal(value: string): Fraction {
  const match = /^([+-]?)([0-9]+)(?:\.([0-9]+))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const fraction = match[3] ?? "";
  const n = BigInt(match[2] + fraction) * (match[1] === "-" ? -1n : 1n);
  return reduced(n, 10n ** BigInt(fraction.length));
}

export function add(a: Fraction, b: Fraction): Fraction {
  return reduced(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function sub(a: Fraction, b: Fraction): Fraction {
  return reduced(a.n * b.d - b.n * a.d, a.d * b.d);
}

export function mul(a: Fraction, b: Fraction): Fraction {
  return reduced(a.n * b.n, a.d * b.d);
}

export function compare(a: Fraction, b: Fraction): number {
  const x = a.n * b.d;
  const y = b.n * a.d;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Rounded toward minus infinity to a whole number. */
export function floor(a: Fraction): Fraction {
  const q = a.n / a.d;
  return { n: a.n < 0n && q * a.d !== a.n ? q - 1n : q, d: 1n };
}

/** Rounded down (toward zero for the positive values it is used on) to `scale` decimals. */
export function truncate(a: Fraction, scale: number): Fraction {
  const unit = 10n ** BigInt(scale);
  return reduced((a.n * unit) / a.d, unit);
}

/** The exact decimal string of a fraction, or null when it has none (a third) or needs more than maxScale places. */
export function toDecimal(a: Fraction, maxScale = 40): string | null {
  for (let scale = 0; scale <= maxScale; scale++) {
    const unit = 10n ** BigInt(scale);
    if ((a.n * unit) % a.d !== 0n) continue;
    const scaled = (a.n * unit) / a.d;
    const negative = scaled < 0n;
    const digits = (negative ? -scaled : scaled).toString().padStart(scale + 1, "0");
    const whole = digits.slice(0, digits.length - scale);
    const part = scale ? `.${digits.slice(digits.length - scale)}` : "";
    return `${negative ? "-" : ""}${whole}${part}`;
  }
  return null;
}
