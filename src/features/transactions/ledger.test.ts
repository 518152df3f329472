import { describe, expect, it } from "vitest";
import { ledgerEntries, paidOn, sanctionedBy, shortId } from "./ledger.ts";

describe("transaction helpers", () => {
  it("shortens ids, reads paid_on and the ledger entries", () => {
    expect(shortId("0f1e2d3c-aaaa-bbbb-cccc-000000000000")).toBe("0f1e2d3c");
    expect(paidOn({ chainData: { paid_on: "2025-05-01T00:00:00Z" }, createdOn: "2025-06-01" })).toBe(
      "2025-05-01T00:00:00Z",
    );
    expect(paidOn({ chainData: null, createdOn: "2025-06-01" })).toBe("2025-06-01");
    expect(
      ledgerEntries({ ledgerEntries: [{ id: "e1", amount: "12.5", investorId: "i1" }, null, { amount: "1" }] }),
    ).toEqual([{ id: "e1", amount: "12.5", investorId: "i1", holdingId: null, createdOn: null }]);
  });

  it("names the broker, or Unknown", () => {
    const names = new Map([["b1", "Harborview"]]);
    expect(sanctionedBy("b1", names)).toBe("Harborview");
    expect(sanctionedBy("b2", names)).toBe("Unknown");
    expect(sanctionedBy(null, names)).toBe("Unknown");
  });
});
