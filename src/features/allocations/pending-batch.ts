// Pending marks of the two batch commands of the round and allocation pages, which the generic overlay of
// src/data/pending.ts (one document per command) cannot show:
//   makeTaRequestDistributionIssuances(input: {distributionIds})  -> each listed distribution marked pending
//   bulkAllocation(input: {allocationId, rows: [{id, email, amount, name}]}) -> a pending row per imported row
// An accepted issuance keeps its mark until the replica shows the distribution locked, an accepted import until the
// replica holds the row, so nothing blinks between the server's answer and the pull.
import { useMemo } from "react";
import { useOutbox } from "../../data/hooks.tsx";
import type { OutboxCommand } from "../../data/models/outbox.ts";
import type { PendingMark } from "../../data/pending.ts";
import type { Distribution } from "./use-allocation.ts";

const ISSUE_MUTATION = "makeTaRequestDistributionIssuances";
const IMPORT_MUTATION = "bulkAllocation";

type Input = Record<string, unknown>;
const inputOf = (command: Pick<OutboxCommand, "variables">): Input =>
  ((command.variables as { input?: Input } | undefined)?.input ?? {}) as Input;

function markOf(command: OutboxCommand): PendingMark {
  const status = command.status as PendingMark["status"];
  return {
    key: command.id,
    mutation: command.mutation,
    status,
    ...(status === "rejected" ? { errorCode: command.errorCode, errorMessage: command.errorMessage } : {}),
  };
}

/** An imported row's pending distribution, per row object of the stored command and the command's status. */
const importedRows = new WeakMap<Input, { status: string; row: Distribution }>();

/** The distributions of `allocationIds` with queued issuances and imports overlaid (pure; in sequence order). */
export function overlayBatchCommands(
  distributions: readonly Distribution[],
  commands: readonly OutboxCommand[],
  allocationIds: readonly string[],
): Distribution[] {
  const batch = commands
    .filter((c) => c.mutation === ISSUE_MUTATION || c.mutation === IMPORT_MUTATION)
    .sort((a, b) => a.seq - b.seq);
  if (batch.length === 0) return distributions as Distribution[];
  const rows = new Map(distributions.map((d) => [d.id, d]));
  const present = new Set(rows.keys());
  const allocations = new Set(allocationIds);
  for (const command of batch) {
    const input = inputOf(command);
    if (command.mutation === ISSUE_MUTATION) {
      const ids = Array.isArray(input.distributionIds) ? (input.distributionIds as unknown[]) : [];
      for (const id of ids) {
        const row = typeof id === "string" ? rows.get(id) : undefined;
        if (!row || (command.status === "accepted" && row.locked)) continue;
        rows.set(row.id, { ...row, _pending: markOf(command) });
      }
      continue;
    }
    const allocationId = input.allocationId;
    if (typeof allocationId !== "string" || !allocations.has(allocationId)) continue;
    const imported = Array.isArray(input.rows) ? (input.rows as Input[]) : [];
    for (const item of imported) {
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
        _pending: markOf(command),
      } as unknown as Distribution;
      importedRows.set(item, { status: command.status, row });
      rows.set(item.id, row);
    }
  }
  return [...rows.values()];
}

/** overlayBatchCommands over the live outbox. */
export function useBatchPending(distributions: Distribution[], allocationIds: readonly string[]): Distribution[] {
  const { rows: outbox } = useOutbox();
  const key = allocationIds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: allocationIds is keyed by its contents
  return useMemo(() => overlayBatchCommands(distributions, outbox, allocationIds), [distributions, outbox, key]);
}
