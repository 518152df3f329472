// The outbox as the pending lists its commands' declarations name (src/domain/commands/lists.ts): for a list, the
// entries of the commands that touch it, in sequence order, each with the op its declaration gives, the change read
// from its input and its mark. Screens read these through the hooks of pending-hooks.ts by list and op; no screen
// looks at a mutation name. Pure functions over plain data: unit-tested without a database.
import { commandListEffect } from "../domain/commands/catalogue.ts";
import type { PendingChange, PendingList, PendingOps } from "../domain/commands/lists.ts";
import type { OutboxCommand } from "./models/outbox.ts";
import { markOf, type PendingMark } from "./pending.ts";

export interface PendingEntry<L extends PendingList = PendingList> extends PendingChange {
  list: L;
  op: PendingOps[L];
  mark: PendingMark;
  /** the stored command (its key, status, account, variables), for a resend or a discard */
  command: OutboxCommand;
}

const inputOf = (command: OutboxCommand): Record<string, unknown> => {
  const input = (command.variables as { input?: unknown } | undefined)?.input;
  return typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
};

/** Each command's change, read once per stored command object (the outbox re-emits the same objects). */
const changes = new WeakMap<OutboxCommand, PendingEntry | null>();

function entryOf(command: OutboxCommand): PendingEntry | null {
  if (changes.has(command)) return changes.get(command) ?? null;
  const effect = commandListEffect(command.mutation);
  let entry: PendingEntry | null = null;
  if (effect) {
    const change = effect.read(inputOf(command));
    if (change) entry = { ...change, list: effect.list, op: effect.op, mark: markOf(command), command };
  }
  changes.set(command, entry);
  return entry;
}

/**
 * The entries of `list` in the outbox, oldest first. With `parentId`, only those whose change names that parent or
 * names none (an edit or a removal knows its row, not always the row's parent: the screen matches it by id).
 */
export function pendingEntries<L extends PendingList>(
  list: L,
  commands: readonly OutboxCommand[],
  parentId?: string,
): PendingEntry<L>[] {
  const out: PendingEntry<L>[] = [];
  for (const command of [...commands].sort((a, b) => a.seq - b.seq)) {
    const entry = entryOf(command);
    if (!entry || entry.list !== list) continue;
    if (parentId !== undefined && entry.parentId !== undefined && entry.parentId !== parentId) continue;
    out.push(entry as PendingEntry<L>);
  }
  return out;
}

export interface PendingChild<T> {
  row: T & { id: string };
  mark: PendingMark;
}

/** Rows the list's "add" entries create under `parentId` that the stored list (`presentIds`) does not hold yet. */
export function pendingChildren<T>(
  entries: readonly PendingEntry[],
  parentId: string | undefined,
  presentIds: ReadonlySet<string>,
): PendingChild<T>[] {
  const out: PendingChild<T>[] = [];
  if (!parentId) return out;
  for (const entry of entries) {
    if (entry.op !== "add" || entry.parentId !== parentId || !entry.row || !entry.id || presentIds.has(entry.id))
      continue;
    out.push({ row: entry.row as T & { id: string }, mark: entry.mark });
  }
  return out;
}

/**
 * The stored rows with the list's "edit" entries applied (a rejected one marks the row without its values) and its
 * "remove" entries taken out (a rejected removal keeps the row with its mark).
 */
export function pendingEdits<T extends { id: string }>(
  rows: readonly T[],
  entries: readonly PendingEntry[],
): { row: T; mark: PendingMark | null }[] {
  const out = new Map(rows.map((row) => [row.id, { row, mark: null as PendingMark | null }]));
  for (const entry of entries) {
    const current = entry.id ? out.get(entry.id) : undefined;
    if (!current) continue;
    const { mark } = entry;
    if (entry.op === "remove") {
      if (mark.status !== "rejected") out.delete(current.row.id);
      else out.set(current.row.id, { row: current.row, mark });
    } else if (entry.op === "edit") {
      out.set(current.row.id, { row: { ...current.row, ...(mark.status === "rejected" ? {} : entry.patch) }, mark });
    }
  }
  return [...out.values()];
}
