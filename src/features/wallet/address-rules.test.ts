import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isTezosAddress, sha256, validateAddress } from "./address-rules.ts";

// Made with base58check over the documented prefixes (tz1 06a19f, tz2 06a1a1, tz3 06a1a4, KT1 025a79).
const VALID = [
  "tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m6",
  "tz2APnWNwZ4dRsroerv5dLBWbLHcJpm94RAv",
  "tz3PN6XX7cYV44CQSKwffLp5eYqYb4v2m2iW",
  "KT1LRJkp87FhdZBF5fFTed76CEseSif96Vpe",
];

describe("investor address rules", () => {
  it("computes SHA-256 as node does", () => {
    for (const text of ["", "abc", "x".repeat(55), "y".repeat(56), "z".repeat(200)]) {
      const bytes = new TextEncoder().encode(text);
      expect(Buffer.from(sha256(bytes)).toString("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
  });

  it("accepts Tezos addresses whose checksum holds, refuses a changed character or prefix", () => {
    for (const address of VALID) expect(isTezosAddress(address)).toBe(true);
    expect(isTezosAddress("tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m7")).toBe(false);
    expect(isTezosAddress("tz2Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m6")).toBe(false);
    expect(isTezosAddress("tz4Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m6")).toBe(false);
    expect(isTezosAddress("tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m")).toBe(false);
    expect(isTezosAddress(`0x${"ab".repeat(20)}`)).toBe(false);
  });

  it("gives the server's messages per chain", () => {
    expect(validateAddress("ethereum-ledgerline", `0x${"aB".repeat(20)}`)).toBeNull();
    expect(validateAddress("ethereum-rinkeby", "0x1234")).toBe(
      "Address must be 0x followed by 40 hexadecimal characters.",
    );
    expect(validateAddress("ethereum-ledgerline", "")).toBe(
      "Address must be 0x followed by 40 hexadecimal characters.",
    );
    expect(validateAddress("tezos-mainnet", " ")).toBe("Address is required.");
    expect(validateAddress("tezos-mainnet", VALID[0] ?? "")).toBeNull();
    expect(validateAddress("tezos-mainnet", "tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m7")).toBe(
      "Address must be a Tezos address (tz1, tz2, tz3 or KT1) with a valid checksum.",
    );
  });
});
