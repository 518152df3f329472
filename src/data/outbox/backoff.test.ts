// The sender's retry delays: doubling from initialMs, capped at maxMs, jittered into [half, whole), reset on success.
import { describe, expect, it } from "vitest";
import { createBackoff } from "./backoff.ts";

describe("backoff", () => {
  it("doubles from the initial delay up to the maximum", () => {
    const backoff = createBackoff({ initialMs: 1_000, maxMs: 60_000 }, () => 0.999_999);
    const delays = Array.from({ length: 9 }, () => backoff.next());
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(backoff.failures).toBe(9);
  });

  it("jitters each delay between half and the whole of it", () => {
    expect(createBackoff({ initialMs: 1_000, maxMs: 60_000 }, () => 0).next()).toBe(500);
    expect(createBackoff({ initialMs: 1_000, maxMs: 60_000 }, () => 0.5).next()).toBe(750);
    const backoff = createBackoff({ initialMs: 100, maxMs: 1_000 });
    for (let i = 0; i < 50; i++) {
      const base = Math.min(1_000, 100 * 2 ** i);
      const delay = backoff.next();
      expect(delay).toBeGreaterThanOrEqual(base / 2);
      expect(delay).toBeLessThanOrEqual(base);
    }
  });

  it("starts again from the initial delay after a reset", () => {
    const backoff = createBackoff({ initialMs: 10, maxMs: 40 }, () => 0.999_999);
    backoff.next();
    backoff.next();
    expect(backoff.next()).toBe(40);
    backoff.reset();
    expect(backoff.failures).toBe(0);
    expect(backoff.next()).toBe(10);
  });

  it("never overflows after very many failures", () => {
    const backoff = createBackoff({ initialMs: 1_000, maxMs: 60_000 }, () => 0.999_999);
    for (let i = 0; i < 2_000; i++) backoff.next();
    expect(backoff.next()).toBe(60_000);
  });
});
