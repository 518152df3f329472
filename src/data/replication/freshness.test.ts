// freshSince: the earliest, over the collections, of the send time of the last fetch that reached the end of the
// server's log in a pull cycle that then ended without error; null until every collection has one.
import { describe, expect, it } from "vitest";
import { createFreshness } from "./freshness.ts";

describe("freshness", () => {
  it("is null until every collection ended a cycle that reached the end, then the earliest of them", () => {
    const fresh = createFreshness(["customers", "holdings"]);
    fresh.reachedEnd("customers", "2026-01-01T00:00:02Z");
    expect(fresh.freshSince()).toBeNull();
    fresh.cycleEnded("customers");
    expect(fresh.freshSince()).toBeNull();
    fresh.reachedEnd("holdings", "2026-01-01T00:00:01Z");
    expect(fresh.freshSince(), "the cycle has not ended").toBeNull();
    fresh.cycleEnded("holdings");
    expect(fresh.freshSince()).toBe("2026-01-01T00:00:01Z");
    fresh.reachedEnd("holdings", "2026-01-01T00:00:05Z");
    fresh.cycleEnded("holdings");
    expect(fresh.freshSince()).toBe("2026-01-01T00:00:02Z");
  });

  it("counts nothing from a cycle that failed, until the collection is pulled again", () => {
    const fresh = createFreshness(["customers"]);
    fresh.reachedEnd("customers", "2026-01-01T00:00:01Z");
    fresh.failed("customers");
    expect(fresh.clean()).toBe(false);
    fresh.cycleEnded("customers");
    expect(fresh.freshSince()).toBeNull();
    fresh.cleared("customers");
    expect(fresh.clean()).toBe(true);
    // the fetch that reached the end still waits for a cycle that ends cleanly
    fresh.cycleEnded("customers");
    expect(fresh.freshSince()).toBe("2026-01-01T00:00:01Z");
  });

  it("a cycle that ends without a fetch reaching the end keeps the earlier time", () => {
    const fresh = createFreshness(["customers"]);
    fresh.reachedEnd("customers", "2026-01-01T00:00:01Z");
    fresh.cycleEnded("customers");
    fresh.cycleEnded("customers");
    expect(fresh.freshSince()).toBe("2026-01-01T00:00:01Z");
  });
});
