// Pending marks of the batch entries of the round and allocation pages (the pending list "allocation.distributions",
// src/domain/commands/lists.ts), which the generic overlay of src/data/pending.ts (one document per command) cannot show:
//   issue   (a transfer agent issuance: distributionIds)  -> each listed distribution marked pending
//   import  (a CSV import: allocationId, rows [{id, email, amount, name}]) -> a pending row per imported row
// An accepted issuance keeps its mark until the replica shows the distribution locked, an accepted import until the
// replica holds the row, so nothing blinks between the server's answer and the pull.
import { useMemo } from "react";
import type { OutboxCommand } from "../../data/models/outbox.ts";
import { type PendingEntry, usePending } from "../../data/pending-hooks.ts";
import { pendingEntries } from "../../data/pending-lists.ts";
import type { Distribution } from "./use-allocation.ts";

type Input = Record<string, unknown>;

/** An imported row's pending distribution, per row object of the stored command and the command's status. */
const importedRows = new WeakMap<Input, { status: string; row: Distribution }>();

/** The distributions of `allocationIds` with the queued batch entries overlaid (pure; in sequence order). */
export function overlayBatchEntries(
  distributions: readonly Distribution[],
  batch: readonly PendingEntry<"allocation.distributions">[],
  allocationIds: readonly string[],
): Distribution[] {
  if (batch.length === 0) return distributions as Distribution[];
  const rows = new Map(distributions.map((d) => [d.id, d]));
  const present = new Set(rows.keys());
  const allocations = new Set(allocationIds);
  for (const entry of batch) {
    const { command } = entry;
    if (entry.op === "issue") {
      for (const id of entry.ids ?? []) {
        const row = rows.get(id);
        if (!row || (command.status === "accepted" && row.locked)) continue;
        rows.set(row.id, { ...row, _pending: entry.mark });
      }
      continue;
    }
    const allocationId = entry.parentId;
    if (typeof allocationId !== "string" || !allocations.has(allocationId)) continue;
    for (const item of (entry.rows ?? []) as Input[]) {
      if (typeof item.id !== "string" || present.has(item.id)) continue;
      // The same row object while its command is unchanged (memoized rows of a 10,000-row file render once).
      const cached = importedRows.get(item);
      if (cached && cached.status === command.status && cached.row.allocationId === allocationId) {
        rows.set(item.id, cached.row);
        continue;
      }
      const name = typeof item.name === "string" && item.name.trim() ? item.name.trim() : null;
      const email = typeof item.email === "string" ? item.email.trim() : "";
      const row = {
        id: item.id,
        allocationId,
        amount: String(item.amount ?? "0"),
        name,
        status: "drafted",
        locked: false,
        investor: { email, name },
        _pending: { ...entry.mark, created: true },
      } as unknown as Distribution;
      importedRows.set(item, { status: command.status, row });
      rows.set(item.id, row);
    }
  }
  return [...rows.values()];
}

/** overlayBatchEntries over stored commands. */
export function overlayBatchCommands(
  distributions: readonly Distribution[],
  commands: readonly OutboxCommand[],
  allocationIds: readonly string[],
): Distribution[] {
  return overlayBatchEntries(distributions, pendingEntries("allocation.distributions", commands), allocationIds);
}

/** overlayBatchEntries over the live outbox. */
export function useBatchPending(distributions: Distribution[], allocationIds: readonly string[]): Distribution[] {
  const batch = usePending("allocation.distributions");
  const key = allocationIds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: allocationIds is keyed by its contents
  return useMemo(() => overlayBatchEntries(distributions, batch, allocationIds), [distributions, batch, key]);
}
