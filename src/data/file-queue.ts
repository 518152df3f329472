// The durable file queue (docs/REPLICATION.md "Files chosen offline"): a file chosen for an upload, online or not,
// is checked on the device (type, 100 MB), hashed (SHA-256) and kept in IndexedDB, a Dexie database of its own beside
// the outbox (`rxdb-dexie-ll-<userId>-<accountId>--files`, so sign-out and a lost membership delete it with the
// account's other databases). The command it belongs to (e.g. makeSecurityDocument naming the file's slot key) is
// queued in the outbox right after, so the row shows at once through the pending overlay. The sender (below) uploads
// each waiting file when online: it asks what became of the slot (fileUploadStatus: a file whose answer was cut off
// is not sent again), asks the location for the device's own key and the content hash (makeFileLocation, the same
// slot every time, reopened after a cut), POSTs it (postFile: the server's route or the presigned POST), and removes
// the entry, which frees the Blob. Transient failures retry with the outbox's backoff; a refusal marks it failed.
// Nothing is half-kept: the entry is one put in one transaction, and a full device storage (QuotaExceededError)
// leaves nothing behind (StorageFullError). A command the server can only apply to an uploaded file (an import that
// reads it, a signing template) is held in the outbox while its file waits (`holdsCommand`, heldCommandKeys): the
// sender sends it once the file is uploaded, and the commands queued after it are not held up.
import { Dexie, liveQuery, type Table } from "dexie";
import { Observable } from "rxjs";
import { fileExtension, isAcceptedFile, MAX_UPLOAD_BYTES } from "../domain/documents.ts";
import { MESSAGES } from "../domain/messages.ts";
import { type BackoffOptions, createBackoff, DEFAULT_BACKOFF } from "./outbox/backoff.ts";
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
  /** waiting: to be uploaded; failed: refused; kept: held for a screen that sends it itself (never uploaded here) */
  status: "waiting" | "failed" | "kept";
  attempts: number;
  error: string | null;
  createdOn: string;
}

/** The text shown when the device's storage cannot keep the file (nothing of it was kept). */
export const STORAGE_FULL_MESSAGE =
  "Device storage is full: the file was not kept. Free some space on this device and choose it again.";

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
    async remove(id) {
      await db.files.delete(id);
    },
    close: () => db.close(),
  };
}

/**
 * The outbox commands held until their file is uploaded: those of waiting files that hold their command. A refused
 * file no longer holds it (the server then refuses the command with its reason, shown where it was made).
 */
export async function heldCommandKeys(queue: Pick<FileQueue, "list">): Promise<ReadonlySet<string>> {
  const held = new Set<string>();
  for (const file of await queue.list())
    if (file.status === "waiting" && file.holdsCommand && file.commandKey) held.add(file.commandKey);
  return held;
}

/** What one upload attempt came to. */
export type UploadAttempt = "done" | "retry" | { failed: string };

export interface FileSenderOptions {
  queue: FileQueue;
  upload: (file: QueuedFile) => Promise<UploadAttempt>;
  isOnline?: () => boolean;
  onlineEvents?: (listener: (online: boolean) => void) => () => void;
  backoff?: BackoffOptions;
  /** After a file stopped waiting (uploaded and removed, or refused): a command held for it can go now. */
  onSettled?: (file: QueuedFile) => void;
  /** Runs one file's attempt while no other tab does (default: the Web Locks API when there is one). */
  exclusive?: (id: string, run: () => Promise<void>) => Promise<void>;
}

export interface FileSender {
  start(): void;
  /** Uploads what waits; resolves when nothing waits or the sender has to wait (offline, backing off). */
  flush(): Promise<void>;
  stop(): void;
}

function webLock(id: string, run: () => Promise<void>): Promise<void> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks) return run();
  // Another tab uploading the same file: leave it to that tab.
  return locks
    .request(`ll-upload-${id}`, { ifAvailable: true }, async (lock) => {
      if (lock) await run();
    })
    .then(() => undefined);
}

export function createFileSender(options: FileSenderOptions): FileSender {
  const backoff = createBackoff(options.backoff ?? DEFAULT_BACKOFF);
  const isOnline = options.isOnline ?? (() => true);
  const exclusive = options.exclusive ?? webLock;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let unsubscribe: (() => void) | null = null;
  let subscription: { unsubscribe(): void } | null = null;

  async function pass(): Promise<void> {
    for (const file of await options.queue.list()) {
      if (stopped || !isOnline()) return;
      if (file.status !== "waiting") continue;
      let retry = false;
      await exclusive(file.id, async () => {
        const current = await options.queue.get(file.id);
        if (current?.status !== "waiting") return; // discarded or done meanwhile
        let outcome: UploadAttempt;
        try {
          outcome = await options.upload(current);
        } catch {
          outcome = "retry";
        }
        if (outcome === "done") {
          backoff.reset();
          await options.queue.remove(current.id);
          options.onSettled?.(current);
        } else if (outcome === "retry") {
          retry = true;
          await options.queue.update(current.id, { attempts: current.attempts + 1 });
        } else {
          await options.queue.update(current.id, {
            status: "failed",
            attempts: current.attempts + 1,
            error: outcome.failed,
          });
          options.onSettled?.(current);
        }
      });
      if (retry) {
        if (!stopped && !timer) timer = setTimeout(kick, backoff.next());
        return;
      }
    }
  }

  function kick(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    void flush();
  }

  function flush(): Promise<void> {
    if (stopped || !isOnline()) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped && !timer);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe =
        options.onlineEvents?.((online) => {
          if (online) {
            backoff.reset();
            kick();
          }
        }) ?? null;
      // A file added (here or in another tab) is tried at once.
      let known = "";
      subscription = options.queue.list$().subscribe((rows) => {
        const waiting = rows
          .filter((row) => row.status === "waiting")
          .map((row) => row.id)
          .join();
        if (waiting && waiting !== known && !timer) void flush();
        known = waiting;
      });
      void flush();
    },
    flush,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      unsubscribe?.();
      subscription?.unsubscribe();
    },
  };
}
