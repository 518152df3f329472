import { describe, expect, it } from "vitest";
import {
  add,
  compare,
  dec,
  div,
  isWhole,
  mul,
  parseDecimal,
  round,
  toString as s,
  sub,
  sum,
  toFixed,
} from "./decimal.ts";

describe("parseDecimal", () => {
  it("reads plain, signed, fractional and comma-grouped numbers", () => {
    expect(s(dec("12"))).toBe("12");
    expect(s(dec("-0.50"))).toBe("-0.5");
    expect(s(dec("1,234,567.891"))).toBe("1234567.891");
    expect(s(dec(".25"))).toBe("0.25");
    expect(s(dec("7."))).toBe("7");
  });
  it("refuses what is not a number", () => {
    for (const bad of ["", "abc", "1.2.3", "--1", "1e5", " . "]) expect(parseDecimal(bad)).toBeNull();
  });
  it("keeps digits a float would lose", () => {
    expect(s(dec("12345678901234567890.123456789"))).toBe("12345678901234567890.123456789");
  });
});

describe("arithmetic", () => {
  it("adds and subtracts across scales exactly", () => {
    expect(s(add(dec("0.1"), dec("0.2")))).toBe("0.3");
    expect(s(sub(dec("10"), dec("0.001")))).toBe("9.999");
    expect(s(sum(["1.10", "2.20", "3.30"].map(dec)))).toBe("6.6");
  });
  it("multiplies exactly", () => {
    expect(s(mul(dec("1.5"), dec("1.5")))).toBe("2.25");
    expect(s(mul(dec("250000"), dec("12.3456789")))).toBe("3086419.725");
  });
  it("divides with explicit rounding and gives null for a zero divisor", () => {
    expect(s(div(dec("1"), dec("3"), 4)!)).toBe("0.3333");
    expect(s(div(dec("2"), dec("3"), 4)!)).toBe("0.6667");
    expect(s(div(dec("1000"), dec("7.5"), 0, "floor")!)).toBe("133");
    expect(s(div(dec("-7"), dec("2"), 0, "floor")!)).toBe("-4");
    expect(s(div(dec("-7"), dec("2"), 0, "down")!)).toBe("-3");
    expect(div(dec("5"), dec("0"), 2)).toBeNull();
  });
  it("rounds half away from zero by default", () => {
    expect(toFixed(dec("2.345"), 2)).toBe("2.35");
    expect(toFixed(dec("-2.345"), 2)).toBe("-2.35");
    expect(toFixed(dec("2.344"), 2)).toBe("2.34");
    expect(toFixed(dec("5"), 2)).toBe("5.00");
    expect(s(round(dec("9.99"), 0, "floor"))).toBe("9");
  });
  it("compares and recognises whole numbers", () => {
    expect(compare(dec("1.50"), dec("1.5"))).toBe(0);
    expect(compare(dec("-1"), dec("0.0001"))).toBe(-1);
    expect(isWhole(dec("12.000"))).toBe(true);
    expect(isWhole(dec("12.5"))).toBe(false);
  });
});
