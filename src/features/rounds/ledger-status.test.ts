import { describe, expect, it } from "vitest";
import { holdingLedgerStatus } from "./ledger-status.ts";

describe("holdingLedgerStatus", () => {
  it("is Issued on the private network or with no address, the chain's name on another chain", () => {
    expect(holdingLedgerStatus({})).toBe("Issued");
    expect(holdingLedgerStatus({ blockchainAddresses: [] })).toBe("Issued");
    expect(holdingLedgerStatus({ blockchainAddresses: [{ chain: "ethereum-ledgerline" }] })).toBe("Issued");
    expect(
      holdingLedgerStatus({ blockchainAddresses: [{ chain: "ethereum-ledgerline" }, { chain: "tezos-mainnet" }] }),
    ).toBe("Tezos mainnet");
    expect(holdingLedgerStatus({ blockchainAddresses: [{ chain: "ledgerlinen-hawknet" }] })).toBe(
      "Ledgerline test chain",
    );
  });
});
