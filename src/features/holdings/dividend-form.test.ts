import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages.ts";
import { checkDividend, dividendOfCommand, utcToday } from "./dividend-form.ts";

const TODAY = "2026-03-15";

describe("checkDividend", () => {
  it("accepts a positive amount paid today or earlier, commas stripped, exact", () => {
    expect(checkDividend({ amount: " 1,250.50 ", paidOn: TODAY }, TODAY)).toEqual({
      ok: true,
      amount: "1250.5",
      paidOn: TODAY,
    });
    expect(checkDividend({ amount: "0.000001", paidOn: "2020-01-31" }, TODAY)).toEqual({
      ok: true,
      amount: "0.000001",
      paidOn: "2020-01-31",
    });
  });

  it("refuses what the database's money rule and date range refuse, with their texts", () => {
    expect(checkDividend({ amount: "0.0000001", paidOn: TODAY }, TODAY)).toEqual({
      ok: false,
      errors: { amount: "Amount can have at most 6 decimal places." },
    });
    expect(checkDividend({ amount: "1000000000000000", paidOn: TODAY }, TODAY)).toEqual({
      ok: false,
      errors: { amount: "Amount must be less than 1,000,000,000,000,000." },
    });
    expect(checkDividend({ amount: "10", paidOn: "1899-12-31" }, TODAY)).toEqual({
      ok: false,
      errors: { paidOn: "Enter a valid date between 01/01/1900 and 12/31/2199." },
    });
  });

  it("gives the server's texts: amount required, greater than 0, paid on not in the future", () => {
    expect(checkDividend({ amount: "", paidOn: TODAY }, TODAY)).toEqual({
      ok: false,
      errors: { amount: MESSAGES.dividendAmountRequired },
    });
    for (const amount of ["0", "0.00", "-5", "abc", "1.2.3"]) {
      expect(checkDividend({ amount, paidOn: TODAY }, TODAY)).toEqual({
        ok: false,
        errors: { amount: "Dividend amount must be greater than 0." },
      });
    }
    expect(checkDividend({ amount: "10", paidOn: "2026-03-16" }, TODAY)).toEqual({
      ok: false,
      errors: { paidOn: "Paid on must not be in the future." },
    });
    expect(checkDividend({ amount: "0", paidOn: null }, TODAY)).toEqual({
      ok: false,
      errors: { amount: MESSAGES.dividendAmountPositive, paidOn: MESSAGES.dividendPaidOnRequired },
    });
  });
});

describe("utcToday", () => {
  it("is the UTC day, as the server's current_date", () => {
    expect(utcToday(new Date("2026-03-15T23:30:00-05:00"))).toBe("2026-03-16");
    expect(utcToday(new Date("2026-03-15T00:10:00Z"))).toBe(TODAY);
  });
});

describe("dividendOfCommand", () => {
  const input = { id: "p1", holdingId: "h1", amount: "25.5", paidOn: TODAY };
  it("reads a queued makeDividendPayment of the holding", () => {
    expect(dividendOfCommand({ mutation: "makeDividendPayment", variables: { input } }, "h1")).toEqual(input);
  });
  it("ignores other holdings and other mutations", () => {
    expect(dividendOfCommand({ mutation: "makeDividendPayment", variables: { input } }, "h2")).toBeNull();
    expect(dividendOfCommand({ mutation: "makeCustomer", variables: { input } }, "h1")).toBeNull();
    expect(dividendOfCommand({ mutation: "makeDividendPayment", variables: {} }, "h1")).toBeNull();
  });
});
