import { describe, expect, it } from "vitest";
import { dashboardSummary, firstInOrder, transactionUnits } from "./summary.ts";

const base = {
  rounds: [{ status: "closed" }, { status: "active" }, { status: "active" }, { status: "drafted" }],
  holdings: [
    { amount: "200000", purchasePrice: "1.25" },
    { amount: "0.5", purchasePrice: "0.1" },
    { amount: "0", purchasePrice: "9" }, // hidden: amount 0
  ],
  customers: [{ investorId: "a" }, { investorId: "b" }, { investorId: "a" }],
  distributions: [{}, {}, {}, {}],
  accounts: [
    { id: "b2", type: "broker", name: "Zeta Brokers" },
    { id: "b1", type: "broker", name: "Alpha Brokers" },
    { id: "b3", type: "broker", name: "Beta Brokers" },
    { id: "b4", type: "broker", name: "Gamma Brokers" },
    { id: "i1", type: "issuer", name: "Issuer One" },
    { id: "x1", type: "investor", name: "Investor" },
  ],
  assets: ["2025-01-01", "2025-03-01", "2025-02-01", "2025-04-01"].map((createdOn, i) => ({ id: `a${i}`, createdOn })),
  transactions: Array.from({ length: 7 }, (_, i) => ({ id: `t${i}`, createdOn: `2025-01-0${i + 1}` })),
};

describe("dashboardSummary (spec part 1 section 2.11)", () => {
  it("does not count a distribution that came by transfer", () => {
    const before = dashboardSummary({ ...base, accountType: "issuer" });
    const after = dashboardSummary({
      ...base,
      accountType: "issuer",
      distributions: [...base.distributions, { byTransfer: true }, { byTransfer: false }],
    });
    expect(before.distributionCount).toBe(4);
    expect(after.distributionCount).toBe(5);
  });

  it("an issuer: closed rounds, brokers, All Holdings, exact capital, the limits", () => {
    const summary = dashboardSummary({ ...base, accountType: "issuer" });
    expect(summary.roundStatus).toBe("closed");
    expect(summary.roundCount).toBe(1);
    expect(summary.capitalRaised).toBe("250000.05");
    expect(summary.investorsEngaged).toBe(2);
    expect(summary.distributionCount).toBe(4);
    expect(summary.holdingCount).toBe(2);
    expect(summary.accountsType).toBe("broker");
    expect(summary.accounts.map((a) => a.name)).toEqual(["Alpha Brokers", "Beta Brokers", "Gamma Brokers"]);
    expect(summary.assets.map((a) => a.id)).toEqual(["a3", "a1", "a2"]);
    expect(summary.transactions.map((t) => t.id)).toEqual(["t6", "t5", "t4", "t3", "t2"]);
    // the latest paid first, whatever the recording order
    const paid = dashboardSummary({
      ...base,
      accountType: "issuer",
      transactions: [
        { id: "old", createdOn: "2025-06-02", chainData: { paid_on: "2024-01-01T00:00:00Z" } },
        { id: "new", createdOn: "2025-06-01", chainData: { paid_on: "2025-01-01T00:00:00Z" } },
      ],
    });
    expect(paid.transactions.map((t) => t.id)).toEqual(["new", "old"]);
  });

  it("a broker: active rounds, issuers, no holdings tile", () => {
    const summary = dashboardSummary({ ...base, accountType: "broker" });
    expect(summary.roundStatus).toBe("active");
    expect(summary.roundCount).toBe(2);
    expect(summary.accountsType).toBe("issuer");
    expect(summary.accounts.map((a) => a.id)).toEqual(["i1"]);
    expect(summary.holdingCount).toBeNull();
  });
});

describe("transactionUnits", () => {
  it("sums the ledger entries exactly", () => {
    expect(transactionUnits({ ledgerEntries: [{ amount: "0.1" }, { amount: "0.2" }] })).toBe("0.3");
    expect(transactionUnits({})).toBe("0");
  });
});

describe("firstInOrder", () => {
  it("gives the first n as a stable sort would, ties in their original order", () => {
    const items = [5, 1, 4, 1, 3, 9, 2, 1].map((value, index) => ({ value, index }));
    const byValue = (a: { value: number }, b: { value: number }) => a.value - b.value;
    for (const limit of [0, 1, 3, 5, 8, 20]) {
      expect(firstInOrder(items, byValue, limit)).toEqual([...items].sort(byValue).slice(0, limit));
    }
  });
});
