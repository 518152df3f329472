import { describe, expect, it } from "vitest";
import {
  availableUnits,
  checkTransferRequest,
  TRANSFER_TEXT,
  tokensOnTheirWay,
  transferRulesText,
} from "./transfers.ts";

const form = { units: "100.5", transfereeEmail: "new@x.test", reason: "gift", pricePerUnit: "" };

describe("a transfer request's form", () => {
  it("takes exact decimals and trims what was typed", () => {
    expect(checkTransferRequest({ ...form, units: " 1250.000001 " }, "40000")).toEqual({
      ok: true,
      units: "1250.000001",
      transfereeEmail: "new@x.test",
      reason: "gift",
      pricePerUnit: null,
    });
    expect(checkTransferRequest({ ...form, reason: "sale", pricePerUnit: "2.50" }, "40000")).toMatchObject({
      ok: true,
      pricePerUnit: "2.5",
    });
  });

  it("refuses with the server's texts", () => {
    const errors = (f: typeof form, available = "40000") => {
      const checked = checkTransferRequest(f, available);
      return checked.ok ? {} : checked.errors;
    };
    expect(errors({ ...form, units: "" }).units).toBe(TRANSFER_TEXT.unitsRequired);
    expect(errors({ ...form, units: "0" }).units).toBe("Units to transfer must be greater than 0.");
    expect(errors({ ...form, units: "-1" }).units).toBe("Units to transfer must be greater than 0.");
    expect(errors({ ...form, units: "1.0000001" }).units).toBe("Units can have at most 6 decimal places.");
    expect(errors({ ...form, units: "100.5" }, "100.25").units).toBe(
      "This holding has 100.25 units available to transfer.",
    );
    expect(errors({ ...form, transfereeEmail: "" }).transfereeEmail).toBe("Choose who receives the units.");
    expect(errors({ ...form, transfereeEmail: "nobody" }).transfereeEmail).toBe("Please enter a valid email address.");
    expect(errors({ ...form, reason: "" }).reason).toBe("Choose a reason: sale, gift, estate or other.");
    expect(errors({ ...form, reason: "sale" }).pricePerUnit).toBe("A sale needs a price per unit.");
  });
});

describe("the units a holding has left to transfer", () => {
  it("is its amount less its open requests, exactly", () => {
    const requests = [
      { units: "10000.25", status: "open" },
      { units: "5000", status: "approved" },
      { units: "0.000001", status: "open" },
      { units: "7", status: "cancelled" },
    ];
    expect(availableUnits("40000", requests)).toBe("29999.749999");
    expect(availableUnits("1", [{ units: "2", status: "open" }])).toBe("0");
  });
});

describe("a holding whose tokens are on their way", () => {
  it("is one with a chain registration still pending", () => {
    expect(tokensOnTheirWay([])).toBe(false);
    expect(tokensOnTheirWay(null)).toBe(false);
    expect(tokensOnTheirWay([{ status: "failed" }])).toBe(false);
    expect(tokensOnTheirWay([{ status: "trade", chain: "ethereum-ledgerline" }])).toBe(false);
    expect(tokensOnTheirWay([{ status: "failed" }, { status: "pending" }])).toBe(true);
  });
});

describe("a security's transfer rules in words", () => {
  it("names each rule set, nothing for none", () => {
    expect(transferRulesText(null)).toEqual([]);
    const none = {
      lockupEndsOn: null,
      minimumHoldingDays: null,
      firstRefusalDays: null,
      transfereeQualificationRequired: false,
    };
    expect(transferRulesText(none)).toEqual([]);
    expect(
      transferRulesText({
        lockupEndsOn: "2027-01-31",
        minimumHoldingDays: 365,
        firstRefusalDays: 30,
        transfereeQualificationRequired: true,
      }),
    ).toEqual([
      "Locked up until 01/31/2027.",
      "Units must be held for 365 days after issue.",
      "The issuer may decline a request within 30 days.",
      "The transferee must complete onboarding first.",
    ]);
  });
});
