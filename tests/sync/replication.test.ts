// Replication end to end: the real server in-process (PGlite, demo data) and the real client data layer on RxDB's
// memory storage. Pull, scope by account (RLS), the live stream, deletes and revoked visibility.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LocalData } from "../../src/data/local-data.ts";
import type { ReadModelName } from "../../src/data/models/index.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { eventually, openDevice, type SignedIn, signInAs, transportOf } from "./harness.ts";

let t: TestServer;
let issuer: SignedIn;
let investor: SignedIn;
let investor2: SignedIn;
const devices: LocalData[] = [];

// RxDB's free tier opens at most 13 collections per process: one full device at a time, or small ones.
async function device(who: SignedIn, models?: ReadModelName[]): Promise<LocalData> {
  const opened = await openDevice(who, t.url, { models });
  devices.push(opened);
  return opened;
}

async function ids(who: SignedIn, connection: string): Promise<string[]> {
  const answer = await who.client.graphql<Record<string, { nodes: Array<{ id: string }> }>>(
    `{ ${connection} { nodes { id } } }`,
  );
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return (answer.data?.[connection]?.nodes ?? []).map((node) => node.id).sort();
}

async function localIds(data: LocalData, collection: keyof LocalData["db"]["collections"]): Promise<string[]> {
  const docs = await data.db.collections[collection].find().exec();
  return docs.map((doc) => doc.primary).sort();
}

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test");
  investor = await signInAs(t.client(), "investor@demo.test");
  investor2 = await signInAs(t.client(), "investor2@demo.test");
});

afterEach(async () => {
  for (const opened of devices.splice(0)) await opened.remove();
});

afterAll(async () => {
  await t?.close();
});

describe("pull", () => {
  it("brings every document the account can see, as the API shows them, with exact decimals", async () => {
    const data = await device(issuer);
    await data.replication.awaitInitialReplication();
    for (const [collection, connection] of [
      ["assets", "allAssets"],
      ["rounds", "allRounds"],
      ["allocations", "allAllocations"],
      ["distributions", "allDistributions"],
      ["holdings", "allHoldings"],
      ["customers", "allCustomers"],
      ["securities", "allSecurities"],
    ] as const) {
      const expected = await ids(issuer, connection);
      expect(expected.length, `${connection} has demo rows`).toBeGreaterThan(0);
      expect(await localIds(data, collection), collection).toEqual(expected);
    }
    const api = await issuer.client.graphql<{
      allRounds: { nodes: Array<{ id: string; price: string; total: string }> };
    }>("{ allRounds { nodes { id price total } } }");
    for (const round of api.data?.allRounds.nodes ?? []) {
      const local = await data.db.rounds.findOne(round.id).exec();
      expect(local?.price).toBe(round.price);
      expect(local?.total).toBe(round.total);
      expect(typeof local?.price).toBe("string");
    }
  });

  it("scopes by account: an investor's replica holds only what row-level security shows it", async () => {
    const data = await device(investor);
    await data.replication.awaitInitialReplication();
    const mine = await ids(investor, "allDistributions");
    expect(mine.length).toBeGreaterThan(0);
    expect(await localIds(data, "distributions")).toEqual(mine);
    expect(await localIds(data, "holdings")).toEqual(await ids(investor, "allHoldings"));
    expect(await localIds(data, "assets")).toEqual(await ids(investor, "allAssets"));
    // An investor never sees the vendors' contacts, nor the notes and custom fields of its distributions.
    expect(await localIds(data, "customers")).toEqual([]);
    for (const doc of await data.db.distributions.find().exec()) {
      expect(doc.investorId).toBe(investor.accountId);
      expect(doc.toJSON().customFields).toEqual([]);
      expect(doc.toJSON().annotations).toEqual([]);
    }
    // Nothing of another investor, not even as a tombstone.
    const others = (await ids(issuer, "allDistributions")).filter((id) => !mine.includes(id));
    expect(others.length).toBeGreaterThan(0);
    const storedOthers = await data.db.distributions.storageInstance.findDocumentsById(others, true);
    expect(storedOthers).toEqual([]);
    // Accounts: the ones it deals with, and no tombstones of the others.
    expect(await localIds(data, "accounts")).toEqual(await ids(investor, "allAccounts"));
    const { rows } = await t.server.db.query<{ id: string }>("select id from app_public.accounts");
    const stored = await data.db.accounts.storageInstance.findDocumentsById(
      rows.map((row) => row.id),
      true,
    );
    expect(stored.filter((doc) => doc._deleted)).toEqual([]);
  });
});

describe("stream", () => {
  it("converges on a change made elsewhere, through the live change stream", async () => {
    const data = await device(issuer);
    await data.replication.awaitInitialReplication();
    await eventually(() => data.replication.states.get("assets") && statusConnected(data), 10_000, "stream connected");
    const [assetId] = await ids(issuer, "allAssets");
    const renamed = `Renamed ${Date.now()}`;
    const update = await issuer.client.graphql(
      "mutation($id: UUID!, $name: String!) { updateAssetById(input: { id: $id, patch: { name: $name } }) { asset { id } } }",
      { id: assetId, name: renamed },
    );
    expect(update.errors).toBeUndefined();
    // No reSync by the test: only the stream can bring it.
    await eventually(
      async () => (await data.db.assets.findOne(assetId).exec())?.name === renamed,
      5_000,
      "renamed asset",
    );
  });

  it("updates a parent document when one of its child rows changes (a distribution's price)", async () => {
    const data = await device(issuer);
    await data.replication.awaitInitialReplication();
    const { rows } = await t.server.db.query<{ id: string; distribution_id: string }>(
      `select p.id, p.distribution_id from app_public.distribution_prices p
       join app_public.distributions d on d.id = p.distribution_id where not d.locked limit 1`,
    );
    const price = rows[0];
    expect(price).toBeDefined();
    await t.server.db.query("update app_public.distribution_prices set price = 123.456789 where id = $1", [price?.id]);
    await eventually(
      async () => {
        const doc = await data.db.distributions.findOne(price?.distribution_id).exec();
        const prices = (doc?.toJSON().prices ?? []) as Array<{ id: string; price: string }>;
        return prices.find((p) => p.id === price?.id)?.price === "123.456789";
      },
      5_000,
      "new price in the distribution document",
    );
  });
});

describe("deletes and revoked visibility", () => {
  it("removes a deleted row from the replica", async () => {
    const data = await device(issuer);
    await data.replication.awaitInitialReplication();
    const [customerId] = await localIds(data, "customers");
    expect(customerId).toBeDefined();
    await t.server.db.query("delete from app_public.customers where id = $1", [customerId]);
    await eventually(
      async () => (await data.db.customers.findOne(customerId).exec()) === null,
      5_000,
      "customer removed",
    );
  });

  it("moves a distribution that changes investor: it leaves one device and arrives on the other", async () => {
    const first = await device(investor, ["distributions"]);
    const second = await device(investor2, ["distributions"]);
    await Promise.all([first.replication.awaitInitialReplication(), second.replication.awaitInitialReplication()]);
    const unlocked = await first.db.distributions.find({ selector: { locked: false } }).exec();
    const distributionId = unlocked[0]?.id;
    expect(distributionId).toBeDefined();
    expect(await second.db.distributions.findOne(distributionId).exec()).toBeNull();

    await t.server.db.query("update app_public.distributions set investor_id = $1 where id = $2", [
      investor2.accountId,
      distributionId,
    ]);
    await eventually(
      async () => (await first.db.distributions.findOne(distributionId).exec()) === null,
      5_000,
      "gone from the first investor",
    );
    await eventually(
      async () => (await second.db.distributions.findOne(distributionId).exec()) !== null,
      5_000,
      "arrived at the second",
    );
    // The API agrees with both replicas.
    expect(await ids(investor, "allDistributions")).toEqual(await localIds(first, "distributions"));
    expect(await ids(investor2, "allDistributions")).toEqual(await localIds(second, "distributions"));
  });
});

describe("a broker's invitation decides what its devices hold", () => {
  it("gains the round's rows when it accepts, and loses them when the invitation is rejected", async () => {
    const broker = await signInAs(t.client(), "broker@demo.test", "broker");
    const data = await device(broker, ["distributions", "holdings", "allocations"]);
    await data.replication.awaitInitialReplication();
    const agree = async () => {
      expect(await localIds(data, "distributions")).toEqual(await ids(broker, "allDistributions"));
      expect(await localIds(data, "holdings")).toEqual(await ids(broker, "allHoldings"));
      expect(await localIds(data, "allocations")).toEqual(await ids(broker, "allAllocations"));
    };
    await agree();
    const { rows } = await t.server.db.query<{ id: string; status: string; round_id: string }>(
      "select id, status, round_id from app_public.broker_allocations where broker_id = $1 order by status",
      [broker.accountId],
    );
    const sent = rows.find((row) => row.status === "sent");
    const accepted = rows.find((row) => row.status === "accepted");
    if (!sent || !accepted) throw new Error("the demo broker needs a sent and an accepted invitation");

    // accepting through the API (the broker's own write) shows the round's distributions and holdings
    const before = (await localIds(data, "distributions")).length;
    const answer = await broker.client.graphql(
      `mutation($id: UUID!) { updateBrokerAllocationById(input: { id: $id, patch: { status: "accepted" } }) { clientMutationId } }`,
      { id: sent.id },
    );
    expect(answer.errors).toBeUndefined();
    await eventually(
      async () => (await localIds(data, "distributions")).length > before,
      5_000,
      "round's distributions arrive",
    );
    await eventually(async () => (await localIds(data, "holdings")).length > 0, 5_000, "round's holdings arrive");
    await agree();

    // a rejected invitation takes them away again
    const shown = (await localIds(data, "distributions")).length;
    await t.server.db.query("update app_public.broker_allocations set status = 'rejected' where id = $1", [
      accepted.id,
    ]);
    await eventually(
      async () => (await localIds(data, "distributions")).length < shown,
      5_000,
      "rows leave the device",
    );
    await data.replication.awaitInSync();
    await agree();
  });
});

function statusConnected(data: LocalData): Promise<boolean> {
  return new Promise((resolve) => {
    const subscription = data.replication.progress$.subscribe((progress) => {
      resolve(progress.streamConnected);
    });
    subscription.unsubscribe();
  });
}

// The pull asks for the next page as soon as a full page arrives (prefetch) and reads pages through POST
// /api/v2/pull when the transport names it. Small pages here so that the demo data spans many of them.
describe("pull pages, prefetch and the pull endpoint", () => {
  type Pull = { model: string; afterTxid: string; afterSeq: string; limit: number };
  /** The pulls a transport made (model and checkpoint), whichever endpoint served them. */
  function pullOf(input: RequestInfo | URL, init?: RequestInit): Pull | null {
    const url = String(input instanceof Request ? input.url : input);
    const body = JSON.parse(String(init?.body ?? "null")) as Record<string, unknown> | null;
    if (url.endsWith("/api/v2/pull") && body) return body as unknown as Pull;
    const variables = body?.variables as
      | { model?: string; afterTxid: string; afterSeq: string; lim: number }
      | undefined;
    if (body?.operationName === "pullDocuments" && variables?.model) {
      return {
        model: variables.model,
        afterTxid: variables.afterTxid,
        afterSeq: variables.afterSeq,
        limit: variables.lim,
      };
    }
    return null;
  }

  async function openPulling(
    who: SignedIn,
    models: ReadModelName[],
    options: {
      batchSize: number;
      writeSize?: number;
      pullUrl?: string;
      live?: boolean;
      hold?: (pull: Pull) => Promise<void> | undefined;
      /** default: RxDB's memory storage */
      storage?: unknown;
    },
  ) {
    const { openLocalDatabase } = await import("../../src/data/database.ts");
    const { startReplication } = await import("../../src/data/replication.ts");
    const { getRxStorageMemory } = await import("rxdb/plugins/storage-memory");
    const base = transportOf(who.client, t.url);
    const pulls: Pull[] = [];
    const transport = {
      ...base,
      pullUrl: options.pullUrl,
      fetch: (async (input, init) => {
        const pull = pullOf(input, init);
        if (pull) {
          pulls.push(pull);
          await options.hold?.(pull);
        }
        return base.fetch(input, init);
      }) as typeof fetch,
    };
    const db = await openLocalDatabase({
      userId: who.userId,
      accountId: `${who.accountId}-pages-${crypto.randomUUID()}`,
      storage: (options.storage ?? getRxStorageMemory()) as never,
      models,
    });
    const replication = startReplication({
      db,
      transport,
      live: options.live ?? false,
      batchSize: options.batchSize,
      writeSize: options.writeSize,
      retryTime: 100,
    });
    const close = async () => {
      await replication.stop();
      await db.remove();
    };
    return { db, replication, pulls, close };
  }

  /** Every document of a model as the server serves it, in one page (the reference). */
  async function served(who: SignedIn, model: string): Promise<Array<Record<string, unknown>>> {
    const answer = await who.client.graphql<{ pullDocuments: unknown }>(
      'query($m: String!) { pullDocuments(model: $m, afterTxid: "0", afterSeq: "0", lim: 1000) }',
      { m: model },
    );
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    const raw = answer.data?.pullDocuments;
    const page = (typeof raw === "string" ? JSON.parse(raw) : raw) as { documents: Array<Record<string, unknown>> };
    return page.documents
      .filter((doc) => doc._deleted !== true)
      .map(({ _deleted, ...doc }) => doc)
      .sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }

  async function stored(db: LocalData["db"], model: "customers" | "distributions" | "holdings") {
    const docs = await db.collections[model].find().exec();
    return docs
      .map((doc) => doc.toJSON() as Record<string, unknown>)
      .sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }

  for (const endpoint of ["GraphQL", "the pull endpoint"] as const) {
    it(`brings every document exactly as the server serves it, pages of 4 written in parts of 2, with prefetch (${endpoint})`, async () => {
      const device = await openPulling(issuer, ["customers", "distributions", "holdings"], {
        batchSize: 4,
        writeSize: 2,
        pullUrl: endpoint === "GraphQL" ? undefined : `${t.url}/api/v2/pull`,
      });
      try {
        await device.replication.awaitInitialReplication();
        for (const model of ["customers", "distributions", "holdings"] as const) {
          const expected = await served(issuer, model);
          expect(expected.length, `${model}: more documents than a page`).toBeGreaterThan(3);
          expect(await stored(device.db, model), model).toEqual(expected);
          // each checkpoint was asked for once: a prefetched page is used, not fetched again
          const asked = device.pulls.filter((pull) => pull.model === model).map((p) => `${p.afterTxid}/${p.afterSeq}`);
          expect(new Set(asked).size, `${model}: no page asked for twice`).toBe(asked.length);
          expect(asked.length).toBeGreaterThanOrEqual(Math.ceil(expected.length / 4));
        }
        // the server is asked for whole pages, whatever the size of the writes
        expect(device.pulls.every((pull) => pull.limit === 4)).toBe(true);
        expect(device.replication.freshSince()).not.toBeNull();
      } finally {
        await device.close();
      }
    });
  }

  it("writes a first load straight into the store, and later pulls start from its checkpoint", async () => {
    const device = await openPulling(issuer, ["customers"], { batchSize: 4, writeSize: 2, live: true });
    try {
      await device.replication.awaitInitialReplication();
      expect(await stored(device.db, "customers")).toEqual(await served(issuer, "customers"));
      const asked = device.pulls.map((p) => `${p.afterTxid}/${p.afterSeq}`);
      expect(new Set(asked).size, "no page asked for twice").toBe(asked.length);
      // the documents are RxDB's like any other: found, updated by a later pull, and counted
      const first = (await served(issuer, "customers"))[0] as { id: string };
      const renamed = `After first load ${Date.now()}`;
      await t.server.db.query("update app_public.customers set name = $1 where id = $2", [renamed, first.id]);
      const before = device.pulls.length;
      device.replication.reSync("customers");
      await eventually(
        async () => (await device.db.customers.findOne(first.id).exec())?.name === renamed,
        10_000,
        "the change after the first load",
      );
      const later = device.pulls.slice(before);
      expect(later.length).toBeGreaterThan(0);
      expect(later.filter((p) => p.afterTxid === "0" && String(p.afterSeq) === "0")).toEqual([]);
      expect(await stored(device.db, "customers")).toEqual(await served(issuer, "customers"));
    } finally {
      await device.close();
    }
  });

  it("goes on with a first load where it got to after a failed page, and the server's version wins over a stored one", async () => {
    let failed = false;
    let seen = 0;
    let staleWritten = false;
    let ready: (device: { db: LocalData["db"] }) => void = () => {};
    const opened = new Promise<{ db: LocalData["db"] }>((resolve) => {
      ready = resolve;
    });
    const reference = await served(issuer, "customers");
    const target = reference[reference.length - 1] as Record<string, unknown>;
    const device = await openPulling(issuer, ["customers"], {
      batchSize: 2,
      hold: async (pull) => {
        // after the count found the store empty: another tab stores an older version of a document
        if (!staleWritten) {
          staleWritten = true;
          const { db } = await opened;
          await db.customers.insert({ ...target, name: "Stale copy" } as Parameters<typeof db.customers.insert>[0]);
          return;
        }
        // the third page fails once
        if (++seen === 3 && !failed) {
          failed = true;
          throw new Error(`network down before ${pull.afterTxid}/${pull.afterSeq}`);
        }
      },
    });
    ready(device);
    try {
      await device.replication.awaitInitialReplication();
      expect(failed).toBe(true);
      expect(await stored(device.db, "customers")).toEqual(reference);
      const asked = device.pulls.map((p) => `${p.afterTxid}/${p.afterSeq}`);
      // only the failed page was asked for again
      expect(asked.length - new Set(asked).size).toBe(1);
      expect(asked.filter((a) => a === "0/0")).toHaveLength(1);
    } finally {
      await device.close();
    }
  });

  it("on the app's storage, a first load reads none of the documents it inserts, and the server's version wins", async () => {
    const { indexedDB, IDBKeyRange, IDBObjectStore } = await import("fake-indexeddb");
    const { localStorageFor } = await import("../../src/data/database.ts");
    const reference = await served(issuer, "customers");
    const target = reference[0] as Record<string, unknown>;
    let ready: (device: { db: LocalData["db"] }) => void = () => {};
    const opened = new Promise<{ db: LocalData["db"] }>((resolve) => {
      ready = resolve;
    });
    let stale = false;
    const gets = { docs: 0, counting: false };
    const get = IDBObjectStore.prototype.get;
    IDBObjectStore.prototype.get = function (this: InstanceType<typeof IDBObjectStore>, key: unknown) {
      // the collection's own store (the replication meta's keys hold a "|")
      if (gets.counting && this.name === "docs" && !String(key).includes("|")) gets.docs++;
      return get.call(this, key as IDBValidKey);
    };
    try {
      const device = await openPulling(issuer, ["customers"], {
        batchSize: 4,
        writeSize: 2,
        storage: localStorageFor({ indexedDB, IDBKeyRange }),
        hold: async () => {
          if (stale) return;
          stale = true;
          // after the count found the store empty: another tab stores an older version of a document
          const { db } = await opened;
          await db.customers.insert({ ...target, name: "Stale copy" } as Parameters<typeof db.customers.insert>[0]);
          gets.counting = true;
        },
      });
      ready(device);
      try {
        await device.replication.awaitInitialReplication();
        gets.counting = false;
        expect(await stored(device.db, "customers")).toEqual(reference);
        // RxDB's downstream would have read each document three times; the storage's putPulled reads none (only
        // the last part goes through RxDB, which reads its documents)
        expect(gets.docs).toBeLessThanOrEqual(4);
      } finally {
        await device.close();
      }
    } finally {
      IDBObjectStore.prototype.get = get;
    }
  });

  it("falls back to GraphQL when the server has no pull endpoint (404)", async () => {
    const device = await openPulling(issuer, ["holdings"], { batchSize: 4, pullUrl: `${t.url}/api/v2/no-such-pull` });
    try {
      await device.replication.awaitInitialReplication();
      expect(await stored(device.db, "holdings")).toEqual(await served(issuer, "holdings"));
    } finally {
      await device.close();
    }
  });

  it("misses no change committed while a prefetched page was in flight, and freshSince never claims it early", async () => {
    const { rows } = await t.server.db.query<{ id: string }>(
      "select id from app_public.customers where account_id = $1 order by id limit 1",
      [issuer.accountId],
    );
    const customerId = rows[0]?.id;
    expect(customerId).toBeDefined();
    let release: () => void = () => {};
    let held: Promise<void> | null = null;
    const device = await openPulling(issuer, ["customers"], {
      batchSize: 2,
      live: true,
      hold: (pull) => {
        // the first pull after a checkpoint is the prefetch of page 2: it stays in flight while the change commits
        if (held || pull.afterTxid === "0") return undefined;
        held = new Promise<void>((resolve) => {
          release = resolve;
        });
        return held;
      },
    });
    try {
      await eventually(() => held !== null, 10_000, "a prefetched page in flight");
      const renamed = `Prefetch ${Date.now()}`;
      await t.server.db.query("update app_public.customers set name = $1 where id = $2", [renamed, customerId]);
      const committedOn = new Date().toISOString();
      // the replica holds everything committed before freshSince(): check it whenever we look
      const violations: string[] = [];
      const check = async () => {
        const fresh = device.replication.freshSince();
        if (fresh && fresh > committedOn) {
          const doc = await device.db.customers.findOne(customerId).exec();
          if (doc?.name !== renamed) violations.push(`freshSince ${fresh} is after the commit, the change is missing`);
        }
        return fresh;
      };
      expect(await check()).toBeNull();
      release();
      await device.replication.awaitInitialReplication();
      await check();
      await eventually(
        async () => {
          await check();
          return (await device.db.customers.findOne(customerId).exec())?.name === renamed;
        },
        10_000,
        "the change in the replica",
      );
      await eventually(async () => ((await check()) ?? "") > committedOn, 10_000, "freshSince after the commit");
      expect(violations).toEqual([]);
      // and every customer is there exactly as the server serves it
      expect(await stored(device.db, "customers")).toEqual(await served(issuer, "customers"));
    } finally {
      release();
      await device.close();
    }
  });
});
