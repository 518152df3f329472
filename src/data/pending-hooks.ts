// What a screen reads of the outbox besides a read model's rows (useModel lays those over itself): the entries of a
// pending list (pending-lists.ts), as the commands' declarations describe them, by list and op. A screen never
// reads the outbox's mutation names; a new command shows on its screen by its declaration alone.
import { useMemo } from "react";
import type { PendingList } from "../domain/commands/lists.ts";
import { useOutbox } from "./hooks.tsx";
import type { OutboxCommand } from "./models/outbox.ts";
import type { PendingMark } from "./pending.ts";
import {
  type PendingChild,
  type PendingEntry,
  pendingChildren,
  pendingEdits,
  pendingEntries,
} from "./pending-lists.ts";

export type { PendingChild, PendingEntry } from "./pending-lists.ts";

/** The live entries of `list` (of `parentId`'s, and those naming no parent), oldest first. */
export function usePending<L extends PendingList>(list: L, parentId?: string): PendingEntry<L>[] {
  const { rows } = useOutbox();
  return useMemo(() => pendingEntries(list, rows, parentId), [rows, list, parentId]);
}

/** Rows queued under `parentId` in `list` that the stored list (`presentIds`) does not hold yet. */
export function usePendingChildren<T>(
  list: PendingList,
  parentId: string | undefined,
  presentIds: readonly string[],
): PendingChild<T>[] {
  const entries = usePending(list, parentId);
  const present = presentIds.join(",");
  return useMemo(
    () => pendingChildren<T>(entries, parentId, new Set(present ? present.split(",") : [])),
    [entries, parentId, present],
  );
}

/** The stored rows of `list` with queued edits applied and queued removals taken out (pending-lists.ts). */
export function usePendingEdits<T extends { id: string }>(
  list: PendingList,
  rows: readonly T[],
): { row: T; mark: PendingMark | null }[] {
  const entries = usePending(list);
  return useMemo(() => pendingEdits(rows, entries), [rows, entries]);
}

/**
 * The stored commands of `keys` (the ones a screen sent and follows by key, whatever they are: the admin console's
 * edits), in the outbox's order. A key the outbox no longer holds (accepted and pulled) is left out.
 */
export function useSentCommands(keys: readonly string[]): OutboxCommand[] {
  const { rows } = useOutbox();
  return useMemo(() => rows.filter((row) => keys.includes(row.id)), [rows, keys]);
}
