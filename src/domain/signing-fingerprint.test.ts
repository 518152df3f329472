import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  canonicalSigningText,
  isSha256Hex,
  sha256Hex,
  signingDate,
  signingFingerprint,
} from "./signing-fingerprint.ts";

const TEMPLATE = "a".repeat(64);
const VALUES = { "Investor.name": "Emma Lawson", company: "Acme Trust", "Investor.units": "1500" };

describe("the offline signing fingerprint", () => {
  it("is SHA-256 of the canonical text: the same for the values in any order", async () => {
    const text = canonicalSigningText(TEMPLATE, VALUES);
    expect(text).toBe(
      `["ledgerline-offline-signing-1","${TEMPLATE}",[["Investor.name","Emma Lawson"],["Investor.units","1500"],["company","Acme Trust"]]]`,
    );
    const fingerprint = await signingFingerprint(TEMPLATE, VALUES);
    expect(fingerprint).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
    expect(isSha256Hex(fingerprint)).toBe(true);
    const reordered = { company: "Acme Trust", "Investor.units": "1500", "Investor.name": "Emma Lawson" };
    expect(await signingFingerprint(TEMPLATE, reordered)).toBe(fingerprint);
    expect(await signingFingerprint(TEMPLATE.toUpperCase(), VALUES)).toBe(fingerprint);
  });

  it("changes with the template, a value, a name, a field added or removed", async () => {
    const base = await signingFingerprint(TEMPLATE, VALUES);
    const others = await Promise.all([
      signingFingerprint(`${"a".repeat(63)}b`, VALUES),
      signingFingerprint(TEMPLATE, { ...VALUES, "Investor.units": "1501" }),
      signingFingerprint(TEMPLATE, { ...VALUES, "Investor.units": "1500 " }),
      signingFingerprint(TEMPLATE, { ...VALUES, extra: "" }),
      signingFingerprint(TEMPLATE, { "Investor.name": "Emma Lawson", company: "Acme Trust" }),
      signingFingerprint(TEMPLATE, { "Investor.name": "Emma Lawson", Company: "Acme Trust", "Investor.units": "1500" }),
      // a value cannot pass for a name or the other way round
      signingFingerprint(TEMPLATE, { "Investor.name": 'Emma Lawson","company' }),
    ]);
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it("hashes bytes as node's crypto does; the signing date is the UTC day", async () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    expect(await sha256Hex(bytes)).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(isSha256Hex("xyz")).toBe(false);
    expect(signingDate(new Date("2026-03-04T23:59:59Z"))).toBe("03/04/2026");
  });
});
