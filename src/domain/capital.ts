// The spec's cap-table and investment formulas (part 1 section 9, part 2 sections 5 and 9), exact and pure.
// Inputs are decimal strings as they come from the replicas; null means the spec's "N/A".
import {
  compare,
  type Decimal,
  dec,
  div,
  isPositive,
  isWhole,
  mul,
  parseDecimal,
  quantityError,
  round,
  significantScale,
  sub,
  sum,
  toFixed,
  ZERO,
} from "./decimal.ts";

type Num = string | Decimal;
const d = (value: Num) => (typeof value === "string" ? dec(value) : value);

/** Latest value = last price per unit x total units. */
export const latestValue = (unitValue: Num, units: Num) => mul(d(unitValue), d(units));

/** Committed capital = units x round price. */
export const committedCapital = (units: Num, roundPrice: Num) => mul(d(units), d(roundPrice));

/** Expected capital = committed - total paid in. */
export const expectedCapital = (committed: Num, paidIn: Num) => sub(d(committed), d(paidIn));

/** Paid-in capital of a distribution = the sum of its payments. */
export const paidInCapital = (payments: readonly { amount: string }[]) => sum(payments.map((p) => dec(p.amount)));

/** Capital summary: remaining = holdings minus the sum of capital deployments. */
export const remainingCapital = (holdings: Num, deployments: readonly Num[]) =>
  sub(d(holdings), sum(deployments.map(d)));

/** Percent of raise = holding amount / security total x 100, or N/A (null) when the total is 0. */
export function percentOfRaise(amount: Num, securityTotal: Num, scale = 4): Decimal | null {
  const ratio = div(mul(d(amount), dec("100")), d(securityTotal), scale);
  return ratio;
}

/** Total value = amount x purchase price. */
export const totalValue = (amount: Num, purchasePrice: Num) => mul(d(amount), d(purchasePrice));

/** Percent paid = paid-in / committed x 100; N/A when nothing is committed. */
export function percentPaid(paidIn: Num, committed: Num, scale = 4): Decimal | null {
  return div(mul(d(paidIn), dec("100")), d(committed), scale);
}

/** Paid in full compares paid-in and committed at 2 decimals. */
export function isPaidInFull(paidIn: Num, committed: Num): boolean {
  return compare(round(d(paidIn), 2), round(d(committed), 2)) >= 0;
}

/** Cost basis is the average purchase price across rows (N/A with no rows). */
export function costBasis(purchasePrices: readonly Num[], scale = 7): Decimal | null {
  if (purchasePrices.length === 0) return null;
  return div(sum(purchasePrices.map(d)), dec(String(purchasePrices.length)), scale);
}

/** Cap table rows exclude zero, negative and allocation-owned entries. */
export function isCapTableEntry(entry: { amount: string; ownedByAllocation?: boolean }): boolean {
  return isPositive(dec(entry.amount)) && !entry.ownedByAllocation;
}

/** Progress fill of the onboarding step bar = (current order - 0.5) / total steps, as a fraction 0..1. */
export function progressFill(currentOrder: number, totalSteps: number): number {
  if (totalSteps <= 0) return 0;
  return Math.min(1, Math.max(0, (currentOrder - 0.5) / totalSteps));
}

export type InvestType = "USD" | "Units";

interface InvestQuote {
  units: Decimal;
  /** total in USD with 2 decimals; hidden (null) when the price is 0 */
  total: string | null;
  /** true when a USD amount did not buy a whole number of units */
  roundedDown: boolean;
}

export const DEFAULT_INVEST_AMOUNT = "100.00";
/** "Must be whole number." or the database's bound on units ("Units must be less than 1,000,000,000,000,000."). */
type InvestError = string;

/**
 * The invest card: with type Units, total = units x price (2 decimals) and units must be whole (commas stripped);
 * with USD, units = floor(amount / price) and the total rounds down to a whole unit. An amount that is not a
 * number falls back to 100.00.
 */
export function investQuote(type: InvestType, amount: string, price: Num): InvestQuote | InvestError {
  const unitPrice = d(price);
  const parsed = parseDecimal(amount.replaceAll(",", ""));
  const value = parsed && compare(parsed, ZERO) >= 0 ? parsed : dec(DEFAULT_INVEST_AMOUNT);
  const priced = isPositive(unitPrice);
  if (type === "Units") {
    if (parsed && !isWhole(parsed)) return "Must be whole number.";
    const units = round(value, 0, "floor");
    const tooMany = quantityError(units, "units");
    if (tooMany) return tooMany;
    return { units, total: priced ? toFixed(mul(units, unitPrice), 2) : null, roundedDown: false };
  }
  if (!priced) return { units: ZERO, total: null, roundedDown: false };
  const units = div(value, unitPrice, 0, "floor") ?? ZERO;
  const tooMany = quantityError(units, "units");
  if (tooMany) return tooMany;
  const spent = mul(units, unitPrice);
  return { units, total: toFixed(spent, 2), roundedDown: compare(spent, value) !== 0 };
}

/** Price shows 2 decimals unless the price carries more precision. */
export function priceDisplayScale(price: Num): number {
  return Math.max(2, d(price).scale === 0 ? 0 : significantScale(d(price)));
}
