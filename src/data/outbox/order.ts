// The order rule of the outbox while commands are held for their files (docs/REPLICATION.md "Files chosen offline"):
// a command held for its file (an import that reads it, a signing template) stays on the device until the file is
// uploaded, and so does every later command that names a record of a held command: the record it creates or changes
// (its `input.id`, or the `id` of the row it creates, `createX(input: {x: {id}})`) or the file it waits for (the
// upload slot's key). Such a command, held in turn, holds the later commands that name its own records. A command
// that names none of them is unrelated and goes at once: the queue is never blocked by a file.
// Pure: the sender (sender.ts) applies it to each batch it reads.
import type { OutboxCommand } from "../models/outbox.ts";

/** The commands held for their files: command key -> the keys of the files it waits for. */
export type HeldCommands = ReadonlyMap<string, readonly string[]>;

type Command = Pick<OutboxCommand, "id" | "variables">;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The records a command makes or changes: its input's `id`, and the `id` of each row its input carries. */
export function recordsOf(command: Command): string[] {
  const input = isRecord(command.variables) ? command.variables.input : null;
  if (!isRecord(input)) return [];
  const records: string[] = [];
  if (typeof input.id === "string") records.push(input.id);
  for (const value of Object.values(input)) if (isRecord(value) && typeof value.id === "string") records.push(value.id);
  return records;
}

/** Whether any string in the value (at any depth) is one of the keys. */
function names(value: unknown, keys: ReadonlySet<string>): boolean {
  if (typeof value === "string") return keys.has(value);
  if (Array.isArray(value)) return value.some((item) => names(item, keys));
  if (isRecord(value)) return Object.values(value).some((item) => names(item, keys));
  return false;
}

/**
 * Which commands of a batch (in sequence order, starting at the first pending command) must wait: those held for
 * their files, and every later one that names a record of a command waiting before it.
 */
export function waitingCommands(batch: readonly Command[], held: HeldCommands): Set<string> {
  const waiting = new Set<string>();
  const blocking = new Set<string>();
  for (const command of batch) {
    const files = held.get(command.id);
    if (!files && !(blocking.size > 0 && names(command.variables, blocking))) continue;
    waiting.add(command.id);
    for (const key of files ?? []) blocking.add(key);
    for (const record of recordsOf(command)) blocking.add(record);
  }
  return waiting;
}
