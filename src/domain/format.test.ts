import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatInteger,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrecise,
  formatRole,
  formatUnits,
  formatUnitsFloor,
  initials,
  ordinal,
  parseFormDate,
  spaceUnderscores,
  truncate,
} from "./format.ts";

describe("formatNumber (0,0.00 with up to 7 decimals)", () => {
  it("keeps at least two decimals and groups thousands", () => {
    expect(formatNumber("1234")).toBe("1,234.00");
    expect(formatNumber("1234.5")).toBe("1,234.50");
    expect(formatNumber("-9876543.21")).toBe("-9,876,543.21");
    expect(formatNumber(0)).toBe("0.00");
  });

  it("shows up to seven decimals, rounding half away from zero beyond that", () => {
    expect(formatNumber("0.123456789")).toBe("0.1234568");
    expect(formatNumber("0.12345675")).toBe("0.1234568");
    expect(formatNumber("-0.12345675")).toBe("-0.1234568");
    expect(formatNumber("2.50000000")).toBe("2.50");
    expect(formatNumber("0.99999999")).toBe("1.00");
  });

  it("formats values far beyond float precision exactly", () => {
    expect(formatNumber("123456789012345678901234.123456789")).toBe("123,456,789,012,345,678,901,234.1234568");
    expect(formatNumber("9007199254740993")).toBe("9,007,199,254,740,993.00");
  });

  it("returns empty text for missing or malformed values", () => {
    expect(formatNumber(null)).toBe("");
    expect(formatNumber(undefined)).toBe("");
    expect(formatNumber("abc")).toBe("");
    expect(formatNumber("")).toBe("");
  });
});

describe("formatUnits", () => {
  it("shows whole units without decimals and a fraction with its digits", () => {
    expect(formatUnits("8333")).toBe("8,333");
    expect(formatUnits("8333.000000")).toBe("8,333");
    expect(formatUnits("250.5")).toBe("250.50");
    expect(formatUnits("0.333333", 6)).toBe("0.333333");
    expect(formatUnits("0.9999999", 6)).toBe("0.999999");
    expect(formatUnits(null)).toBe("");
  });
});

describe("formatInteger (0,0)", () => {
  it("rounds to whole units and groups", () => {
    expect(formatInteger("1234567.5")).toBe("1,234,568");
    expect(formatInteger("1234567.49")).toBe("1,234,567");
    expect(formatInteger("-0.4")).toBe("0");
    expect(formatInteger("100000000000000000001")).toBe("100,000,000,000,000,000,001");
  });

  it("floors wallet units", () => {
    expect(formatUnitsFloor("12.99")).toBe("12");
    expect(formatUnitsFloor("1999.5")).toBe("1,999");
  });
});

describe("formatPercent (0.00[0]%)", () => {
  it("shows two or three decimals of a percentage", () => {
    expect(formatPercent("12.5")).toBe("12.50%");
    expect(formatPercent("33.333333")).toBe("33.333%");
    expect(formatPercent("100")).toBe("100.00%");
    expect(formatPercent("0.0005")).toBe("0.001%");
  });
});

describe("formatMoney", () => {
  it("prefixes $ with two decimals", () => {
    expect(formatMoney("1234.5")).toBe("$1,234.50");
    expect(formatMoney("-12")).toBe("-$12.00");
    expect(formatMoney("0.005")).toBe("$0.01");
    expect(formatMoney("-0.001")).toBe("$0.00");
  });

  it("gives two decimals for display and full precision for hover", () => {
    expect(formatPrecise("1234.123456789")).toEqual({ display: "1,234.12", full: "1,234.123456789" });
    expect(formatPrecise("5")).toEqual({ display: "5.00", full: "5.00" });
  });
});

describe("dates", () => {
  const march5 = new Date(2024, 2, 5, 15, 7);

  it("formats the spec's patterns", () => {
    expect(formatDate(march5)).toBe("March 5th 2024");
    expect(formatDate(march5, "MMM DD YYYY")).toBe("Mar 05 2024");
    expect(formatDate(march5, "MMM Do YYYY")).toBe("Mar 5th 2024");
    expect(formatDate(march5, "MM/DD/YYYY")).toBe("03/05/2024");
    expect(formatDate(march5, "MM/dd/yyyy")).toBe("03/05/2024");
    expect(formatDate(march5, "MMM DD YYYY h:mma")).toBe("Mar 05 2024 3:07pm");
  });

  it("reads date-only text as that calendar day", () => {
    expect(formatDate("2024-12-31", "MM/DD/YYYY")).toBe("12/31/2024");
    expect(formatDate("2024-01-01")).toBe("January 1st 2024");
  });

  it("returns empty text for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("not a date")).toBe("");
  });

  it("uses English ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "31st",
    ]);
  });

  it("parses MM/DD/YYYY form input into a calendar date, refusing impossible days", () => {
    expect(parseFormDate("03/05/2024")).toBe("2024-03-05");
    expect(parseFormDate("3/5/2024")).toBe("2024-03-05");
    expect(parseFormDate("02/29/2024")).toBe("2024-02-29");
    expect(parseFormDate("02/29/2023")).toBeNull();
    expect(parseFormDate("13/01/2024")).toBeNull();
    expect(parseFormDate("2024-03-05")).toBeNull();
  });
});

describe("text", () => {
  it("truncates to 20 characters plus an ellipsis", () => {
    expect(truncate("0x1234567890abcdef1234567890abcdef12345678")).toBe("0x1234567890abcdef12…");
    expect(truncate("exactly twenty chars")).toBe("exactly twenty chars");
    expect(truncate(null)).toBe("");
  });

  it("shows roles and types", () => {
    expect(formatRole("account_owner")).toBe("owner");
    expect(formatRole("account_admin")).toBe("admin");
    expect(formatRole("account_viewer")).toBe("viewer");
    expect(spaceUnderscores("account_viewer")).toBe("account viewer");
  });

  it("takes up to two initials", () => {
    expect(initials("Acme Capital LLC")).toBe("AC");
    expect(initials("  zenith ")).toBe("Z");
    expect(initials("")).toBe("");
  });
});
