// The durable file queue (docs/REPLICATION.md "Files chosen offline"): a file chosen for an upload, online or not,
// is checked on the device (type, 100 MB), hashed (SHA-256) and kept in IndexedDB, a Dexie database of its own beside
// the outbox (`rxdb-dexie-ll-<userId>-<accountId>--files`, so sign-out and a lost membership delete it with the
// account's other databases). The command it belongs to (e.g. makeSecurityDocument naming the file's slot key) is
// queued in the outbox right after, so the row shows at once through the pending overlay. The sender (file-sender.ts)
// uploads each waiting file when online: it asks what became of the slot (fileUploadStatus: a file whose answer was
// cut off is not sent again), asks the location for the device's own key and the content hash (makeFileLocation, the
// same slot every time, reopened after a cut), POSTs it (postFile: the server's route or the presigned POST), and
// removes the entry, which frees the Blob. Transient failures retry with the outbox's backoff; a refusal marks it
// failed. Nothing is half-kept: the entry is one put in one transaction, and a full device storage (QuotaExceededError)
// leaves nothing behind (StorageFullError). A command the server can only apply to an uploaded file (an import that
// reads it, a signing template) is held in the outbox while its file waits or was refused (`holdsCommand`,
// heldCommands): the sender sends it once the file is uploaded, and only the commands that name its record or its
// file wait behind it (outbox/order.ts). A refused file is tried again, or replaced by another file in the same slot
// (retry, replace), where it was refused: its command and everything else stay as they are. Each waiting file has
// its own backoff: one that waits for its retry does not hold up the others.
import { Dexie, liveQuery, type Table } from "dexie";
import { Observable } from "rxjs";
import { fileExtension, isAcceptedFile, MAX_UPLOAD_BYTES } from "../domain/documents.ts";
import { MESSAGES } from "../domain/messages.ts";
import type { HeldCommands } from "./outbox/order.ts";
import { isStorageFull } from "./storage-full.ts";

/** What a file is for, as makeFileLocation takes it (app_private.upload_slot_purpose). */
export type FilePurpose = "evidence" | "logo" | "document";

export interface QueuedFile {
  /** the upload slot's key, made on the device (the server makes the slot on first use) */
  id: string;
  /** SHA-256 of the content, 64 lowercase hex digits */
  sha256: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  /** where it was chosen (e.g. "security:<id>"): the screen lists its waiting files there */
  place: string;
  /**
   * What the file is for, sent when its upload slot is asked for (the server checks it by that: evidence up to
   * 100 MB, a logo 1 MB); unset, the server infers it (a host's photo of evidence would be taken for a logo).
   */
  purpose?: FilePurpose;
  /** the outbox command it belongs to (its key), and what undoes that command once sent */
  commandKey: string | null;
  undo: { mutation: string; variables: Record<string, unknown> } | null;
  /** the command reads the uploaded file on the server: the outbox holds it while the file waits */
  holdsCommand?: boolean;
  /**
   * The held command itself, kept with its file: the file is stored before its command, so a page closed in between
   * (a reload right after choosing) leaves the file without its command; it is queued again from here
   * (requeueLostCommands).
   */
  command?: { mutation: string; variables: Record<string, unknown> };
  /** waiting: to be uploaded; failed: refused; kept: held for a screen that sends it itself (never uploaded here) */
  status: "waiting" | "failed" | "kept";
  attempts: number;
  error: string | null;
  createdOn: string;
}

/** The text shown when the device's storage cannot keep the file (nothing of it was kept). */
export const STORAGE_FULL_MESSAGE =
  "Device storage is full: the file was not kept. Free some space on this device and choose it again.";

/** A refused file replaced after it left the device (discarded in another tab meanwhile). */
export const FILE_GONE_MESSAGE = "This file is no longer on this device: choose it again.";

export class FileRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FileRefusedError";
  }
}

export class StorageFullError extends FileRefusedError {
  constructor(cause?: unknown) {
    super(STORAGE_FULL_MESSAGE);
    this.name = "StorageFullError";
    this.cause = cause;
  }
}

/** Type and size, checked on the device before anything is kept (the server checks them again). */
export function checkFile(file: { name: string; size: number }): string | null {
  if (!isAcceptedFile(file.name) || !fileExtension(file.name)) return MESSAGES.uploadFileTypes;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.uploadTooLarge;
  return null;
}

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

class FilesDatabase extends Dexie {
  files!: Table<QueuedFile, string>;
  constructor(name: string, dependencies?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }) {
    super(name, dependencies);
    this.version(1).stores({ files: "id, place, status, createdOn" });
  }
}

export interface FileQueue {
  readonly name: string;
  /**
   * Checks and keeps the file (one transaction), then runs `queueCommand(slotKey)` (which queues the command that
   * names it in the outbox); if that fails the file is removed again. Throws FileRefusedError (type, size) or
   * StorageFullError with nothing kept.
   */
  add(options: {
    file: File;
    place: string;
    /** what the file is for (QueuedFile.purpose) */
    purpose?: FilePurpose;
    id?: string;
    commandKey?: string | null;
    undo?: QueuedFile["undo"];
    /** The command reads the uploaded file: it is held in the outbox until the file is uploaded. */
    holdsCommand?: boolean;
    /** The held command (QueuedFile.command), queued again if the page closes before queueCommand stored it. */
    command?: QueuedFile["command"];
    /** Keep it only (status kept): the screen that chose it sends it itself once online (an OCF package). */
    keepOnly?: boolean;
    queueCommand?: (slotKey: string) => Promise<unknown>;
    /** The place's own check of the file (a logo: an image by its content, 1 MB); by default a document's. */
    check?: (file: File) => Promise<string | null>;
  }): Promise<QueuedFile>;
  get(id: string): Promise<QueuedFile | undefined>;
  /** The waiting and failed files, oldest first (of one place, or all). */
  list(place?: string): Promise<QueuedFile[]>;
  /** The same, live (across tabs too). */
  list$(place?: string): Observable<QueuedFile[]>;
  update(id: string, changes: Partial<QueuedFile>): Promise<void>;
  /** A refused file waits again (the same file, the same slot): the sender tries it at once. */
  retry(id: string): Promise<void>;
  /**
   * Another file in a refused (or waiting) file's place and slot: checked like a new one (`check`, by default a
   * document's), hashed and kept in one write, then waiting; the command naming the slot stays as it is. Throws
   * FileRefusedError / StorageFullError with the entry unchanged.
   */
  replace(id: string, file: File, check?: (file: File) => Promise<string | null>): Promise<QueuedFile>;
  /** Removes the entry and its Blob. */
  remove(id: string): Promise<void>;
  close(): void;
}

export function filesDatabaseName(prefix: string, userId: string, accountId: string): string {
  return `${prefix}${userId}-${accountId}--files`;
}

export function openFileQueue(
  name: string,
  dependencies?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange },
): FileQueue {
  const db = new FilesDatabase(name, dependencies);
  const list = async (place?: string) => {
    const rows = place === undefined ? await db.files.toArray() : await db.files.where("place").equals(place).toArray();
    return rows.sort((a, b) => a.createdOn.localeCompare(b.createdOn) || a.id.localeCompare(b.id));
  };
  return {
    name,
    async add({
      file,
      place,
      purpose,
      id,
      commandKey = null,
      undo = null,
      holdsCommand = false,
      command,
      keepOnly,
      queueCommand,
      check,
    }) {
      const problem = check ? await check(file) : checkFile(file);
      if (problem) throw new FileRefusedError(problem);
      const entry: QueuedFile = {
        id: id ?? crypto.randomUUID(),
        sha256: await sha256Hex(file),
        name: file.name,
        type: file.type || "application/octet-stream",
        size: file.size,
        // A Blob of its own (a File from an <input> may point at a file the user later moves or deletes).
        blob: new Blob([await file.arrayBuffer()], { type: file.type }),
        place,
        ...(purpose ? { purpose } : {}),
        commandKey,
        undo,
        holdsCommand,
        ...(command ? { command } : {}),
        status: keepOnly ? "kept" : "waiting",
        attempts: 0,
        error: null,
        createdOn: new Date().toISOString(),
      };
      try {
        await db.transaction("rw", db.files, () => db.files.add(entry));
      } catch (error) {
        if (isStorageFull(error)) throw new StorageFullError(error);
        throw error;
      }
      if (queueCommand) {
        try {
          await queueCommand(entry.id);
        } catch (error) {
          await db.files.delete(entry.id).catch(() => undefined);
          if (isStorageFull(error)) throw new StorageFullError(error);
          throw error;
        }
      }
      return entry;
    },
    get: (id) => db.files.get(id),
    list,
    list$: (place) =>
      new Observable<QueuedFile[]>((subscriber) => {
        const subscription = liveQuery(() => list(place)).subscribe({
          next: (rows) => subscriber.next(rows),
          error: (error) => subscriber.error(error),
        });
        return () => subscription.unsubscribe();
      }),
    async update(id, changes) {
      await db.files.update(id, changes);
    },
    async retry(id) {
      await db.files.update(id, { status: "waiting", error: null, attempts: 0 });
    },
    async replace(id, file, check) {
      const problem = check ? await check(file) : checkFile(file);
      if (problem) throw new FileRefusedError(problem);
      const current = await db.files.get(id);
      if (!current) throw new FileRefusedError(FILE_GONE_MESSAGE);
      const entry: QueuedFile = {
        ...current,
        sha256: await sha256Hex(file),
        name: file.name,
        type: file.type || "application/octet-stream",
        size: file.size,
        blob: new Blob([await file.arrayBuffer()], { type: file.type }),
        status: current.status === "kept" ? "kept" : "waiting",
        attempts: 0,
        error: null,
      };
      try {
        await db.transaction("rw", db.files, () => db.files.put(entry));
      } catch (error) {
        if (isStorageFull(error)) throw new StorageFullError(error);
        throw error;
      }
      return entry;
    },
    async remove(id) {
      await db.files.delete(id);
    },
    close: () => db.close(),
  };
}

/**
 * The outbox commands held until their file is uploaded, with the keys of the files each waits for: those of waiting
 * or refused files that hold their command. A refused file keeps holding it: it is tried again or replaced where it
 * was refused (or discarded with its command), and the command goes once the file is uploaded.
 */
export async function heldCommands(queue: Pick<FileQueue, "list">): Promise<HeldCommands> {
  const held = new Map<string, string[]>();
  for (const file of await queue.list())
    if (holdsItsCommand(file) && file.commandKey)
      held.set(file.commandKey, [...(held.get(file.commandKey) ?? []), file.id]);
  return held;
}

/** The file entries that hold their command (waiting, or refused and to be tried again). */
export function holdsItsCommand(file: QueuedFile): boolean {
  return (file.status === "waiting" || file.status === "failed") && Boolean(file.holdsCommand && file.commandKey);
}

/**
 * Queues again, with its own key, the held command of a file whose command the outbox does not have: the page closed
 * after the file was kept and before its command was stored (tests/e2e/imports-offline.e2e.test.ts reloads right
 * after choosing a template). Such a command cannot have been sent: it is held while its file is on the device.
 * Returns the keys queued again.
 */
export async function requeueLostCommands(
  queue: Pick<FileQueue, "list">,
  outbox: {
    commands(): Promise<readonly { id: string }[]>;
    enqueue(mutation: string, variables: Record<string, unknown>, options: { key: string }): Promise<unknown>;
  },
): Promise<string[]> {
  const files = (await queue.list()).filter((file) => holdsItsCommand(file) && file.command);
  if (files.length === 0) return [];
  const stored = new Set((await outbox.commands()).map((command) => command.id));
  const requeued: string[] = [];
  for (const file of files) {
    const key = file.commandKey as string;
    if (stored.has(key) || !file.command) continue;
    try {
      await outbox.enqueue(file.command.mutation, file.command.variables, { key });
      requeued.push(key);
    } catch (error) {
      // a command of an older version that no longer fits its schema: the file stays, shown with Discard
      console.error("a file's command could not be queued again:", error);
    }
  }
  return requeued;
}

/** The keys of the commands heldCommands holds. */
export async function heldCommandKeys(queue: Pick<FileQueue, "list">): Promise<ReadonlySet<string>> {
  return new Set((await heldCommands(queue)).keys());
}

export {
  createFileSender,
  type FileSender,
  type FileSenderOptions,
  type UploadAttempt,
} from "./file-sender.ts";
