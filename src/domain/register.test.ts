import { describe, expect, it } from "vitest";
import { toString as decimalText } from "./decimal.ts";
import {
  AS_OF_TEXT,
  controlFindings,
  entryDay,
  parseAsOf,
  purchasersCsv,
  type RegisterTransaction,
  registerPositions,
} from "./register.ts";

describe("parseAsOf", () => {
  it("takes a calendar day up to tomorrow and refuses the rest with its text", () => {
    expect(parseAsOf(" 2026-01-31 ", "2026-11-29")).toEqual({ ok: true, day: "2026-01-31" });
    expect(parseAsOf("2026-11-30", "2026-11-29")).toEqual({ ok: true, day: "2026-11-30" });
    expect(parseAsOf("2026-12-31", "2026-12-30")).toEqual({ ok: true, day: "2026-12-31" });
    expect(parseAsOf("2027-01-01", "2026-12-31")).toEqual({ ok: true, day: "2027-01-01" });
    expect(parseAsOf("2026-12-01", "2026-11-29")).toEqual({ ok: false, message: AS_OF_TEXT.future });
    expect(parseAsOf("", "2026-11-29")).toEqual({ ok: false, message: AS_OF_TEXT.required });
    expect(parseAsOf(null, "2026-11-29")).toEqual({ ok: false, message: AS_OF_TEXT.required });
    expect(parseAsOf("2026-02-29", "2026-11-29")).toEqual({ ok: false, message: AS_OF_TEXT.invalid });
    expect(parseAsOf("2024-02-29", "2026-11-29")).toEqual({ ok: true, day: "2024-02-29" });
    expect(parseAsOf("11/29/2026", "2026-11-29")).toEqual({ ok: false, message: AS_OF_TEXT.invalid });
    expect(parseAsOf("1899-12-31", "2026-11-29")).toEqual({ ok: false, message: AS_OF_TEXT.range });
  });
});

describe("entryDay", () => {
  it("dates an issuance by its holding's issue date, anything else by its date or when it was written", () => {
    expect(entryDay({ paid_on: "2024-02-10" }, true, "2024-05-15T00:00:00Z", "2026-11-29T10:00:00Z")).toBe(
      "2024-05-15",
    );
    // an issue date after the writing (never set so) does not move the entry later
    expect(entryDay({}, true, "2027-01-01T00:00:00Z", "2026-11-29T10:00:00Z")).toBe("2026-11-29");
    expect(entryDay({ kind: "transfer" }, true, "2024-05-15T00:00:00Z", "2026-11-29T23:30:00Z")).toBe("2026-11-29");
    expect(entryDay({}, false, "2024-05-15T00:00:00Z", "2026-11-29T10:00:00Z")).toBe("2026-11-29");
    expect(entryDay({ kind: "cancellation", date: "2025-03-01" }, false, null, "2026-11-29T10:00:00Z")).toBe(
      "2025-03-01",
    );
  });
});

describe("registerPositions", () => {
  const issuance: RegisterTransaction = {
    id: "t1",
    createdOn: "2026-11-29T09:00:00Z",
    chainData: { paid_on: "2024-02-10T00:00:00Z" },
    ledgerEntries: [{ id: "e1", holdingId: "h1", investorId: "emma", amount: "1000.5" }],
  };
  const transfer: RegisterTransaction = {
    id: "t2",
    createdOn: "2026-11-29T10:00:00Z",
    chainData: { kind: "transfer" },
    ledgerEntries: [
      { id: "e2", holdingId: "h1", investorId: "emma", amount: "-400.5" },
      { id: "e3", holdingId: "h2", investorId: "kim", amount: "400.5" },
      null,
    ],
  };
  const issuedOn = new Map([
    ["h1", "2024-05-15T00:00:00Z"],
    ["h2", "2026-11-29T10:00:00Z"],
  ]);
  const shown = (asOf: string) =>
    registerPositions([transfer, issuance], issuedOn, asOf)
      .map((p) => `${p.holdingId} ${p.investorId} ${decimalText(p.units)} ${p.paidOn ?? "-"}`)
      .sort();

  it("sums the signed entries of every kind up to the day, and leaves out what is not held", () => {
    expect(shown("2024-05-14")).toEqual([]);
    expect(shown("2024-05-15")).toEqual(["h1 emma 1000.5 2024-02-10"]);
    expect(shown("2026-11-28")).toEqual(["h1 emma 1000.5 2024-02-10"]);
    expect(shown("2026-11-29")).toEqual(["h1 emma 600 2024-02-10", "h2 kim 400.5 -"]);
  });
});

describe("the control report and the schedule of purchasers", () => {
  it("names each difference in people's words, and nothing when all agrees", () => {
    const agreed = {
      security: "Preferred",
      authorized: "1000",
      issued: "900",
      outstanding: "900",
      holdings: "900",
      capTable: "900",
      tokenizedHoldings: null,
      onChain: null,
    };
    expect(controlFindings(agreed)).toEqual([]);
    expect(
      controlFindings({ ...agreed, outstanding: "1200.5", holdings: "1200", capTable: "1100", tokenizedHoldings: "5" }),
    ).toEqual([
      "1,200.5 units are outstanding but only 1,000 are authorized.",
      "The ledger shows 1,200.5 units outstanding but the holdings add up to 1,200.",
      "The cap table shows 1,100 units but the holdings add up to 1,200 (holdings of allocation owners are not on the cap table).",
      "The token balances on the chain add up to 0 units but the holdings on the chain add up to 5.",
    ]);
  });

  it("writes capital as units x price, exactly", () => {
    const line = {
      investor: "Emma",
      investorEmail: "e@x.test",
      asset: "A",
      round: "Seed",
      security: "S",
      units: "1000.5",
      purchasePrice: "0.3",
      issuedOn: "2024-05-15",
      paidOn: "2024-02-10",
    };
    expect(purchasersCsv([line]).split("\r\n")[1]).toBe("Emma,e@x.test,A,Seed,S,1000.5,0.3,300.15,2024-02-10");
  });
});
