import { describe, expect, it } from "vitest";
import { type Decimal, toString as decimalText } from "./decimal.ts";
import { buildPortfolio, visibleRows } from "./portfolio.ts";

const assets = [
  {
    id: "a1",
    name: "Series A Preferred",
    issuerId: "i1",
    type: "preferred",
    assetTypeByType: { accountingType: "equity" },
  },
  { id: "a2", name: "Green Notes", issuerId: "i1", type: "note", assetTypeByType: { accountingType: "debt" } },
  { id: "a3", name: "Fund I", issuerId: "i1", type: "fund", assetTypeByType: { accountingType: "fund" } },
];
const rounds = [
  { id: "r1", assetId: "a1", name: "Series A", price: "1.25", total: "1000000", security: { unitValue: "2.00" } },
  {
    id: "r2",
    assetId: "a2",
    name: "Tranche A",
    price: "1000",
    total: "500",
    trancheBondData: { term: "5", coupon: "6.5" },
  },
  {
    id: "r3",
    assetId: "a3",
    name: "First Close",
    price: "10",
    total: "100000",
    capitalDeployments: [{ amount: "250000" }],
  },
];
const issuerNames = new Map([["i1", "Northwind"]]);
// Compared as numbers: the scale a formula keeps is not the point here.
const text = (value: Decimal | null) => (value ? Number(decimalText(value)) : null);

describe("portfolio", () => {
  const input = {
    assets,
    rounds,
    issuerNames,
    holdings: [
      {
        id: "h1",
        roundId: "r1",
        amount: "100",
        purchasePrice: "1.00",
        distributionId: "d0",
        paidOutDividends: "0.1",
      },
      { id: "h0", roundId: "r1", amount: "0", purchasePrice: "1.00" },
      { id: "h2", roundId: "r2", amount: "2", purchasePrice: "1000" },
      { id: "h3", roundId: "r3", amount: "1000", purchasePrice: "10", paidOutDividends: "1250.505" },
    ],
    distributions: [
      {
        id: "d0",
        amount: "100",
        status: "closed",
        locked: true,
        payments: [{ amount: "100", status: "paid" }],
        allocation: { roundId: "r1" },
      },
      { id: "d1", amount: "50", status: "open", payments: [], allocation: { roundId: "r1" } },
      {
        id: "d2",
        amount: "20",
        status: "closed",
        purchasePrice: "1.25",
        payments: [{ amount: "10" }, { amount: "5", status: "failed" }],
        allocation: { roundId: "r1" },
      },
    ],
  };

  it("groups assets, rounds and investments with the spec's formulas, leaving locked distributions and zero holdings out", () => {
    const rows = buildPortfolio(input);
    expect(rows.map((row) => `${row.kind}:${row.id}`)).toEqual([
      "asset:asset:a3",
      "round:round:r3",
      "holding:h3",
      "asset:asset:a2",
      "round:round:r2",
      "holding:h2",
      "asset:asset:a1",
      "round:round:r1",
      "holding:h1",
      "distribution:d1",
      "distribution:d2",
    ]);
    const h1 = rows.find((row) => row.id === "h1");
    expect(h1?.status).toBe("Issued");
    expect(text(h1?.value ?? null)).toBe(200);
    expect(text(h1?.investment ?? null)).toBe(100);
    expect(text(h1?.committedCapital ?? null)).toBe(125);
    expect(text(h1?.paidInCapital ?? null)).toBe(100);
    expect(text(h1?.percentPaid ?? null)).toBe(80);
    const d2 = rows.find((row) => row.id === "d2");
    expect(d2?.status).toBe("Pending");
    expect(text(d2?.paidInCapital ?? null)).toBe(10);
    expect(rows.find((row) => row.id === "d1")?.status).toBe("Onboarding");
    const a1 = rows.find((row) => row.id === "asset:a1");
    expect(text(a1?.units ?? null)).toBe(170);
    expect(a1?.status).toBe("");
    expect(a1?.tokenized).toBe("No");
    const h2 = rows.find((row) => row.id === "h2");
    expect([text(h2?.coupon ?? null), text(h2?.term ?? null)]).toEqual([6.5, 5]);
    expect(h1?.coupon).toBeNull();
    const h3 = rows.find((row) => row.id === "h3");
    expect([text(h3?.deployedCapital ?? null), text(h3?.undeployedCapital ?? null)]).toEqual([2500, 0]);
    expect(h1?.deployedCapital).toBeNull();
  });

  it("keeps an asset's status when every row agrees, filters by chips, and expands by path", () => {
    const issued = buildPortfolio({ ...input, stages: ["Issued"] });
    expect(issued.find((row) => row.id === "asset:a1")?.status).toBe("Issued");
    expect(issued.some((row) => row.kind === "distribution")).toBe(false);
    expect(
      buildPortfolio({ ...input, stages: ["Onboarding"] })
        .filter((row) => row.kind === "distribution")
        .map((row) => row.id),
    ).toEqual(["d1"]);
    const rows = buildPortfolio(input);
    expect(visibleRows(rows, new Set()).map((row) => row.kind)).toEqual(["asset", "asset", "asset"]);
    expect(visibleRows(rows, new Set(["asset:a1"])).length).toBe(4);
    expect(visibleRows(rows, new Set(["asset:a1", "round:r1"])).length).toBe(7);
  });

  it("shows each holding's paid-out dividends and sums them exactly per round and asset", () => {
    const h4 = { id: "h4", roundId: "r1", amount: "10", purchasePrice: "1.00", paidOutDividends: "0.2" };
    const rows = buildPortfolio({ ...input, holdings: [...input.holdings, h4] });
    const dividends = (id: string) => {
      const value = rows.find((row) => row.id === id)?.paidOutDividends ?? null;
      return value ? decimalText(value) : null;
    };
    expect(dividends("h1")).toBe("0.1");
    expect(dividends("h4")).toBe("0.2");
    expect(dividends("h2")).toBe("0");
    expect(dividends("h3")).toBe("1250.505");
    // Distributions are not holdings yet: N/A; their round and asset sum the holdings only.
    expect(dividends("d1")).toBeNull();
    expect(dividends("round:r1")).toBe("0.3");
    expect(dividends("asset:a1")).toBe("0.3");
    expect(dividends("asset:a3")).toBe("1250.505");
    const onlyDistributions = buildPortfolio({ ...input, stages: ["Onboarding"] });
    expect(onlyDistributions.find((row) => row.id === "asset:a1")?.paidOutDividends).toBeNull();
  });

  it("counts an issued investment once while the device still holds the distribution as closed and unlocked", () => {
    // The holding's replica can arrive before the distribution's update that locks it.
    const h5 = { id: "h5", roundId: "r1", amount: "20", purchasePrice: "1.25", distributionId: "d2" };
    const rows = buildPortfolio({ ...input, holdings: [...input.holdings, h5] });
    const round = rows.filter((row) => row.path[1] === "round:r1" && row.kind !== "round");
    expect(round.map((row) => `${row.id}:${row.status}`)).toEqual(["h1:Issued", "h5:Issued", "d1:Onboarding"]);
    expect(text(rows.find((row) => row.id === "asset:a1")?.units ?? null)).toBe(170);
    expect(buildPortfolio({ ...input, holdings: [...input.holdings, h5], stages: ["Pending"] })).toEqual([]);
  });
});
