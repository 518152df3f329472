import { describe, expect, it } from "vitest";
import { datedFileName, footerText, parseSavedState, ROW_HEIGHTS, saveState, storageKey } from "./data-grid-state.ts";

class MemoryStorage implements Storage {
  items = new Map<string, string>();
  limit = Number.POSITIVE_INFINITY;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    const used = [...this.items.values()].reduce((sum, v) => sum + v.length, 0);
    if (used + value.length > this.limit) throw new DOMException("full", "QuotaExceededError");
    this.items.set(key, value);
  }
}

describe("data grid state", () => {
  it("uses the spec's row heights", () => {
    expect(ROW_HEIGHTS).toEqual({ compact: 36, standard: 54, comfortable: 67 });
  });

  it("writes the footer as '1 - n of total'", () => {
    expect(footerText(25, 25)).toBe("1 - 25 of 25");
    expect(footerText(3, 50000)).toBe("1 - 3 of 50,000");
    expect(footerText(0, 0)).toBe("0 - 0 of 0");
  });

  it("defaults to compact and ignores broken saved state", () => {
    expect(parseSavedState(null)).toEqual({ density: "compact" });
    expect(parseSavedState("{nope")).toEqual({ density: "compact" });
    expect(parseSavedState('{"density":"huge"}').density).toBe("compact");
    expect(parseSavedState('{"density":"comfortable","columns":[{"colId":"a","hide":true},{"x":1}]}')).toEqual({
      density: "comfortable",
      columns: [{ colId: "a", hide: true }],
    });
  });

  it("clears local storage when it is full, then saves", () => {
    const storage = new MemoryStorage();
    storage.setItem("other", "x".repeat(90));
    storage.limit = 100;
    saveState(storage, "holdings", { density: "standard" });
    expect(storage.getItem("other")).toBeNull();
    expect(parseSavedState(storage.getItem(storageKey("holdings"))).density).toBe("standard");
  });

  it("names exports by day", () => {
    expect(datedFileName("holdings", new Date(2026, 0, 5))).toBe("holdings_2026_01_05");
  });
});
