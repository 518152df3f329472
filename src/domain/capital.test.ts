import { describe, expect, it } from "vitest";
import {
  committedCapital,
  costBasis,
  expectedCapital,
  investQuote,
  isCapTableEntry,
  isPaidInFull,
  latestValue,
  paidInCapital,
  percentOfRaise,
  percentPaid,
  progressFill,
  remainingCapital,
  totalValue,
} from "./capital.ts";
import { toString as s } from "./decimal.ts";

describe("capital formulas (hand-computed)", () => {
  it("latest value = unit value x units", () => {
    expect(s(latestValue("12.50", "1000"))).toBe("12500");
  });
  it("committed = units x round price; expected = committed - paid in", () => {
    const committed = committedCapital("400", "25.25");
    expect(s(committed)).toBe("10100");
    expect(s(expectedCapital(committed, "2500.75"))).toBe("7599.25");
  });
  it("paid-in is the sum of payments and remaining = holdings - deployments", () => {
    expect(s(paidInCapital([{ amount: "1000.10" }, { amount: "99.90" }]))).toBe("1100");
    expect(s(remainingCapital("50000", ["12000", "8000.5"]))).toBe("29999.5");
  });
  it("percent of raise = amount / security total x 100, N/A when the total is 0", () => {
    expect(s(percentOfRaise("2500", "10000")!)).toBe("25");
    expect(s(percentOfRaise("1", "3")!)).toBe("33.3333");
    expect(percentOfRaise("10", "0")).toBeNull();
  });
  it("total value = amount x purchase price", () => {
    expect(s(totalValue("150", "9.99"))).toBe("1498.5");
  });
  it("percent paid, and paid in full compared at 2 decimals", () => {
    expect(s(percentPaid("750", "1000")!)).toBe("75");
    expect(percentPaid("1", "0")).toBeNull();
    expect(isPaidInFull("999.995", "1000")).toBe(true);
    expect(isPaidInFull("999.994", "1000")).toBe(false);
  });
  it("cost basis is the average across rows", () => {
    expect(s(costBasis(["10", "20", "40"])!)).toBe("23.3333333");
    expect(costBasis([])).toBeNull();
  });
  it("cap table excludes zero, negative and allocation-owned entries", () => {
    expect(isCapTableEntry({ amount: "10" })).toBe(true);
    expect(isCapTableEntry({ amount: "0" })).toBe(false);
    expect(isCapTableEntry({ amount: "-5" })).toBe(false);
    expect(isCapTableEntry({ amount: "10", ownedByAllocation: true })).toBe(false);
  });
  it("progress fill = (order - 0.5) / total", () => {
    expect(progressFill(1, 4)).toBe(0.125);
    expect(progressFill(4, 4)).toBe(0.875);
    expect(progressFill(1, 0)).toBe(0);
  });
});

describe("invest quote", () => {
  it("Units: total = units x price at 2 decimals, whole units only", () => {
    expect(investQuote("Units", "1,200", "2.505")).toMatchObject({ total: "3006.00", roundedDown: false });
    expect(investQuote("Units", "10.5", "2")).toBe("Must be whole number.");
  });
  it("USD: units = floor(amount / price) and the total rounds down to a whole unit", () => {
    const quote = investQuote("USD", "1000", "3");
    expect(quote).not.toBe("Must be whole number.");
    if (typeof quote === "string") return;
    expect(s(quote.units)).toBe("333");
    expect(quote.total).toBe("999.00");
    expect(quote.roundedDown).toBe(true);
  });
  it("an invalid amount falls back to 100.00, and the total is hidden at price 0", () => {
    const fallback = investQuote("USD", "abc", "10");
    if (typeof fallback === "string") throw new Error(fallback);
    expect(s(fallback.units)).toBe("10");
    const free = investQuote("Units", "5", "0");
    if (typeof free === "string") throw new Error(free);
    expect(free.total).toBeNull();
  });
});
