import { describe, expect, it } from "vitest";
import {
  AssetFormSchema,
  changedFields,
  dayToTimestamp,
  decimalInput,
  filterAndSortSecurities,
  latestValue,
  linkInput,
  listingName,
  numberTyping,
  SecurityFormSchema,
  sortAssets,
  sortRounds,
  statusLabel,
  timestampToDay,
  validate,
  validateRound,
} from "./assets.ts";

describe("asset form", () => {
  it("gives the spec's message for every missing field", () => {
    expect(validate(AssetFormSchema, { name: " ", authorizedTotal: "", type: "", status: "" })).toEqual({
      ok: false,
      errors: {
        name: "Name is required.",
        authorizedTotal: "Authorized total is required.",
        type: "Asset type required.",
        status: "Status required.",
      },
    });
  });

  it("trims the name and reads the total with commas exactly", () => {
    expect(
      validate(AssetFormSchema, { name: " Solar ", authorizedTotal: "1,000,000.25", type: "equity", status: "active" }),
    ).toEqual({
      ok: true,
      value: { name: "Solar", authorizedTotal: "1000000.25", type: "equity", status: "active" },
    });
  });
});

describe("round form", () => {
  const round = {
    name: "Seed",
    opensOn: "2026-01-05",
    closesOn: "2026-03-01",
    termsUrl: "example.test/room",
    price: "1.25",
    total: "10,000",
    status: "drafted",
  };

  it("accepts a complete round and upgrades the dataroom link to https", () => {
    const result = validateRound(round, false);
    expect(result).toMatchObject({
      ok: true,
      value: { termsUrl: "https://example.test/room", total: "10000", price: "1.25" },
    });
  });

  it("gives the spec's messages, and the debt fields for debt rounds", () => {
    const empty = {
      name: "",
      opensOn: null,
      closesOn: null,
      termsUrl: "",
      price: "",
      total: "",
      status: "",
      coupon: "",
      term: "",
    };
    expect(validateRound(empty, true)).toEqual({
      ok: false,
      errors: {
        name: "Name is a required field.",
        opensOn: "Opens on requires a valid date.",
        closesOn: "Closes on required a valid date.",
        termsUrl: "Dataroom Url is required",
        price: "Price is required.",
        total: "Total is required.",
        status: "Status is required.",
        coupon: "Coupon is required",
        term: "Term is required",
      },
    });
    expect(validateRound({ ...round, coupon: "5", term: "0" }, true)).toEqual({
      ok: false,
      errors: { term: "Term is required" },
    });
    expect(validateRound({ ...round, closesOn: "2025-12-31" }, false)).toEqual({
      ok: false,
      errors: { closesOn: "Closes on must not be before opens on." },
    });
  });
});

describe("security form", () => {
  it("needs a name and a total", () => {
    expect(validate(SecurityFormSchema, { name: "", total: "x", symbol: "" })).toEqual({
      ok: false,
      errors: { name: "Name is a required field.", total: "Total is required." },
    });
  });
});

describe("inputs", () => {
  it("keeps only digits, dot and comma while typing", () => {
    expect(numberTyping("1a,0.5$")).toBe("1,0.5");
    expect(numberTyping("1.5", true)).toBe("15");
  });
  it("reads decimals exactly and refuses anything else", () => {
    expect(decimalInput("0.1")).toBe("0.1");
    expect(decimalInput("12,345.678")).toBe("12345.678");
    expect(decimalInput("-1")).toBeNull();
    expect(decimalInput("1.2.3")).toBeNull();
  });
  it("upgrades links", () => {
    expect(linkInput("http://a.test")).toBe("https://a.test");
    expect(linkInput("https://a.test/x")).toBe("https://a.test/x");
  });
  it("turns a form day into its local midnight and back", () => {
    expect(timestampToDay(dayToTimestamp("2026-03-05"))).toBe("2026-03-05");
  });
});

describe("patches", () => {
  it("sends only changed fields, comparing numbers by value", () => {
    expect(
      changedFields({ name: "A", total: "100.0", status: "drafted" }, { name: "A", total: "100", status: "active" }),
    ).toEqual({
      status: "active",
    });
    expect(changedFields({ name: "A" }, { name: "A" })).toEqual({});
  });
});

describe("order and display", () => {
  it("sorts assets newest first, unsaved ones on top", () => {
    const rows = [
      { name: "old", createdOn: "2024-01-01T00:00:00Z" },
      { name: "new", createdOn: "2025-01-01T00:00:00Z" },
      { name: "pending", createdOn: null },
    ];
    expect(sortAssets(rows).map((r) => r.name)).toEqual(["pending", "new", "old"]);
  });
  it("sorts rounds by latest opening", () => {
    const rows = [
      { name: "a", opensOn: "2024-01-01T00:00:00Z" },
      { name: "b", opensOn: "2026-01-01T00:00:00Z" },
    ];
    expect(sortRounds(rows).map((r) => r.name)).toEqual(["b", "a"]);
  });
  it("shows status labels, Unlisted and latest value", () => {
    expect(statusLabel("drafted")).toBe("Drafted");
    expect(listingName(null)).toBe("Unlisted");
    expect(listingName({ exchange: { name: "Tidewater ATS" } })).toBe("Tidewater ATS");
    expect(latestValue("0.1", "3")).toBe("0.3");
    expect(latestValue(null, "3")).toBeNull();
  });
  it("filters securities by name and sorts by latest price", () => {
    const rows = [
      { name: "Alpha Notes", unitValue: "1.5" },
      { name: "Beta Preferred", unitValue: "12" },
      { name: "Gamma", unitValue: null },
      { name: "alphabet", unitValue: "2" },
    ];
    expect(filterAndSortSecurities(rows, "").map((r) => r.name)).toEqual([
      "Beta Preferred",
      "alphabet",
      "Alpha Notes",
      "Gamma",
    ]);
    expect(filterAndSortSecurities(rows, "ALPHA").map((r) => r.name)).toEqual(["alphabet", "Alpha Notes"]);
    expect(filterAndSortSecurities(rows, "", "asc").map((r) => r.name)).toEqual([
      "Alpha Notes",
      "alphabet",
      "Beta Preferred",
      "Gamma",
    ]);
  });
});
