// Whether a database's outbox may hold commands, kept by the outbox itself in a localStorage key of the app's own
// (`ll.outbox.<database>`), so the entry script's early read (early-read.ts) can tell without opening the outbox's
// database in RxDB's format. Only the value "empty" says the outbox holds no command; a missing or unreadable key
// (a device from before the key, no localStorage) means it may hold some, and the early read is then not used.
//
// Written in the same steps that add and remove commands (outbox.ts), in an order that never leaves "empty" over a
// stored command, whatever another tab does meanwhile:
//   * adding: "may hold" before the command is stored (a tab closed between the two leaves "may hold": safe) and
//     again after it is stored;
//   * after a removal, and once when the outbox starts: "empty" only when the storage holds no command, then the
//     storage is counted again and "may hold" written if a command arrived meanwhile. Another tab's command stored
//     before that second count is seen by it; one stored after it is followed by that tab's own "may hold".
// Free of RxDB: the entry script reads it.

const EMPTY = "empty";
const MAY_HOLD = "may-hold";

export const outboxMarkerKey = (database: string) => `ll.outbox.${database}`;

/** Whether the outbox of `database` is known to hold no command (false when unknown). */
export function outboxKnownEmpty(database: string): boolean {
  try {
    return typeof localStorage !== "undefined" && localStorage.getItem(outboxMarkerKey(database)) === EMPTY;
  } catch {
    return false;
  }
}

function write(database: string, value: string): void {
  try {
    if (typeof localStorage !== "undefined") localStorage.setItem(outboxMarkerKey(database), value);
  } catch {
    // no storage: the key stays as it was, or missing ("may hold")
  }
}

/** Before and after a command is stored. */
export function noteOutboxMayHold(database: string): void {
  write(database, MAY_HOLD);
}

/**
 * After commands were removed, and when the outbox starts: "empty" if `countStored` (the outbox's storage, read
 * afresh) finds no command, checked again afterwards (see the top of this file).
 */
export async function noteOutboxIfEmpty(database: string, countStored: () => Promise<number>): Promise<void> {
  if ((await countStored()) > 0) {
    noteOutboxMayHold(database);
    return;
  }
  write(database, EMPTY);
  if ((await countStored()) > 0) noteOutboxMayHold(database);
}
