import { describe, expect, it } from "vitest";
import { createAcceptedPurge } from "./accepted-purge.ts";
import { orderedNow } from "./ordered-clock.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("accepted commands leaving the outbox", () => {
  it("a pull that ends while a purge runs is purged after it, with the freshness of that later pull", async () => {
    let fresh = "2026-01-01T00:00:01.000Z";
    const purged: string[] = [];
    let release: () => void = () => {};
    const purge = createAcceptedPurge({
      freshSince: () => fresh,
      purge: async (before) => {
        purged.push(before);
        if (purged.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      hasAccepted: async () => false,
      reSync: () => {},
    });
    const first = purge.pulled();
    fresh = "2026-01-01T00:00:02.000Z";
    const second = purge.pulled();
    release();
    await Promise.all([first, second]);
    expect(purged).toEqual(["2026-01-01T00:00:01.000Z", "2026-01-01T00:00:02.000Z"]);
    purge.stop();
  });

  it("asks for another pull while accepted commands still wait, and stops once none does", async () => {
    let waiting = true;
    let pulls = 0;
    const purge = createAcceptedPurge({
      freshSince: () => null,
      purge: async () => {},
      hasAccepted: async () => waiting,
      reSync: () => pulls++,
      recheckMs: 20,
    });
    purge.accepted();
    expect(pulls).toBe(1);
    await wait(35);
    expect(pulls).toBe(2);
    waiting = false;
    await wait(120);
    expect(pulls).toBe(2);
    purge.stop();
  });

  it("the clock never gives the same time twice", () => {
    const times = Array.from({ length: 50 }, () => orderedNow().getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
  });
});
