// A transfer's reason and price as OCF's consideration_text and back (sync/ocf/consideration.ts, docs/OCF.md): the
// export's words read back to the same reason and price; another platform's free text is an "other" transfer.
import { describe, expect, it } from "vitest";
import { considerationText, parseConsideration } from "../../sync/ocf/consideration.ts";

describe("OCF transfer consideration", () => {
  it("writes each reason with its price and reads them back exactly", () => {
    expect(considerationText("sale", "1.25")).toBe("Sale at 1.25 USD per share.");
    expect(considerationText("gift", null)).toBe("Gift.");
    for (const reason of ["sale", "gift", "estate", "other"]) {
      for (const price of [null, "0", "0.0000000001", "123456789012345.5"]) {
        expect(parseConsideration(considerationText(reason, price))).toEqual({ reason, pricePerUnit: price });
      }
    }
  });

  it("writes nothing for a transfer with no known reason; reads free text as other with no price", () => {
    expect(considerationText(null, "2")).toBeNull();
    expect(considerationText("swap", null)).toBeNull();
    expect(parseConsideration("Secondary sale to an existing investor, $3.10 per share")).toEqual({
      reason: "other",
      pricePerUnit: null,
    });
    expect(parseConsideration("Sale at -1 USD per share.")).toEqual({ reason: "other", pricePerUnit: null });
    expect(parseConsideration(null)).toEqual({ reason: "other", pricePerUnit: null });
  });
});
