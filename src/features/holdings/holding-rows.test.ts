import { describe, expect, it } from "vitest";
import type { HoldingDoc } from "../../data/models/index.ts";
import { holdingRows, holdingRowsCache } from "./holding-rows.ts";

const holding = (amount: string, purchasePrice: string | null, securityId = "s1"): HoldingDoc =>
  ({
    id: `h-${amount}`,
    securityId,
    roundId: "r1",
    investorId: "i1",
    amount,
    purchasePrice,
    issuedOn: "2024-02-10T00:00:00Z",
    investor: { id: "i1", name: "Ann", email: "ann@example.com", setup: true, type: "investor", contactName: null },
    createdOn: "2024-02-10T00:00:00Z",
    updatedOn: "2024-02-10T00:00:00Z",
  }) as HoldingDoc;

describe("holdings grid rows", () => {
  const securities = new Map([
    ["s1", { name: "Preferred", total: "10000000" }],
    ["s0", { name: "Empty", total: "0" }],
  ]);
  const rounds = new Map([["r1", { trancheBondData: { id: "t", term: "5", coupon: "6.5" } }]]);

  it("computes percent of raise and total value exactly (hand-computed)", () => {
    // 1,575.5 / 10,000,000 x 100 = 0.015755 -> 0.0158 at 4 places; 1,575.5 x 1.25 = 1,969.375
    const [row] = holdingRows([holding("1575.5", "1.25")], securities, rounds);
    expect(row?.percentOfRaise).toBe("0.0158");
    expect(row?.totalValue).toBe("1969.375");
    expect(row?.term).toBe("5");
    expect(row?.yield).toBe("6.5");
    expect(row?.investorEmail).toBe("ann@example.com");
  });

  it("shows N/A (null) for percent of raise when the security total is 0, and no value without a price", () => {
    const [row] = holdingRows([holding("10", null, "s0")], securities, new Map());
    expect(row?.percentOfRaise).toBeNull();
    expect(row?.totalValue).toBeNull();
    expect(row?.term).toBe("N/A");
  });

  it("reads Tokenized Yes for a trade address on a chain other than the product's test chain", () => {
    const on = (addresses: unknown[]) =>
      holdingRows([{ ...holding("1", "1"), blockchainAddresses: addresses } as HoldingDoc], securities, rounds)[0]
        ?.tokenized;
    expect(on([{ id: "a", address: "0x1", chain: "ethereum-ledgerline", status: "trade" }])).toBe("Yes");
    expect(on([{ id: "a", address: "0x1", chain: "ethereum-ledgerline", status: "pending" }])).toBe("No");
    expect(on([{ id: "a", address: "h1", chain: "ledgerlinen-hawknet", status: "trade" }])).toBe("No");
    expect(on([])).toBe("No");
  });

  it("keeps each row while its holding and the maps' documents stay; a changed security recomputes", () => {
    const toRows = holdingRowsCache();
    const docs = [holding("1", "1"), holding("2", "2")];
    const first = toRows(docs, securities, rounds);
    // the page's early rows, then its live query's first answer: new maps of the same documents, one holding changed
    const changed = { ...holding("2", "3") };
    const next = toRows([docs[0] as HoldingDoc, changed], new Map(securities), new Map(rounds));
    expect(next[0]).toBe(first[0]);
    expect(next[1]).not.toBe(first[1]);
    expect(next[1]?.totalValue).toBe("6");
    const renamed = new Map(securities).set("s1", { name: "Common", total: "10000000" });
    const after = toRows([docs[0] as HoldingDoc, changed], renamed, rounds);
    expect(after[0]).not.toBe(first[0]);
    expect(after[0]?.securityName).toBe("Common");
  });
});
