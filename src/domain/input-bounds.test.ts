// The client's copy of the database's input bounds (sync/database/schema/20_input_bounds.sql and 30_text_limits.sql):
// the same limits and texts, so a form refuses before queueing what the server would refuse
// (tests/db/input-bounds.test.ts checks the server's side with the same messages).

import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AllocationSchema, fieldErrors, InviteSchema, NoteSchema, PaymentSchema } from "./allocations.ts";
import { AssetFormSchema, SecurityFormSchema, validate, validateRound } from "./assets.ts";
import { investQuote } from "./capital.ts";
import { quantityError } from "./decimal.ts";
import { characterCount, DATE_RANGE_MESSAGE, dateRangeError, textLengthError } from "./limits.ts";

describe("quantityError", () => {
  it.each([
    ["NaN", "units", "Units must be a finite number."],
    ["Infinity", "money", "Amount must be a finite number."],
    ["1e309", "units", "Units must be a finite number."],
    ["1000000000000000", "units", "Units must be less than 1,000,000,000,000,000."],
    ["-1", "units", "Units must not be negative."],
    ["1.0000001", "units", "Units can have at most 6 decimal places."],
    ["0.00000000001", "price", "Price can have at most 10 decimal places."],
    ["100.5", "percent", "Percentage must be at most 100."],
    ["1000", "years", "Term must be less than 1,000."],
    ["-1000000000000001", "signedUnits", "Units must be at least -1,000,000,000,000,000."],
  ] as const)("%s as %s: %s", (value, kind, message) => {
    expect(quantityError(value, kind)).toBe(message);
  });

  it.each([
    ["999999999999999.999999", "units"],
    ["1.5000000000", "units"],
    ["1,000.25", "money"],
    ["0.1234567891", "price"],
    ["100", "percent"],
    ["-5", "signedUnits"],
    ["", "units"],
  ] as const)("accepts %s as %s", (value, kind) => {
    expect(quantityError(value, kind)).toBeNull();
  });

  it("leaves the sign to the caller when asked", () => {
    expect(quantityError("-5", "units", { allowNegative: true })).toBeNull();
  });
});

describe("text and date limits", () => {
  it("counts characters as PostgreSQL does and names the field", () => {
    expect(characterCount("a😀b")).toBe(3);
    expect(textLengthError("x".repeat(200), "Name", 200)).toBeNull();
    expect(textLengthError("x".repeat(201), "Name", 200)).toBe("Name must be at most 200 characters.");
  });

  it("refuses dates outside 1900..2199 and non-dates", () => {
    expect(dateRangeError("2024-05-01")).toBeNull();
    expect(dateRangeError("2024-05-01T00:00:00.000Z")).toBeNull();
    expect(dateRangeError("1899-12-31")).toBe(DATE_RANGE_MESSAGE);
    expect(dateRangeError("2200-01-01")).toBe(DATE_RANGE_MESSAGE);
    expect(dateRangeError("infinity")).toBe(DATE_RANGE_MESSAGE);
  });
});

describe("forms check the bounds before queueing", () => {
  it("asset: overlong name, authorized total beyond the bound or with too many decimals", () => {
    const asset = { name: "A", authorizedTotal: "1000", type: "equity", status: "drafted" };
    expect(validate(AssetFormSchema, asset).ok).toBe(true);
    expect(validate(AssetFormSchema, { ...asset, name: "x".repeat(201) })).toEqual({
      ok: false,
      errors: { name: "Name must be at most 200 characters." },
    });
    expect(validate(AssetFormSchema, { ...asset, authorizedTotal: "1000000000000000" })).toEqual({
      ok: false,
      errors: { authorizedTotal: "Units must be less than 1,000,000,000,000,000." },
    });
    expect(validate(AssetFormSchema, { ...asset, authorizedTotal: "1.1234567" })).toEqual({
      ok: false,
      errors: { authorizedTotal: "Units can have at most 6 decimal places." },
    });
  });

  it("round: price decimals, coupon over 100, dates out of range, overlong dataroom link", () => {
    const round = {
      name: "Series C",
      opensOn: "2024-01-01",
      closesOn: "2024-12-31",
      termsUrl: "example.com/terms",
      price: "1.25",
      total: "1000",
      status: "drafted",
    };
    expect(validateRound(round, false).ok).toBe(true);
    expect(validateRound({ ...round, price: "1.12345678901" }, false)).toEqual({
      ok: false,
      errors: { price: "Price can have at most 10 decimal places." },
    });
    expect(validateRound({ ...round, coupon: "101", term: "5" }, true)).toEqual({
      ok: false,
      errors: { coupon: "Percentage must be at most 100." },
    });
    expect(validateRound({ ...round, closesOn: "2300-01-01" }, false)).toEqual({
      ok: false,
      errors: { closesOn: DATE_RANGE_MESSAGE },
    });
    expect(validateRound({ ...round, termsUrl: `example.com/${"x".repeat(2000)}` }, false)).toEqual({
      ok: false,
      errors: { termsUrl: "Dataroom Url must be at most 2000 characters." },
    });
  });

  it("security: total beyond the bound", () => {
    expect(validate(SecurityFormSchema, { name: "S", total: "1000000000000001", symbol: "" })).toEqual({
      ok: false,
      errors: { total: "Units must be less than 1,000,000,000,000,000." },
    });
  });

  const issues = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input, { abortPipeEarly: true });
    return result.success ? {} : fieldErrors(result.issues);
  };

  it("allocation: closes before it opens, dates out of range, overlong name", () => {
    const allocation = { name: "A", opensOn: "2024-01-01", closesOn: "2024-12-31" };
    expect(issues(AllocationSchema, allocation)).toEqual({});
    expect(issues(AllocationSchema, { ...allocation, closesOn: "2023-12-31" })).toEqual({
      closesOn: "Closes on must not be before opens on.",
    });
    expect(issues(AllocationSchema, { ...allocation, opensOn: "1800-01-01" })).toEqual({ opensOn: DATE_RANGE_MESSAGE });
    expect(issues(AllocationSchema, { ...allocation, name: "x".repeat(201) })).toEqual({
      name: "Name must be at most 200 characters.",
    });
  });

  it("invitation, payment and note: amounts, e-mail and note length", () => {
    expect(issues(InviteSchema, { email: "a@b.co", amount: "1000000000000000" })).toEqual({
      amount: "Units must be less than 1,000,000,000,000,000.",
    });
    expect(issues(InviteSchema, { email: `${"a".repeat(250)}@b.co`, amount: "1" })).toEqual({
      email: "Email must be at most 254 characters.",
    });
    expect(issues(PaymentSchema, { amount: "1.0000001", paidOn: "2024-01-01" })).toEqual({
      amount: "Amount can have at most 6 decimal places.",
    });
    expect(issues(PaymentSchema, { amount: "1", paidOn: "2400-01-01" })).toEqual({ paidOn: DATE_RANGE_MESSAGE });
    expect(issues(NoteSchema, { annotation: "x".repeat(5001) })).toEqual({
      annotation: "Note must be at most 5000 characters.",
    });
  });

  it("invest: a commitment beyond the bound is refused before it is sent", () => {
    expect(investQuote("Units", "1000000000000000", "1")).toBe("Units must be less than 1,000,000,000,000,000.");
    expect(investQuote("USD", "1000000000000000000", "0.5")).toBe("Units must be less than 1,000,000,000,000,000.");
    expect(investQuote("Units", "10", "1")).toMatchObject({ total: "10.00" });
  });
});
