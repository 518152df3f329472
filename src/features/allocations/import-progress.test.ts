import { describe, expect, it } from "vitest";
import type { OutboxCommand } from "../../data/models/outbox.ts";
import { importChunks } from "../../domain/allocation-csv.ts";
import { importProgress } from "./import-progress.ts";

const outbox = (entries: [string, string][]) =>
  entries.map(([id, status]) => ({ id, status, mutation: "bulkAllocation" }) as OutboxCommand);

describe("the allocation import in chunks", () => {
  it("cuts a file into chunks of 500 rows in file order", () => {
    const rows = Array.from({ length: 1100 }, (_, i) => i);
    const chunks = importChunks(rows);
    expect(chunks.map((c) => c.length)).toEqual([500, 500, 100]);
    expect(chunks.flat()).toEqual(rows);
    expect(importChunks([1, 2, 3])).toEqual([[1, 2, 3]]);
  });

  it("counts the rows of accepted (or purged after being seen) chunks as done and of rejected ones as refused", () => {
    const batch = {
      chunks: [
        { key: "a", rows: 500 },
        { key: "b", rows: 500 },
        { key: "c", rows: 100 },
      ],
      total: 1100,
    };
    const seen = new Set<string>();
    // "a" was stored a moment ago and is not in the live list yet: waiting, not done
    const early = importProgress(
      batch,
      outbox([
        ["b", "pending"],
        ["c", "pending"],
      ]),
      seen,
    );
    expect(early).toEqual({ done: 0, refused: 0, total: 1100 });
    const stored = importProgress(
      batch,
      outbox([
        ["a", "pending"],
        ["b", "pending"],
        ["c", "pending"],
      ]),
      seen,
    );
    expect(stored.done).toBe(0);
    // "a" was accepted and then purged, "b" accepted, "c" refused
    const answered = importProgress(
      batch,
      outbox([
        ["b", "accepted"],
        ["c", "rejected"],
      ]),
      seen,
    );
    expect(answered).toEqual({ done: 1000, refused: 100, total: 1100 });
  });
});
