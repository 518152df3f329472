// The file sender (docs/REPLICATION.md "Files chosen offline"): uploads each waiting file of the queue (file-queue.ts)
// when online, one tab at a time per file (a Web Lock), and settles it: uploaded (the entry removed, its Blob freed),
// to be retried (each file its own backoff: a file waiting for its retry is passed over and the others go meanwhile;
// a file another tab is sending is looked at again later), or refused (marked failed with the text to show, its
// command still held: it is tried again, replaced or discarded where it was refused). Started with the local data.

import type { FileQueue, QueuedFile } from "./file-queue.ts";
import { type Backoff, type BackoffOptions, createBackoff, DEFAULT_BACKOFF } from "./outbox/backoff.ts";
import { singleFlight } from "./single-flight.ts";

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
  const backoffOptions = options.backoff ?? DEFAULT_BACKOFF;
  const isOnline = options.isOnline ?? (() => true);
  const exclusive = options.exclusive ?? webLock;
  // Each file's own retry: when it may be tried next and its backoff. A file waiting for its retry is passed over,
  // the others are sent meanwhile; the timer wakes the sender for the earliest retry.
  const retries = new Map<string, { at: number; backoff: Backoff; sha256: string }>();
  let stopped = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let unsubscribe: (() => void) | null = null;
  let subscription: { unsubscribe(): void } | null = null;

  function later(file: QueuedFile): void {
    const known = retries.get(file.id);
    const entry =
      known?.sha256 === file.sha256 ? known : { at: 0, backoff: createBackoff(backoffOptions), sha256: file.sha256 };
    entry.at = Date.now() + entry.backoff.next();
    retries.set(file.id, entry);
  }

  function wakeForRetries(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped || retries.size === 0) return;
    const earliest = Math.min(...[...retries.values()].map((entry) => entry.at));
    timer = setTimeout(kick, Math.max(0, earliest - Date.now()));
  }

  async function attempt(file: QueuedFile): Promise<void> {
    let tried = false;
    await exclusive(file.id, async () => {
      tried = true;
      const current = await options.queue.get(file.id);
      if (current?.status !== "waiting") {
        retries.delete(file.id); // discarded or done meanwhile
        return;
      }
      let outcome: UploadAttempt;
      try {
        outcome = await options.upload(current);
      } catch {
        outcome = "retry";
      }
      if (outcome === "done") {
        retries.delete(current.id);
        await options.queue.remove(current.id);
        options.onSettled?.(current);
      } else if (outcome === "retry") {
        later(current);
        await options.queue.update(current.id, { attempts: current.attempts + 1 });
      } else {
        retries.delete(current.id);
        await options.queue.update(current.id, {
          status: "failed",
          attempts: current.attempts + 1,
          error: outcome.failed,
        });
        options.onSettled?.(current);
      }
    });
    // Another tab is sending it: look again later (that tab may close before it is done).
    if (!tried) later(file);
  }

  async function pass(): Promise<void> {
    const files = await options.queue.list();
    // a file no longer waiting, or replaced by another file, has no retry pending
    const waiting = new Map(files.filter((file) => file.status === "waiting").map((file) => [file.id, file.sha256]));
    for (const [id, retry] of retries) if (waiting.get(id) !== retry.sha256) retries.delete(id);
    for (const file of files) {
      if (stopped || !isOnline()) return;
      if (file.status !== "waiting") continue;
      const retry = retries.get(file.id);
      if (retry && retry.at > Date.now()) continue;
      await attempt(file);
    }
  }

  function kick(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    void flush();
  }

  const passes = singleFlight(pass, { stopped: () => stopped, settled: wakeForRetries });

  function flush(): Promise<void> {
    if (stopped || !isOnline()) return Promise.resolve();
    return passes();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe =
        options.onlineEvents?.((online) => {
          if (online) {
            retries.clear(); // the network is back: every file is tried at once
            kick();
          }
        }) ?? null;
      // A file added, tried again or replaced (here or in another tab) is tried at once.
      let known = "";
      subscription = options.queue.list$().subscribe((rows) => {
        const waiting = rows
          .filter((row) => row.status === "waiting")
          .map((row) => `${row.id}:${row.sha256}`)
          .join();
        if (waiting && waiting !== known) void flush();
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
