// The split's rule and form checks on the device (src/domain/corporate-actions.ts): the server's texts, and the worked
// examples of docs/CORPORATE-ACTIONS.md (tests/server/corporate-actions.test.ts checks the server gives the same).
import { describe, expect, it } from "vitest";
import { splitHolding, splitProblem } from "./corporate-actions.ts";
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
