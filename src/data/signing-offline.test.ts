import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "../domain/signing-fingerprint.ts";
import { LOCAL_INDEXEDDB_PREFIX } from "./database.ts";
import { forgetSigningStep, keepSigningStep, keptSigningStep, signingDatabaseName } from "./signing-offline.ts";

const PDF = new TextEncoder().encode("%PDF-1.7 a template");
const fields = [
  { name: "Investor.name", value: "Emma Lawson", signingDate: false },
  { name: "Investor.date", value: "01/02/2026", signingDate: true },
];

beforeAll(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url === "/template.pdf" ? new Response(PDF, { status: 200 }) : new Response("", { status: 404 }),
    ),
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe("the signing steps kept on the device", () => {
  it("lives with the account's databases (deleted with them)", () => {
    expect(signingDatabaseName("u1", "a1").startsWith(`${LOCAL_INDEXEDDB_PREFIX}u1-a1--`)).toBe(true);
  });

  it("keeps the template file with the values when its hash is the server's, and reads them back", async () => {
    const templateSha256 = await sha256Hex(PDF);
    const step = { stepId: "s1", provider: "builtin" as const, documentName: "Subscription", fields, templateSha256 };
    expect(await keepSigningStep("u1", "a1", { ...step, templateUrl: "/template.pdf" })).toBe(true);
    const kept = await keptSigningStep("u1", "a1", "s1");
    expect(kept).toMatchObject({ provider: "builtin", documentName: "Subscription", fields, templateSha256 });
    const template = kept?.template ?? new Blob([]);
    expect(await sha256Hex(await template.arrayBuffer())).toBe(templateSha256);
    // another account's database does not have it
    expect(await keptSigningStep("u1", "a2", "s1")).toBeNull();
    // shown again with new values: the file kept is not fetched again
    const fetched = vi.mocked(fetch).mock.calls.length;
    const newer = [{ name: "Investor.name", value: "Emma L. Lawson", signingDate: false }];
    expect(await keepSigningStep("u1", "a1", { ...step, fields: newer, templateUrl: "/template.pdf" })).toBe(true);
    expect(vi.mocked(fetch).mock.calls.length).toBe(fetched);
    expect((await keptSigningStep("u1", "a1", "s1"))?.fields).toEqual(newer);
    // signed: forgotten
    await forgetSigningStep("u1", "a1", "s1");
    expect(await keptSigningStep("u1", "a1", "s1")).toBeNull();
  });

  it("keeps nothing when the file is not the one the server named or cannot be read", async () => {
    const step = { stepId: "s2", provider: "builtin" as const, documentName: "D", fields };
    expect(
      await keepSigningStep("u1", "a1", { ...step, templateSha256: "0".repeat(64), templateUrl: "/template.pdf" }),
    ).toBe(false);
    expect(
      await keepSigningStep("u1", "a1", { ...step, templateSha256: await sha256Hex(PDF), templateUrl: "/missing.pdf" }),
    ).toBe(false);
    expect(await keptSigningStep("u1", "a1", "s2")).toBeNull();
  });

  it("keeps a DocuSign step without a file", async () => {
    const step = { stepId: "s3", provider: "docusign" as const, documentName: "D", fields: [], templateSha256: null };
    expect(await keepSigningStep("u1", "a1", { ...step, templateUrl: null })).toBe(true);
    expect(await keptSigningStep("u1", "a1", "s3")).toMatchObject({ provider: "docusign", template: null });
  });
});
