// The route's early read (early-read.ts) on RxDB's own Dexie storage over fake-indexeddb: the documents RxDB stored,
// read without RxDB, handed out only for the same user and account, schema and an outbox its own marker says is empty
// (outbox-marker.ts: the outbox's database is never opened), and adopted by the live query (live-query.ts `initial`)
// with what was written after the read.
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from "rxdb";
import { RxDBLocalDocumentsPlugin } from "rxdb/plugins/local-documents";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { localStorageFor } from "./database.ts";
import {
  afterEarlyRows,
  discardEarlyRead,
  EARLY_READ_VERSIONS,
  EARLY_READS,
  earlyCollection,
  earlyRowsShown,
  localDatabaseName,
  noteSchemaOpened,
  startEarlyRead,
} from "./early-read.ts";
import { liveDocs$ } from "./live-query.ts";
import { COLLECTION_MODELS, type HoldingDoc, OUTBOX_SCHEMA } from "./models/index.ts";
import { createOutbox, type Outbox, type OutboxCollection } from "./outbox.ts";
import { outboxKnownEmpty, outboxMarkerKey } from "./outbox-marker.ts";

// the outbox keeps its sequence counter in a local document (database.ts adds the plugin in the app)
addRxPlugin(RxDBLocalDocumentsPlugin);

const USER = "8d0f0a52-0000-4000-8000-000000000001";
const ACCOUNT = "8d0f0a52-0000-4000-8000-0000000000a1";
const OTHER_ACCOUNT = "8d0f0a52-0000-4000-8000-0000000000a2";
const DATABASE = localDatabaseName(USER, ACCOUNT);

let factory: IDBFactory;
const open: RxDatabase[] = [];
const outboxes: Outbox[] = [];
let storageFails = false;

beforeEach(() => {
  factory = new IDBFactory();
  const store = new Map<string, string>();
  storageFails = false;
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => {
      if (storageFails) throw new Error("SecurityError");
      return store.get(key) ?? null;
    },
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
});

afterEach(async () => {
  discardEarlyRead();
  for (const outbox of outboxes.splice(0)) outbox.stop();
  for (const db of open.splice(0)) await db.close();
  vi.unstubAllGlobals();
});

const holding = (n: number): HoldingDoc => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  securityId: "00000000-0000-4000-9000-000000000001",
  roundId: "00000000-0000-4000-9000-000000000002",
  investorId: "00000000-0000-4000-9000-000000000003",
  amount: `${n}00`,
  investor: { id: "00000000-0000-4000-9000-000000000003", name: `Investor ${n}`, email: `i${n}@demo.test` },
  createdOn: "2026-01-01T00:00:00Z",
  updatedOn: "2026-01-01T00:00:00Z",
});

/**
 * The app's database of this user and account, as database.ts opens it (its own storage), with holdings and outbox;
 * `withOutbox`: the app's outbox on it, started as local-data.ts starts it (it notes whether it holds commands).
 */
async function openDatabase(userId = USER, accountId = ACCOUNT, withOutbox = true) {
  const db = await createRxDatabase<{ holdings: RxCollection<HoldingDoc>; outbox: RxCollection }>({
    name: localDatabaseName(userId, accountId),
    storage: localStorageFor({ indexedDB: factory, IDBKeyRange }),
    multiInstance: false,
    closeDuplicates: true,
  });
  open.push(db as unknown as RxDatabase);
  await db.addCollections({
    holdings: { schema: COLLECTION_MODELS.holdings },
    outbox: { schema: OUTBOX_SCHEMA, localDocuments: true },
  });
  // what hooks.tsx notes once the app has opened a database
  noteSchemaOpened(db.name, "holdings", COLLECTION_MODELS.holdings);
  const outbox = withOutbox ? await startOutbox(db.outbox as unknown as OutboxCollection, userId, accountId) : null;
  return Object.assign(db, { app: { outbox } });
}

async function startOutbox(collection: OutboxCollection, userId: string, accountId: string): Promise<Outbox> {
  const outbox = createOutbox({
    collection,
    userId,
    accountId,
    deviceId: "device",
    send: async () => ({ kind: "offline" }) as never,
    isOnline: () => false,
    onlineEvents: () => () => {},
  });
  outboxes.push(outbox);
  // its check of the storage at start writes the marker (taken away first, to wait for this start's)
  const key = outboxMarkerKey(collection.database.name);
  localStorage.removeItem(key);
  outbox.start();
  await vi.waitFor(() => expect(localStorage.getItem(key)).not.toBeNull());
  return outbox;
}

async function closeDatabase(db: { close(): Promise<unknown>; app?: { outbox: Outbox | null } }) {
  db.app?.outbox?.stop();
  open.splice(open.indexOf(db as unknown as RxDatabase), 1);
  await db.close();
}

describe("the early read of /holdings", () => {
  it("names the collections' schema versions the app uses", () => {
    for (const name of EARLY_READS["/holdings"] ?? [])
      expect(EARLY_READ_VERSIONS[name], name).toBe(COLLECTION_MODELS[name as keyof typeof COLLECTION_MODELS].version);
  });

  it("reads what RxDB stored, and the live query adopts the same documents and follows later writes", async () => {
    const db = await openDatabase();
    await db.holdings.bulkInsert([holding(3), holding(1), holding(2), holding(4)]);
    await db.holdings.findOne(holding(4).id).remove();
    await closeDatabase(db);

    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: ACCOUNT } });
    const early = await earlyCollection(DATABASE, "holdings", COLLECTION_MODELS.holdings);
    // every stored document but the deleted one, in primary-key order, without RxDB's meta fields
    expect(early?.docs).toEqual([holding(1), holding(2), holding(3)]);

    // the app opens the database; meanwhile another tab changes a holding and adds one, after the read
    const reopened = await openDatabase();
    await reopened.holdings.upsert({ ...holding(2), amount: "999" });
    await reopened.holdings.insert(holding(5));

    const emissions: HoldingDoc[][] = [];
    const subscription = liveDocs$(
      reopened.holdings,
      {},
      {
        initial: earlyCollection(DATABASE, "holdings", COLLECTION_MODELS.holdings) ?? undefined,
      },
    ).subscribe((rows) => emissions.push(rows));
    await vi.waitFor(() => expect(emissions.length).toBeGreaterThanOrEqual(2));
    subscription.unsubscribe();
    // first the early read's very objects (nothing read again), then the writes made after it
    expect(emissions[0]?.[0]).toBe(early?.docs[0]);
    const last = emissions.at(-1) ?? [];
    expect(last.map((row) => [row.id, row.amount])).toEqual([
      [holding(1).id, "100"],
      [holding(2).id, "999"],
      [holding(3).id, "300"],
      [holding(5).id, "500"],
    ]);
    // unchanged documents keep their objects (the grid's rows stay)
    expect(last[0]).toBe(early?.docs[0]);
    expect(last[2]).toBe(early?.docs[2]);
  });

  it("is never handed out for another account, another schema, or with commands in the outbox", async () => {
    const db = await openDatabase();
    await db.holdings.bulkInsert([holding(1), holding(2)]);
    await closeDatabase(db);

    // the stored session named this account; the confirmed session (or the opened database) names another
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: ACCOUNT } });
    expect(earlyCollection(localDatabaseName(USER, OTHER_ACCOUNT), "holdings", COLLECTION_MODELS.holdings)).toBeNull();
    // a schema the app never opened this collection with (a new app version's)
    const changed = { ...COLLECTION_MODELS.holdings, description: "changed" };
    expect(earlyCollection(DATABASE, "holdings", changed)).toBeNull();
    expect(earlyCollection(DATABASE, "holdings", { ...COLLECTION_MODELS.holdings, version: 1 })).toBeNull();
    expect(await earlyCollection(DATABASE, "holdings", COLLECTION_MODELS.holdings)).not.toBeNull();

    // a queued command: the screen's overlay of pending commands needs the live query
    const withOutbox = await openDatabase();
    const queued = await withOutbox.app.outbox?.enqueue("makeCustomer", { input: { email: "a@x.test" } });
    expect(outboxKnownEmpty(DATABASE)).toBe(false);
    await closeDatabase(withOutbox);
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: ACCOUNT } });
    expect(await earlyCollection(DATABASE, "holdings", COLLECTION_MODELS.holdings)).toBeNull();

    // the next start still finds it; once discarded, the outbox is empty again and the read is used
    const again = await openDatabase();
    expect(outboxKnownEmpty(DATABASE)).toBe(false);
    await again.app.outbox?.discard(queued?.id ?? "");
    expect(outboxKnownEmpty(DATABASE)).toBe(true);
    await closeDatabase(again);
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: ACCOUNT } });
    expect((await earlyCollection(DATABASE, "holdings", COLLECTION_MODELS.holdings))?.docs).toHaveLength(2);

    // an unreadable marker: the outbox may hold commands
    storageFails = true;
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: ACCOUNT } });
    expect(await earlyCollection(DATABASE, "holdings", COLLECTION_MODELS.holdings)).toBeNull();
  });

  it("is not used on a device whose outbox holds commands from before the outbox kept its marker", async () => {
    // today's release: holdings and a queued command, and no marker (nothing wrote one)
    const db = await openDatabase(USER, ACCOUNT, false);
    await db.holdings.bulkInsert([holding(1), holding(2)]);
    await db.outbox.insert({
      id: "00000000-0000-4000-8000-00000000c001",
      seq: 1,
      mutation: "makeCustomer",
      variables: { input: { email: "a@x.test" } },
      userId: USER,
      accountId: ACCOUNT,
      deviceId: "device",
      status: "pending",
      attempts: 0,
      createdOn: "2026-01-01T00:00:00Z",
    } as never);
    await closeDatabase(db);
    expect(localStorage.getItem(outboxMarkerKey(DATABASE))).toBeNull();
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: ACCOUNT } });
    expect(await earlyCollection(DATABASE, "holdings", COLLECTION_MODELS.holdings)).toBeNull();

    // the new release starts its outbox: it finds the command, so the read stays unused on the next load
    const upgraded = await openDatabase();
    expect(outboxKnownEmpty(DATABASE)).toBe(false);
    expect((await upgraded.app.outbox?.commands())?.map((command) => command.status)).toEqual(["pending"]);
    await closeDatabase(upgraded);
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: ACCOUNT } });
    expect(await earlyCollection(DATABASE, "holdings", COLLECTION_MODELS.holdings)).toBeNull();
  });

  it("does not create the database of an account the device holds nothing for", async () => {
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: OTHER_ACCOUNT } });
    noteSchemaOpened(localDatabaseName(USER, OTHER_ACCOUNT), "holdings", COLLECTION_MODELS.holdings);
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: OTHER_ACCOUNT } });
    expect(
      await earlyCollection(localDatabaseName(USER, OTHER_ACCOUNT), "holdings", COLLECTION_MODELS.holdings),
    ).toBeNull();
    expect(await factory.databases()).toEqual([]);
  });

  it("holds the local database's opening until the screen shows the early rows, not when they come to nothing", async () => {
    // no early read: nothing to wait for
    await expect(afterEarlyRows()).resolves.toBeUndefined();

    const db = await openDatabase();
    await db.addCollections({
      securities: { schema: COLLECTION_MODELS.securities },
      rounds: { schema: COLLECTION_MODELS.rounds },
    });
    await db.holdings.bulkInsert([holding(1), holding(2)]);
    await closeDatabase(db);
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: ACCOUNT } });
    let released = false;
    void afterEarlyRows().then(() => {
      released = true;
    });
    expect((await earlyCollection(DATABASE, "holdings", COLLECTION_MODELS.holdings))?.docs).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(released).toBe(false);
    earlyRowsShown();
    await vi.waitFor(() => expect(released).toBe(true));

    // the screen's session names another account: it will never show this read
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: ACCOUNT } });
    let other = false;
    void afterEarlyRows().then(() => {
      other = true;
    });
    expect(earlyCollection(localDatabaseName(USER, OTHER_ACCOUNT), "holdings", COLLECTION_MODELS.holdings)).toBeNull();
    await vi.waitFor(() => expect(other).toBe(true));

    // the device holds nothing for the stored account: the read comes to nothing
    startEarlyRead("/holdings", { factory, session: { userId: USER, accountId: OTHER_ACCOUNT } });
    await afterEarlyRows();
  });
});
