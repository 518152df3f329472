// The route's first read of local rows, started by the entry script (main.tsx) before React mounts, beside the
// session request and before RxDB's code has even loaded (issue 15 item 3: /holdings with 50,000 local rows).
//
// It reads the read models' own storage (storage/format.ts, the format this app owns): each collection is an IndexedDB
// database `ll-store-ll-<user>-<account>--<schema version>--<collection>` whose `docs` store holds the documents,
// keyed by the primary key. One getAll per collection, started at once for the route's collections, gives the documents in primary-key order: the order of the screens' live query
// without a sort (`{}`), which is what they ask for.
//
// Nothing read here shows unless every guard agrees:
//   * the account: the read is of the database of the STORED session's user and account, and is only handed out for
//     the same user and account (the signed-in layout's confirmed session: early-rows.ts useEarlyDocs; the opened
//     database's name: hooks.tsx storedDocs$); any other account discards it. The device only holds what the
//     account may see, and a different account's database is never read for it.
//   * the schema: the database name carries the schema version the read assumed (EARLY_READ_VERSIONS); the caller
//     passes the app's schema, and the read is used only if that version matches AND the app opened this collection
//     with exactly this schema before (a fingerprint kept in localStorage once RxDB has opened it: noteSchemaOpened).
//     A changed schema is dropped and pulled again by RxDB (schema-upgrade.ts): its old documents never show.
//   * the outbox: unless the outbox's own marker says it holds no command (outbox-marker.ts, a localStorage key the
//     outbox writes as it adds and removes commands; missing or unreadable: it may hold some), the read is not used
//     (the screens overlay queued commands on their rows, pending.ts; the ordinary live query shows them). The
//     outbox's database (RxDB's format) is never opened here.
//   * a database that does not exist is never created (its open is aborted in onupgradeneeded).
// Once RxDB has opened the database, the live query of the same collection adopts the read's documents (the same
// objects, so the screen's rows and AG Grid's row nodes stay as they are) and applies only what was written after
// it (live-query.ts, `initial`): one read of the collection per page load, one full render of the grid.
// Kept free of RxDB and of the schemas: this module is part of the entry script.

import { outboxKnownEmpty } from "./outbox-marker.ts";
import { SESSION_STORAGE_KEY } from "./session.ts";
import { storeName } from "./storage/format.ts";

/** The collections each path's screen reads first (their schema versions: EARLY_READ_VERSIONS). */
export const EARLY_READS: Readonly<Record<string, readonly string[]>> = {
  "/holdings": ["holdings", "securities", "rounds"],
};

/** Schema versions of the collections read early (the database name carries it; a test compares with the schemas). */
export const EARLY_READ_VERSIONS: Readonly<Record<string, number>> = {
  holdings: 0,
  securities: 0,
  rounds: 0,
};

/** How long an early read waits to be taken before it is dropped (a screen that never asked). */
const EARLY_READ_TTL_MS = 20_000;
/** At most this long after the read started, the local database opens even if the early rows were not shown. */
export const EARLY_ROWS_WAIT_MS = 3_000;

type Raw = Record<string, unknown> & { _deleted?: unknown; _meta?: { lwt?: number } };
export type Lean = Record<string, unknown>;

/** One collection's early read. */
export interface EarlyCollection {
  /** documents not deleted, in primary-key order, without RxDB's meta fields (as live-query.ts gives them) */
  docs: Lean[];
  /** each document's last write time (RxDB's _meta.lwt), parallel to docs */
  lwts: number[];
  /** the newest write among every stored document (deleted ones too): changes after it are caught up on adoption */
  checkpoint: { id: string; lwt: number } | null;
}

interface EarlyRead {
  /** RxDB's database name: ll-<user>-<account>, lower case (database.ts) */
  database: string;
  path: string;
  /** the schema fingerprints kept when the read started (noteSchemaOpened) */
  fingerprints: Record<string, string | null>;
  collections: Map<string, Promise<EarlyCollection | null>>;
  /** whether the outbox is known to hold no command (its marker, read when the read started) */
  outboxEmpty: Promise<boolean>;
  timer: ReturnType<typeof setTimeout> | null;
}

let current: EarlyRead | null = null;

// Resolved once the route's early rows are on screen, or the early read came to nothing (afterEarlyRows).
let rowsWait: { promise: Promise<void>; resolve: () => void } | null = null;
const released = () => {
  const wait = rowsWait;
  rowsWait = null;
  wait?.resolve();
};

export function localDatabaseName(userId: string, accountId: string): string {
  return `ll-${userId}-${accountId}`.toLowerCase();
}

const fingerprintKey = (database: string, collection: string) => `ll.schema.${database}.${collection}`;

/** A short fingerprint of a schema's JSON (FNV-1a, 32 bits, twice with different seeds). */
export function schemaFingerprint(schema: unknown): string {
  const text = JSON.stringify(schema);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(36)}.${b.toString(36)}.${text.length}`;
}

function readStorage(key: string): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The app opened this collection of this database with this schema (RxDB accepted it, or replaced an older one): an
 * early read of a later page load may show it before RxDB opens. Called once the database is open (hooks.tsx).
 */
export function noteSchemaOpened(database: string, collection: string, schema: unknown): void {
  try {
    if (typeof localStorage !== "undefined")
      localStorage.setItem(fingerprintKey(database, collection), schemaFingerprint(schema));
  } catch {
    // no storage: no early reads on the next page load
  }
}

/** Reads every document of one IndexedDB database's `docs` store (null if the database or the store is missing). */
function readDocs(factory: IDBFactory, name: string): Promise<Raw[] | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name);
    } catch {
      resolve(null);
      return;
    }
    // the database does not exist: do not create it (RxDB creates it with its stores when it opens)
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      // never hold RxDB up: it may need to open (or delete) this database
      db.onversionchange = () => db.close();
      try {
        if (!db.objectStoreNames.contains("docs")) {
          db.close();
          resolve(null);
          return;
        }
        const read = db.transaction("docs", "readonly").objectStore("docs").getAll();
        read.onsuccess = () => {
          db.close();
          resolve(read.result as Raw[]);
        };
        read.onerror = () => {
          db.close();
          resolve(null);
        };
      } catch {
        db.close();
        resolve(null);
      }
    };
  });
}

/** Stored documents as the live query keeps them: not deleted, lean, with their write times and the checkpoint. */
export function toEarlyCollection(stored: readonly Raw[], primary = "id"): EarlyCollection {
  const docs: Lean[] = [];
  const lwts: number[] = [];
  let checkpoint: EarlyCollection["checkpoint"] = null;
  for (const raw of stored) {
    const lwt = raw._meta?.lwt ?? 0;
    const id = raw[primary] as string;
    if (!checkpoint || lwt > checkpoint.lwt || (lwt === checkpoint.lwt && id > checkpoint.id)) checkpoint = { id, lwt };
    // the Dexie storage keeps booleans of indexed fields as '1'/'0': _deleted is one (the collections read early
    // index no other boolean field)
    if (raw._deleted === "1" || raw._deleted === true) continue;
    const { _meta, _rev, _attachments, _deleted, ...doc } = raw;
    docs.push(doc);
    lwts.push(lwt);
  }
  return { docs, lwts, checkpoint };
}

const performanceMark = (name: string) => {
  if (typeof performance !== "undefined" && typeof performance.mark === "function") performance.mark(name);
};

/**
 * Starts the early read of `path`'s collections from the stored session's database (nothing without a stored session,
 * IndexedDB, or a screen that reads early). `factory` and `session` are for tests.
 */
export function startEarlyRead(
  path: string,
  options: { factory?: IDBFactory; session?: { userId: string; accountId: string } | null } = {},
): void {
  const collections = EARLY_READS[path];
  const factory = options.factory ?? (typeof indexedDB === "undefined" ? undefined : indexedDB);
  if (!collections || !factory) return;
  const session = options.session === undefined ? storedSession() : options.session;
  if (!session) return;
  discardEarlyRead();
  const database = localDatabaseName(session.userId, session.accountId);
  // the read models live in the app's own storage (storage/format.ts)
  const storeOf = (collection: string) => storeName(database, EARLY_READ_VERSIONS[collection] ?? 0, collection);
  performanceMark("ll:early-read:start");
  const read: EarlyRead = {
    database,
    path,
    fingerprints: Object.fromEntries(collections.map((c) => [c, readStorage(fingerprintKey(database, c))])),
    collections: new Map(
      collections.map((collection) => [
        collection,
        readDocs(factory, storeOf(collection)).then((stored) => {
          if (!stored) return null;
          const early = toEarlyCollection(stored);
          performanceMark(`ll:early-read:${collection}`);
          return early;
        }),
      ]),
    ),
    outboxEmpty: Promise.resolve(outboxKnownEmpty(database)),
    timer: null,
  };
  read.timer = setTimeout(() => {
    if (current === read) current = null;
  }, EARLY_READ_TTL_MS);
  current = read;
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  rowsWait = { promise, resolve };
  const release = () => {
    if (rowsWait?.promise === promise) released();
  };
  setTimeout(release, EARLY_ROWS_WAIT_MS);
  // nothing the screen could show: a missing collection, or commands in the outbox
  void Promise.all([...read.collections.values(), read.outboxEmpty]).then((results) => {
    if (results.some((result) => !result)) release();
  });
}

/** Drops the early read (sign-out, account switch, or once nothing will take it). */
export function discardEarlyRead(): void {
  if (current?.timer) clearTimeout(current.timer);
  current = null;
  released();
}

/**
 * Resolves once the screen has shown the early read's rows (earlyRowsShown), the read came to nothing (a missing
 * collection, queued commands, another account or schema), or EARLY_ROWS_WAIT_MS after it started; at once when no
 * early read runs. The local database's opening and its sync wait for it (session.ts, LocalDataProvider.tsx): RxDB's
 * twelve collections and the replication's checkpoint stores would otherwise open in the same IndexedDB backend, and
 * run on the same main thread, while the read and the grid's first render are under way (issue 15 item 3).
 */
export function afterEarlyRows(): Promise<void> {
  return rowsWait?.promise ?? Promise.resolve();
}

/**
 * The screen shows the rows it read first (the early read's, or its live query's), or the page went to a screen that
 * does not show them (main.tsx): the local database may open.
 */
export function earlyRowsShown(): void {
  released();
}

/** The stored session's user and account, read without the session module's schema (kept small for the entry). */
function storedSession(): { userId: string; accountId: string } | null {
  const text = readStorage(SESSION_STORAGE_KEY);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { user?: { id?: unknown } | null; account?: { id?: unknown } | null };
    const userId = parsed.user?.id;
    const accountId = parsed.account?.id;
    return typeof userId === "string" && typeof accountId === "string" && userId && accountId
      ? { userId, accountId }
      : null;
  } catch {
    return null;
  }
}

/**
 * One collection's early read for this database and schema, or null: another user or account, another schema (its
 * version or its fingerprint), a collection not read early, a missing database, or commands in the outbox. The screen
 * shows it until its live query answers; the live query adopts it (live-query.ts `initial`), which stays right
 * however late it comes: it reads every change written after the read's checkpoint.
 */
export function earlyCollection(
  database: string,
  collection: string,
  schema: { version: number },
): Promise<EarlyCollection | null> | null {
  const read = current;
  if (!read) return null;
  const pending = read.collections.get(collection);
  if (!pending) return null;
  if (
    read.database !== database ||
    schema.version !== EARLY_READ_VERSIONS[collection] ||
    read.fingerprints[collection] !== schemaFingerprint(schema)
  ) {
    // the screen cannot show it: the local database need not wait for it
    released();
    return null;
  }
  return Promise.all([pending, read.outboxEmpty]).then(([early, outboxEmpty]) => (outboxEmpty ? early : null));
}
