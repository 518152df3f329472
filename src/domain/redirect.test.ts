import { describe, expect, it } from "vitest";
import { safeNextPath, withSafeNext } from "./redirect.ts";

/** Inputs that a browser could turn into another site (or a script) if they reached a Location header or href. */
const HOSTILE_NEXT = [
  "/\t/evil.example/",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  "/\u0000/evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/ \\/evil.example",
  "/＼evil.example",
  "//evil.example",
  "///evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/a/../..//evil.example",
  "https://evil.example/",
  "http:evil.example",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  " javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "",
  "/\u2028/evil.example",
  `/${"a".repeat(3000)}`,
];

describe("safeNextPath", () => {
  it.each(HOSTILE_NEXT)("refuses %j", (next) => {
    expect(safeNextPath(next)).toBeNull();
    expect(safeNextPath(next, "http://localhost:5173")).toBeNull();
  });

  it("refuses missing values", () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });

  it("keeps same-origin paths, their query and hash, resolved", () => {
    expect(safeNextPath("/authenticate/claim?token=abc")).toBe("/authenticate/claim?token=abc");
    expect(safeNextPath("/wallet")).toBe("/wallet");
    expect(safeNextPath("/securities#top")).toBe("/securities#top");
    expect(safeNextPath("/a/../wallet")).toBe("/wallet");
    // Encoded slashes stay encoded: the browser reads them as one path segment, never as a host.
    expect(safeNextPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeNextPath("/%5Cevil.example")).toBe("/%5Cevil.example");
    expect(safeNextPath("/%09/evil.example")).toBe("/%09/evil.example");
  });

  it("every accepted answer is a path a browser keeps on this origin", () => {
    for (const next of [...HOSTILE_NEXT, "/wallet", "/%2F%2Fevil.example", "/a/./b?c=//d#//e"]) {
      const safe = safeNextPath(next);
      if (safe === null) continue;
      expect(new URL(safe, "https://ledgerline.example").origin).toBe("https://ledgerline.example");
      expect(safe.startsWith("//")).toBe(false);
    }
  });
});

describe("withSafeNext (the device's links carrying the query on to the server)", () => {
  it("drops a hostile next and keeps everything else", () => {
    expect(withSafeNext(`?${new URLSearchParams({ next: "/\t/evil.example/", role: "issuer" })}`)).toBe("?role=issuer");
    expect(withSafeNext(`?${new URLSearchParams({ next: "//evil.example" })}`)).toBe("");
    expect(withSafeNext("?next=%2Fwallet")).toBe("?next=%2Fwallet");
    expect(withSafeNext("?role=issuer")).toBe("?role=issuer");
    expect(withSafeNext("")).toBe("");
  });
});
