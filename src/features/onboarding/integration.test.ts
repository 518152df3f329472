import { describe, expect, it } from "vitest";
import { asyncIframeUrl, providerPageUrl } from "./integration.ts";

describe("the provider page of an accreditation step", () => {
  const credential = { token: "t 1", state: "s/2" };

  it("opens the address the credential names (InvestReady's sign-in), https or this server's path only", () => {
    const url = "https://investready.example/oauth/authorize?client_id=x&state=s";
    expect(providerPageUrl({ ...credential, url })).toBe(url);
    expect(providerPageUrl({ ...credential, url: "/api/v2/integration/x" })).toBe("/api/v2/integration/x");
    const standIn = "http://127.0.0.1:4100/oauth/authorize?state=s";
    expect(providerPageUrl({ ...credential, url: standIn })).toBe(standIn);
  });

  it("falls back to the built-in step page for anything else", () => {
    const local = asyncIframeUrl(credential);
    expect(local).toBe("/api/v2/integration/local-step/s%2F2?token=t%201");
    expect(providerPageUrl(credential)).toBe(local);
    for (const url of [
      "javascript:alert(1)",
      "//evil.example/x",
      "http://plain.example",
      "http://127.0.0.1.evil.example/",
      42,
    ])
      expect(providerPageUrl({ ...credential, url })).toBe(local);
  });
});
