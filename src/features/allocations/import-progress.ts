// The allocation import's progress (CsvImport.tsx): a file is sent as bulkAllocation commands of up to 500 rows;
// the rows of a chunk count as done once the server took it (accepted, or gone from the outbox after it was seen
// there: purged once the replica showed its rows), as refused when it was rejected, and as waiting while it is
// pending or not yet in the live outbox list.
import type { OutboxCommand } from "../../data/models/outbox.ts";

/** An import in progress: its chunks' outbox keys and row counts. */
export interface ImportBatch {
  chunks: { key: string; rows: number }[];
  total: number;
}

export interface ImportProgress {
  /** rows of chunks the server took (accepted, or already purged from the outbox) */
  done: number;
  /** rows of chunks the server refused */
  refused: number;
  total: number;
}

/**
 * How far an import is, from the outbox's commands. `seen` collects the chunk keys met in the outbox (the caller keeps
 * it across calls): a chunk missing from the list counts as done only once it was seen, since a chunk stored a moment
 * ago may not be in the live list yet.
 */
export function importProgress(
  batch: ImportBatch,
  outbox: readonly OutboxCommand[],
  seen: Set<string> = new Set(),
): ImportProgress {
  const status = new Map(outbox.map((c) => [c.id, c.status]));
  let done = 0;
  let refused = 0;
  for (const chunk of batch.chunks) {
    const state = status.get(chunk.key);
    if (state !== undefined) seen.add(chunk.key);
    if (state === "rejected") refused += chunk.rows;
    else if (state === "accepted" || (state === undefined && seen.has(chunk.key))) done += chunk.rows;
  }
  return { done, refused, total: batch.total };
}
