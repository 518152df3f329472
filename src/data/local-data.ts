// The open local data of the page: the signed-in user's database for the selected account, its replication and its
// outbox, wired to the sync status store. The shell opens it once the session names a user and an account, and
// closes it on sign-out or account switch (sign-out then deletes the databases: src/data/local.ts).
// A session that expired while offline keeps the database and its outbox; the next sign-in of the SAME user and
// account opens the same database (same name) and sends what waited. Another user or account opens another
// database and never sees, let alone sends, those commands.

import type { RxStorage } from "rxdb";
import { distinctUntilChanged, map } from "rxjs";
import type { CommandName, VariablesOf } from "../domain/commands/catalogue.ts";
import { createAcceptedPurge } from "./accepted-purge.ts";
import { type Connectivity, gatedTransport, connectivity as pageConnectivity } from "./connectivity.ts";
import type { LocalDatabase } from "./database.ts";
import { LOCAL_INDEXEDDB_PREFIX, openLocalDatabase } from "./database.ts";
import { deviceId as browserDeviceId } from "./device.ts";
import {
  createFileSender,
  type FileQueue,
  filesDatabaseName,
  heldCommands,
  holdsItsCommand,
  openFileQueue,
  type QueuedFile,
  requeueLostCommands,
  type UploadAttempt,
} from "./file-queue.ts";
import type { ReadModelName } from "./models/index.ts";
import { commandSender, createOutbox, type Outbox } from "./outbox.ts";
import { type Replication, startReplication } from "./replication.ts";
import { type SyncStatusStore, syncStatus } from "./sync-status.ts";
import { browserTransport, type SyncTransport } from "./transport.ts";
import { uploadQueuedFile } from "./upload-file.ts";

export interface LocalData {
  userId: string;
  accountId: string;
  db: LocalDatabase;
  outbox: Outbox;
  replication: Replication;
  /** Files chosen for uploads, kept until uploaded (file-queue.ts); null where there is no IndexedDB (Node). */
  files: FileQueue | null;
  /** Stops syncing and closes the database (its data stays on the device). */
  close(): Promise<void>;
  /** Stops syncing and deletes the database with everything in it, outbox included. */
  remove(): Promise<void>;
}

interface StartLocalDataOptions {
  userId: string;
  accountId: string;
  transport?: SyncTransport;
  storage?: RxStorage<unknown, unknown>;
  deviceId?: string;
  status?: SyncStatusStore;
  /** pull retry pause (ms) */
  retryTime?: number;
  backoff?: { initialMs: number; maxMs: number };
  isOnline?: () => boolean;
  /** Only these read models (default: all; see openLocalDatabase). */
  models?: readonly ReadModelName[];
  /**
   * Whether the server can be reached (default: the page's in a browser, none in Node): offline, pulls, the change
   * stream and the outbox wait without a request, and resume when it says online.
   */
  connectivity?: Connectivity | null;
  /** The file queue (default: its IndexedDB database in a browser, none in Node) and how a file is uploaded. */
  files?: FileQueue | null;
  uploadFile?: (file: QueuedFile) => Promise<UploadAttempt>;
}

/** Where the last successful sync of an account on this device is kept, so an offline reload can say when it was. */
export const lastSyncedKey = (userId: string, accountId: string) => `ll.lastSynced.${userId}.${accountId}`;
// (logout forgets them all: closeLocalDataForSignOut)

function storedLastSynced(key: string): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storeLastSynced(key: string, iso: string): void {
  try {
    if (typeof localStorage !== "undefined") localStorage.setItem(key, iso);
  } catch {
    // private mode or a full storage: the top bar then only knows this page's syncs
  }
}

export async function startLocalData(options: StartLocalDataOptions): Promise<LocalData> {
  const net =
    options.connectivity === undefined
      ? typeof window === "undefined"
        ? null
        : pageConnectivity
      : options.connectivity;
  const transport = net
    ? gatedTransport(options.transport ?? browserTransport(), net)
    : (options.transport ?? browserTransport());
  const status = options.status ?? syncStatus;
  status.reset();
  const syncedKey = lastSyncedKey(options.userId, options.accountId);
  const syncedBefore = storedLastSynced(syncedKey);
  status.update({ lastSyncedOn: syncedBefore, ...(net ? { online: net.online() } : {}) });
  mark("ll:local-data:open");
  const db = await openLocalDatabase({
    userId: options.userId,
    accountId: options.accountId,
    storage: options.storage,
    models: options.models,
  });
  mark("ll:local-data:opened");
  const replication = startReplication({ db, transport, retryTime: options.retryTime, connectivity: net });

  // An accepted command stays in the outbox until a pull that started after the server's answer has ended
  // (accepted-purge.ts).
  const acceptedPurge = createAcceptedPurge({
    freshSince: () => replication.freshSince(),
    purge: (answeredBefore) => outbox.purgeAccepted(answeredBefore),
    hasAccepted: async () => (await outbox.commands()).some((command) => command.status === "accepted"),
    reSync: () => replication.reSync(),
  });
  // Files chosen for uploads wait in their own IndexedDB database and go when online (docs/REPLICATION.md "Files
  // chosen offline"), each tab sending (one tab at a time per file, by a Web Lock).
  const files =
    options.files !== undefined
      ? options.files
      : typeof indexedDB === "undefined"
        ? null
        : openFileQueue(filesDatabaseName(LOCAL_INDEXEDDB_PREFIX, options.userId, options.accountId));
  const outbox = createOutbox({
    collection: db.outbox,
    userId: options.userId,
    accountId: options.accountId,
    deviceId: options.deviceId ?? browserDeviceId(),
    send: commandSender(transport),
    backoff: options.backoff,
    isOnline: options.isOnline ?? (net ? () => net.online() : undefined),
    onlineEvents: net
      ? (listener) => net.subscribe((state) => (state === "online" ? listener(true) : listener(false)))
      : undefined,
    // Every tab sends. Sending only from the RxDB leader tab was tried: after a full-page navigation the new page
    // could wait a long time for leadership while its commands sat unsent. A second delivery of a command is
    // harmless (the server applies a key once and answers every delivery the same), and so is writing the same
    // answer twice into the shared outbox.
    isSender: () => true,
    // An import or template that reads its uploaded file waits for it, and so do the commands that name its record or
    // its file (file-queue.ts heldCommands, outbox/order.ts).
    held: files ? () => heldCommands(files) : undefined,
    // Accepted commands changed server rows: pull now (they leave the outbox after that pull).
    onAccepted: () => acceptedPurge.accepted(),
  });

  const fileSender = files
    ? createFileSender({
        queue: files,
        upload: options.uploadFile ?? uploadQueuedFile,
        backoff: options.backoff,
        isOnline: options.isOnline ?? (net ? () => net.online() : undefined),
        onlineEvents: net ? (listener) => net.subscribe((state) => listener(state === "online")) : undefined,
      })
    : null;

  const subscriptions = [
    // The outbox hears of every file that stops holding a command (uploaded, discarded, here or in another tab) from
    // the file queue itself: the held commands may go now. Its answer is read after each change is written.
    ...(files
      ? [
          files
            .list$()
            .pipe(
              map((rows) =>
                rows
                  .filter(holdsItsCommand)
                  .map((row) => `${row.commandKey}:${row.status}`)
                  .sort()
                  .join(),
              ),
              distinctUntilChanged(),
            )
            .subscribe(() => void outbox.flush()),
        ]
      : []),
    outbox.state$.subscribe((state) =>
      status.update({ waiting: state.waiting, rejected: state.rejected, outboxPaused: state.paused }),
    ),
    replication.progress$
      .pipe(
        map((progress) => progress.lastSyncedOn),
        distinctUntilChanged(),
      )
      .subscribe(() => void acceptedPurge.pulled()),
    replication.progress$
      .pipe(
        map((progress) => progress.lastSyncedOn),
        distinctUntilChanged(),
      )
      .subscribe((lastSyncedOn) => {
        if (lastSyncedOn) storeLastSynced(syncedKey, lastSyncedOn);
      }),
    replication.progress$.subscribe((progress) =>
      status.update({
        streamConnected: progress.streamConnected,
        // before this page's first sync, the last one of this account on this device
        lastSyncedOn: progress.lastSyncedOn ?? syncedBefore,
        error: progress.error,
        storageFull: progress.storageFull,
        firstSync: {
          done: progress.collectionsDone >= progress.collectionsTotal,
          collectionsDone: progress.collectionsDone,
          collectionsTotal: progress.collectionsTotal,
          documentsReceived: progress.documentsReceived,
          documentsExpected: progress.documentsExpected,
          fromEmpty: progress.fromEmpty,
        },
      }),
    ),
  ];
  const onOnline = () => {
    status.update({ online: true });
    replication.reSync();
  };
  const onOffline = () => status.update({ online: false });
  const unsubscribeNet = net?.subscribe((state) => (state === "online" ? onOnline() : onOffline()));
  if (!net && typeof window !== "undefined") {
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
  }

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      unsubscribeNet?.();
      if (!net && typeof window !== "undefined") {
        window.removeEventListener("online", onOnline);
        window.removeEventListener("offline", onOffline);
      }
      for (const subscription of subscriptions) subscription.unsubscribe();
      outbox.stop();
      acceptedPurge.stop();
      fileSender?.stop();
      await replication.stop();
    })());

  outbox.start();
  // A file kept without its held command (the page closed between the two) gets it back before any file is sent.
  if (files)
    void requeueLostCommands(files, {
      commands: () => outbox.commands(),
      enqueue: (mutation, variables, enqueueOptions) =>
        outbox.enqueue(mutation as CommandName, variables as VariablesOf<CommandName>, enqueueOptions),
    })
      .catch((error) => console.error("a file's command could not be queued again:", error))
      .finally(() => {
        if (!stopped) fileSender?.start();
      });
  else fileSender?.start();

  return {
    userId: options.userId,
    accountId: options.accountId,
    db,
    outbox,
    replication,
    files,
    async close() {
      await stop();
      files?.close();
      await db.close();
    },
    async remove() {
      await stop();
      files?.close();
      if (files && typeof indexedDB !== "undefined") indexedDB.deleteDatabase(files.name);
      await db.remove();
    },
  };
}

let current: Promise<LocalData> | null = null;
let currentKey: string | null = null;
// Set by logout: the page is leaving and its databases are being deleted; nothing may open them again meanwhile (a
// guard re-run by a session revalidation would otherwise start a replication that recreates them).
let signedOut = false;

/** The page's local data for this user and account, opened on first use (closing another one first). */
export async function openLocalDataFor(
  userId: string,
  accountId: string,
  options: Partial<StartLocalDataOptions> = {},
) {
  const key = `${userId}/${accountId}`;
  if (signedOut) throw new Error("Signed out: the local data is being removed.");
  if (current && currentKey === key) return current;
  await closeLocalData();
  if (signedOut) throw new Error("Signed out: the local data is being removed.");
  currentKey = key;
  current = startLocalData({ ...options, userId, accountId });
  current.catch(() => {
    if (currentKey === key) {
      current = null;
      currentKey = null;
    }
  });
  return current;
}

/** The open local data, if any (null before sign-in or while switching accounts). */
export async function currentLocalData(): Promise<LocalData | null> {
  return current ? current.catch(() => null) : null;
}

/**
 * The open local data, waiting up to `ms` for the one the page is about to open: after a page load the shell opens it
 * once the first screen has painted, and a file chosen at once (an OCF package right after an offline reload) must be
 * kept, not refused for want of a database.
 */
export async function openingLocalData(ms = 15_000): Promise<LocalData | null> {
  const deadline = Date.now() + ms;
  while (!current && !signedOut && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return currentLocalData();
}

/** Closes and deletes the open local data if it is this user's and account's (the account was lost: account-access.ts). */
export async function removeLocalDataOf(userId: string, accountId: string): Promise<void> {
  if (!current || currentKey !== `${userId}/${accountId}`) return;
  const open = current;
  current = null;
  currentKey = null;
  await (await open.catch(() => null))?.remove();
}

/** Logout: closes the local data for the rest of this page's life (the page then leaves for /authenticate/logout). */
export async function closeLocalDataForSignOut(): Promise<void> {
  signedOut = true;
  await closeLocalData();
  // the data goes (local.ts), and with it what the device knew of its last syncs
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith("ll.lastSynced.")) localStorage.removeItem(key);
  } catch {
    // no storage: nothing kept
  }
}

async function closeLocalData(): Promise<void> {
  const open = current;
  current = null;
  currentKey = null;
  if (open) await (await open.catch(() => null))?.close();
}

/** Sends one command through the open local data's outbox (every write of the app goes through here). */
export async function sendCommand<N extends CommandName>(mutation: N, variables: VariablesOf<N>) {
  const data = await currentLocalData();
  if (!data) throw new Error("No local data is open: sign in and pick an account first.");
  return data.outbox.enqueue(mutation, variables);
}

/** A User Timing mark (shown in the browser's performance panel; the benchmarks read them). */
function mark(name: string) {
  if (typeof performance !== "undefined" && typeof performance.mark === "function") performance.mark(name);
}
