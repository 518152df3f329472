// Corporate actions on a security (docs/CORPORATE-ACTIONS.md): the split's rule for one holding and the split form's
// checks, with the server's own texts (split_line and check_split, sync/database/corporate-actions/). Pure: no React,
// no RxDB; exact decimals throughout, so the device's figures and the server's are the same digits.
import { type Decimal, dec, div, mul, quantityError, round, sub } from "./decimal.ts";

/** The most either side of a ratio may be. */
export const RATIO_LIMIT = 1_000_000;

export interface SplitLine {
  unitsAfter: Decimal;
  /** the fraction of a unit left over, kept to the units' 6 decimals (rounded down) */
  fractionUnits: Decimal;
  /** the fraction x the price, to the cent (half up) */
  cash: Decimal;
}

/**
 * One holding in a split of `ratioNew` for `ratioOld`: the units rounded down to whole units, the fraction left over
 * paid as cash in lieu at `price`.
 */
export function splitHolding(amount: Decimal, ratioNew: number, ratioOld: number, price: Decimal): SplitLine {
  const scaled = mul(amount, dec(BigInt(ratioNew)));
  const old = dec(BigInt(ratioOld));
  const unitsAfter = div(scaled, old, 0, "floor") ?? dec(0);
  const fractionUnits = div(sub(scaled, mul(unitsAfter, old)), old, 6, "floor") ?? dec(0);
  return { unitsAfter, fractionUnits, cash: round(mul(fractionUnits, price), 2, "half-up") };
}

const isRatioPart = (value: number) => Number.isInteger(value) && value >= 1 && value <= RATIO_LIMIT;

/** The split form's first problem, in the server's words, or null. */
export function splitProblem(ratioNew: number, ratioOld: number, price: string): string | null {
  if (!isRatioPart(ratioNew) || !isRatioPart(ratioOld)) {
    return "A ratio is two whole numbers from 1 to 1,000,000, such as 2 for 1.";
  }
  if (ratioNew === ratioOld)
    return `A ratio of ${ratioNew} for ${ratioOld} changes nothing: choose two different numbers.`;
  if (price.trim() === "") return "Price per unit is required.";
  return quantityError(price.trim(), "price");
}
