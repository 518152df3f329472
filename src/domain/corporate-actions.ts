// Corporate actions on a security (docs/CORPORATE-ACTIONS.md): the rules for one holding (a split, a redemption, a
// conversion) and the forms' checks, with the server's own texts (split_line, check_split, redeem_units,
// convert_round in sync/database/corporate-actions/), so the device previews what the server will do. Pure: no React,
// no RxDB; exact decimals throughout, so the device's figures and the server's are the same digits.
import { compare, type Decimal, dec, toString as decimalText, div, mul, quantityError, round, sub } from "./decimal.ts";

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

/** One holding in a redemption: the units left and the cash paid for the units bought back, to the cent (half up). */
export function redeemHolding(amount: Decimal, units: Decimal, price: Decimal): { unitsAfter: Decimal; cash: Decimal } {
  return { unitsAfter: sub(amount, units), cash: round(mul(units, price), 2, "half-up") };
}

export interface RedemptionChoice {
  holder: string;
  /** the units held now */
  amount: Decimal;
  /** the units to buy back as typed; blank when the holding is not chosen */
  units: string;
}

/** The redemption form's first problem, in the server's words (redeem_units), or null. */
export function redemptionProblem(choices: readonly RedemptionChoice[], price: string): string | null {
  if (price.trim() !== "") {
    const priceProblem = quantityError(price.trim(), "price");
    if (priceProblem) return priceProblem;
  } else return "Price per unit is required.";
  const chosen = choices.filter((choice) => choice.units.trim() !== "");
  if (chosen.length === 0) return "Choose at least one holding to redeem.";
  for (const choice of chosen) {
    const units = choice.units.trim();
    const problem = quantityError(units, "units");
    if (problem) return problem;
    const value = dec(units);
    if (value.units <= 0n) return "Units to redeem must be greater than 0.";
    if (compare(value, choice.amount) > 0) {
      return `This holding of ${choice.holder} has only ${decimalText(choice.amount)} units: the redemption needs ${decimalText(value)}.`;
    }
  }
  return null;
}

/** How a conversion is priced: equity units per debt unit, or a price that divides each holding's principal. */
export type ConversionTerms = { ratio: Decimal } | { price: Decimal };

/**
 * One debt holding in a conversion (convert_round): equity units exact to 12 decimals, rounded down to whole units;
 * the fraction (6 decimals, rounded down) paid as cash in lieu at `cashPrice` (the conversion price, else the equity
 * round's price) to the cent. `principal` is the debt's price per unit (the holding's purchase price, else the round's).
 */
export function convertHolding(
  amount: Decimal,
  principal: Decimal,
  terms: ConversionTerms,
  cashPrice: Decimal,
): SplitLine {
  const exact =
    "ratio" in terms
      ? round(mul(amount, terms.ratio), 12, "floor")
      : (div(mul(amount, principal), terms.price, 12, "floor") ?? dec(0));
  const unitsAfter = round(exact, 0, "floor");
  const fractionUnits = round(sub(exact, unitsAfter), 6, "floor");
  return { unitsAfter, fractionUnits, cash: round(mul(fractionUnits, cashPrice), 2, "half-up") };
}

/** The conversion form's first problem, in the server's words (convert_round), or null. */
export function conversionProblem(by: "price" | "ratio", value: string): string | null {
  if (value.trim() === "") return "Give a conversion price or a ratio (one of them).";
  const problem = quantityError(value.trim(), "price");
  if (problem) return by === "ratio" ? problem.replace(/^Price/, "Ratio") : problem;
  if (dec(value.trim()).units === 0n) return "A conversion price or ratio must be greater than 0.";
  return null;
}
