// The checks GraphQL inputs pass before SQL (sync/graphql/input-checks.ts) and the texts of field-messages.ts:
// what PostgreSQL would read passes, what it would refuse with its own syntax error does not.
import { describe, expect, it } from "vitest";
import {
  checkMessage,
  requiredInputMessage,
  requiredMessage,
  syntaxMessage,
} from "../../sync/graphql/field-messages.ts";
import { inputIsValid, nulMessage, nulPath } from "../../sync/graphql/input-checks.ts";

describe("input checks", () => {
  it("numbers: digits, sign, decimal point and exponent; no separators, letters or blanks", () => {
    for (const ok of ["0", "12", "-3.5", "+.5", "1e309", "1.5E-3", " 7 ", "NaN", "Infinity"])
      expect(inputIsValid("BigFloat", ok), ok).toBe(true);
    for (const bad of ["1,000", "", " ", "12abc", "1.2.3", "$5", "1 000", "0x10"])
      expect(inputIsValid("BigFloat", bad), bad).toBe(false);
  });

  it("dates and times: ISO as clients and PostgreSQL write them; no impossible days or free text", () => {
    for (const ok of ["2024-02-29", "infinity"]) expect(inputIsValid("Date", ok), ok).toBe(true);
    for (const bad of ["2023-02-29", "2024-13-01", "01/02/2024", "yesterday", ""])
      expect(inputIsValid("Date", bad), bad).toBe(false);
    for (const ok of [
      "2024-01-01",
      "2024-01-01T10:00:00Z",
      "2026-11-22T14:36:37.150000+00:00",
      "2026-11-22 14:36:37.15+00",
      "1850-01-01 05:53:28+05:53:28",
      "0044-03-15 12:00:00+00 BC",
      "12000-01-01T00:00:00.000000+00:00",
    ])
      expect(inputIsValid("Datetime", ok), ok).toBe(true);
    for (const bad of ["yesterday", "2024-13-01T00:00:00Z", "2024-01-01T25:00:00Z", "1700000000"])
      expect(inputIsValid("Datetime", bad), bad).toBe(false);
  });

  it("ids and whole numbers", () => {
    expect(inputIsValid("UUID", "0b9f3c9e-59a4-4b34-9a47-3f1ad2c0e001")).toBe(true);
    expect(inputIsValid("UUID", "not-an-id")).toBe(false);
    expect(inputIsValid("BigInt", "-42")).toBe(true);
    expect(inputIsValid("BigInt", "4.2")).toBe(false);
  });

  it("finds U+0000 anywhere in the variables and names its field", () => {
    expect(nulPath({ input: { patch: { name: "ok" } } })).toBeNull();
    const path = nulPath({ input: { rows: [{ note: "ok" }, { note: "a\u0000b" }] } });
    expect(path).toEqual(["input", "rows", "1", "note"]);
    expect(nulMessage(path ?? [])).toBe("Note: Text cannot contain the NUL character (U+0000).");
  });
});

describe("field messages", () => {
  it("uses the spec's texts where it has them, else names the field", () => {
    expect(requiredMessage("assets", "authorized_total")).toBe("Authorized total is required.");
    expect(requiredMessage("distribution_payments", "amount")).toBe("Payment amount is required");
    expect(requiredMessage("rounds", "terms_url")).toBe("Dataroom Url is required");
    expect(requiredMessage("p", "coupon")).toBe("Coupon is required");
    expect(requiredMessage("rounds", "name")).toBe("Name is a required field.");
    expect(requiredMessage("assets", "name")).toBe("Name is required.");
    // GraphQL values by their path: the holder's or the mutation's text, else the field's label.
    expect(requiredInputMessage(["createAsset", "input", "asset", "authorizedTotal"])).toBe(
      "Authorized total is required.",
    );
    expect(requiredInputMessage(["makeDelegate", "input", "lastName"])).toBe("Last name is required.");
    expect(requiredInputMessage(["makeRound", "input", "termsUrl"])).toBe("Dataroom Url is required");
    expect(requiredInputMessage(["makeDistribution", "input", "allocationId"])).toBe("Allocation is required.");
    expect(checkMessage("customers", "customers_status_check")).toBe("Status is not one of the allowed values.");
    expect(checkMessage("distributions", "distributions_amount_check")).toBe("Amount must be greater than zero.");
    expect(checkMessage("rounds", "rounds_price_check")).toBe("Price cannot be negative.");
    expect(checkMessage("accounts", "accounts_email_check")).toBe("Please enter a valid email address.");
    expect(syntaxMessage("numeric")).toMatch(/^Enter a number/);
    expect(syntaxMessage("uuid", "roundId")).toBe("Round: not a valid id.");
  });
});
