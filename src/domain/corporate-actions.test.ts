// The split's rule and form checks on the device (src/domain/corporate-actions.ts): the server's texts, and the worked
// examples of docs/CORPORATE-ACTIONS.md (tests/server/corporate-actions.test.ts checks the server gives the same).
import { describe, expect, it } from "vitest";
import {
  type ConversionTerms,
  conversionProblem,
  convertHolding,
  redeemHolding,
  redemptionProblem,
  splitHolding,
  splitProblem,
} from "./corporate-actions.ts";
import { dec, toString as text } from "./decimal.ts";

const line = (amount: string, ratioNew: number, ratioOld: number, price: string) => {
  const result = splitHolding(dec(amount), ratioNew, ratioOld, dec(price));
  return [text(result.unitsAfter), text(result.fractionUnits), text(result.cash)];
};

describe("splitHolding", () => {
  it("rounds down to whole units and pays the fraction at the price, to the cent", () => {
    expect(line("101.5", 2, 1, "4")).toEqual(["203", "0", "0"]);
    expect(line("203", 1, 3, "3.3")).toEqual(["67", "0.666666", "2.2"]);
    expect(line("2", 1, 3, "3.3")).toEqual(["0", "0.666666", "2.2"]);
    expect(line("25000", 1, 3, "1.5")).toEqual(["8333", "0.333333", "0.5"]);
    expect(line("0.000001", 1, 1000000, "1000")).toEqual(["0", "0", "0"]);
    expect(line("10.25", 3, 2, "2")).toEqual(["15", "0.375", "0.75"]);
  });
});

describe("splitProblem", () => {
  it("gives the server's texts", () => {
    const ratio = "A ratio is two whole numbers from 1 to 1,000,000, such as 2 for 1.";
    expect(splitProblem(0, 1, "1")).toBe(ratio);
    expect(splitProblem(2, 1_000_001, "1")).toBe(ratio);
    expect(splitProblem(Number.NaN, 1, "1")).toBe(ratio);
    expect(splitProblem(1.5, 1, "1")).toBe(ratio);
    expect(splitProblem(3, 3, "1")).toBe("A ratio of 3 for 3 changes nothing: choose two different numbers.");
    expect(splitProblem(2, 1, " ")).toBe("Price per unit is required.");
    expect(splitProblem(2, 1, "-1")).toBe("Price must not be negative.");
    expect(splitProblem(2, 1, "0.00000000001")).toBe("Price can have at most 10 decimal places.");
    expect(splitProblem(2, 1, "1.25")).toBeNull();
    expect(splitProblem(1, 3, "0")).toBeNull();
  });
});

describe("redeemHolding and redemptionProblem", () => {
  it("leaves the units not bought back and pays units x price to the cent", () => {
    const result = redeemHolding(dec("25000"), dec("1000.5"), dec("1.255"));
    expect([text(result.unitsAfter), text(result.cash)]).toEqual(["23999.5", "1255.63"]);
    expect(text(redeemHolding(dec("10"), dec("10"), dec("0")).unitsAfter)).toBe("0");
  });

  it("gives the server's texts, the first problem first", () => {
    const kim = { holder: "Kim Family Trust", amount: dec("25000"), units: "" };
    expect(redemptionProblem([kim], "")).toBe("Price per unit is required.");
    expect(redemptionProblem([kim], "-2")).toBe("Price must not be negative.");
    expect(redemptionProblem([kim], "2")).toBe("Choose at least one holding to redeem.");
    expect(redemptionProblem([{ ...kim, units: "0" }], "2")).toBe("Units to redeem must be greater than 0.");
    expect(redemptionProblem([{ ...kim, units: "-1" }], "2")).toBe("Units must not be negative.");
    expect(redemptionProblem([{ ...kim, units: "1.0000001" }], "2")).toBe("Units can have at most 6 decimal places.");
    expect(redemptionProblem([{ ...kim, units: "25000.5" }], "2")).toBe(
      "This holding of Kim Family Trust has only 25000 units: the redemption needs 25000.5.",
    );
    expect(
      redemptionProblem(
        [
          { ...kim, units: "25000" },
          { ...kim, holder: "Ann", units: " " },
        ],
        "2",
      ),
    ).toBeNull();
  });
});

describe("convertHolding and conversionProblem", () => {
  it("converts at a price (principal / price per debt unit) or a ratio, fractions as cash in lieu", () => {
    const at = (amount: string, principal: string, terms: ConversionTerms, cash: string) => {
      const result = convertHolding(dec(amount), dec(principal), terms, dec(cash));
      return [text(result.unitsAfter), text(result.fractionUnits), text(result.cash)];
    };
    // 1,000 units of a 100 note at 3 a share: 33,333.333333... shares
    expect(at("1000", "100", { price: dec("3") }, "3")).toEqual(["33333", "0.333333", "1"]);
    // three units of 1 at 3: exactly one share, no fraction (the principal is multiplied before the division)
    expect(at("3", "1", { price: dec("3") }, "3")).toEqual(["1", "0", "0"]);
    expect(at("250.5", "1", { ratio: dec("0.5") }, "2")).toEqual(["125", "0.25", "0.5"]);
    expect(at("1", "1", { ratio: dec("0.4") }, "2")).toEqual(["0", "0.4", "0.8"]);
  });

  it("gives the server's texts", () => {
    expect(conversionProblem("price", " ")).toBe("Give a conversion price or a ratio (one of them).");
    expect(conversionProblem("price", "0")).toBe("A conversion price or ratio must be greater than 0.");
    expect(conversionProblem("ratio", "-1")).toBe("Ratio must not be negative.");
    expect(conversionProblem("price", "1.00000000001")).toBe("Price can have at most 10 decimal places.");
    expect(conversionProblem("ratio", "2.5")).toBeNull();
  });
});
