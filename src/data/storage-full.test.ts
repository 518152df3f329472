import { describe, expect, it } from "vitest";
import { isStorageFull } from "./storage-full.ts";

describe("isStorageFull", () => {
  it("knows the browser's quota error in the shapes IndexedDB, Dexie, RxDB and the bootstrap worker give it", () => {
    const dom = Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
    expect(isStorageFull(dom)).toBe(true);
    // Dexie: an AbortError whose message names the transaction's error
    const dexie = Object.assign(new Error("QuotaExceededError"), { name: "AbortError", inner: dom });
    expect(isStorageFull(dexie)).toBe(true);
    // RxDB: its own error, the storage's inside
    expect(isStorageFull(Object.assign(new Error("RC_PULL"), { parameters: { errors: [dexie] } }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error("SNH"), { parameters: { error: dom } }))).toBe(true);
    // the worker sends the message across
    expect(isStorageFull(new Error("AbortError: QuotaExceededError"))).toBe(true);
  });

  it("is false for other failures", () => {
    expect(isStorageFull(new TypeError("Failed to fetch"))).toBe(false);
    expect(isStorageFull(Object.assign(new Error("RC_PULL"), { parameters: { errors: [new Error("cut")] } }))).toBe(
      false,
    );
    expect(isStorageFull(null)).toBe(false);
    expect(isStorageFull("QuotaExceededError")).toBe(false);
  });
});
