// The allocation import's progress (CsvImport.tsx): a file is sent as bulkAllocation commands of up to 500 rows;
// the rows of a chunk count as done once the server took it (accepted, or already purged from the outbox after the
// replica showed its rows), as refused when it was rejected, and as waiting while it is pending.
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

/** How far an import is, from the outbox's commands (pure). */
export function importProgress(batch: ImportBatch, outbox: readonly OutboxCommand[]): ImportProgress {
  const status = new Map(outbox.map((c) => [c.id, c.status]));
  let done = 0;
  // chunks not stored yet are neither done nor refused: they count as waiting
  let refused = 0;
  for (const chunk of batch.chunks) {
    const state = status.get(chunk.key);
    if (state === "rejected") refused += chunk.rows;
    else if (state !== "pending") done += chunk.rows;
  }
  return { done, refused, total: batch.total };
}
