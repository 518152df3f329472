// The client's bootstrap (src/data/bootstrap/) against the real server in-process: the first load of an empty
// device through GET /api/v2/bootstrap (the in-process runner on RxDB's memory storage; the browser's Web Worker is
// tests/e2e/first-sync.e2e.test.ts), the same documents as the pull, progress counted, the handover to the ordinary
// pull at the stream's checkpoint; a dropped connection and a stopped device resume from the last written page; a
// second tab waits for the first one's bootstrap and takes its checkpoint.

import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Bootstrapper, createBootstrapper, inProcessRunner } from "../../src/data/bootstrap/index.ts";
import { type LocalDatabase, openLocalDatabase } from "../../src/data/database.ts";
import type { ReadModelName } from "../../src/data/models/index.ts";
import { type Replication, startReplication } from "../../src/data/replication.ts";
import type { SyncTransport } from "../../src/data/transport.ts";
import type { PullAnswer } from "../../src/domain/wire.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { eventually, type SignedIn, signInAs, transportOf } from "./harness.ts";

let t: TestServer;
let issuer: SignedIn;
const opened: LocalDatabase[] = [];

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test");
});
afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});
afterAll(async () => {
  await t?.close();
});

interface Watched {
  transport: SyncTransport;
  /** every bootstrap request's URL, and every pull request's body */
  bootstraps: URL[];
  pulls: Array<{ model: string; afterTxid: string }>;
}

/** The issuer's transport, recording requests; `cut(url, n)` may cut a bootstrap response after n lines. */
function watched(cut?: (url: URL, index: number) => number | null): Watched {
  const base = transportOf(issuer.client, t.url);
  const bootstraps: URL[] = [];
  const pulls: Watched["pulls"] = [];
  const transport: SyncTransport = {
    ...base,
    fetch: async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.pathname === "/api/v2/pull" && typeof init?.body === "string") pulls.push(JSON.parse(init.body));
      const response = await base.fetch(input, init);
      if (url.pathname !== "/api/v2/bootstrap") return response;
      bootstraps.push(url);
      const lines = cut?.(url, bootstraps.length - 1) ?? null;
      if (lines === null || !response.body) return response;
      // the connection drops after `lines` lines
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let seen = 0;
      let buffered = "";
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { value, done } = await reader.read();
          if (done) return controller.close();
          buffered += value;
          let text = "";
          let newline = buffered.indexOf("\n");
          while (newline >= 0 && seen < lines) {
            text += buffered.slice(0, newline + 1);
            buffered = buffered.slice(newline + 1);
            seen++;
            newline = buffered.indexOf("\n");
          }
          if (text) controller.enqueue(new TextEncoder().encode(text));
          if (seen >= lines) {
            await reader.cancel();
            controller.error(new TypeError("terminated"));
          }
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    },
  };
  return { transport, bootstraps, pulls };
}

async function openDb(models: ReadModelName[]): Promise<LocalDatabase> {
  const db = await openLocalDatabase({
    userId: issuer.userId,
    accountId: issuer.accountId,
    storage: getRxStorageMemory() as never,
    models,
  });
  opened.push(db);
  return db;
}

function start(db: LocalDatabase, transport: SyncTransport, bootstrap: Bootstrapper | null, live = false): Replication {
  return startReplication({ db, transport, live, retryTime: 100, expectCounts: false, bootstrap });
}

/** The server's current documents of a model as the pull gives them (deleted ones left out). */
async function serverDocs(model: string): Promise<Map<string, Record<string, unknown>>> {
  const docs = new Map<string, Record<string, unknown>>();
  let after = { txid: "0", seq: "0" };
  for (;;) {
    const response = await issuer.client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model, afterTxid: after.txid, afterSeq: after.seq, limit: 1000 }),
    });
    const page = (await response.json()) as PullAnswer;
    for (const doc of page.documents) {
      if (doc._deleted === true) docs.delete(doc.id as string);
      else docs.set(doc.id as string, doc);
    }
    after = { txid: page.checkpoint.txid, seq: String(page.checkpoint.seq) };
    if (page.documents.length < 1000) return docs;
  }
}

async function localDocs(db: LocalDatabase, model: ReadModelName): Promise<Map<string, Record<string, unknown>>> {
  const collection = db.collections[model as keyof typeof db.collections];
  const docs = await collection.find().exec();
  return new Map(docs.map((doc) => [doc.primary as string, doc.toJSON() as Record<string, unknown>]));
}

async function expectSameAsServer(db: LocalDatabase, models: ReadModelName[]) {
  for (const model of models) {
    const server = await serverDocs(model);
    expect(server.size, `${model} has demo rows`).toBeGreaterThan(0);
    const local = await localDocs(db, model);
    expect([...local.keys()].sort(), model).toEqual([...server.keys()].sort());
    for (const [id, { _deleted, ...doc }] of server) expect(local.get(id), `${model} ${id}`).toEqual(doc);
  }
}

describe("the bootstrap of an empty device", () => {
  it("loads every model through one stream each, counts progress, and hands over to the pull at its checkpoint", async () => {
    const models: ReadModelName[] = ["holdings", "distributions", "customers", "rounds"];
    const db = await openDb(models);
    const { transport, bootstraps, pulls } = watched();
    const replication = start(
      db,
      transport,
      createBootstrapper({ db, runner: inProcessRunner(transport, `${t.url}/api/v2/bootstrap`) }),
      true,
    );
    let received = 0;
    const subscription = replication.progress$.subscribe((progress) => {
      received = progress.documentsReceived;
    });
    try {
      await replication.awaitInitialReplication();
      await expectSameAsServer(db, models);
      // one stream per model from the start, no page of the pull from the start
      expect(bootstraps.map((url) => url.searchParams.get("model")).sort()).toEqual([...models].sort());
      expect(bootstraps.every((url) => !url.searchParams.has("resume"))).toBe(true);
      expect(pulls.filter((pull) => pull.afterTxid === "0")).toEqual([]);
      const stored = (await Promise.all(models.map((model) => localDocs(db, model)))).reduce((n, m) => n + m.size, 0);
      expect(received).toBeGreaterThanOrEqual(stored);

      // a change on the server after the bootstrap: the ordinary pull from the stream's checkpoint brings it
      const { rows } = await t.server.db.query<{ id: string }>(
        "select id from app_public.customers where account_id = $1 order by id limit 1",
        [issuer.accountId],
      );
      const id = rows[0]?.id;
      expect(id).toBeDefined();
      await t.server.db.query("update app_public.customers set updated_on = now() where id = $1", [id]);
      const pullsBefore = pulls.length;
      replication.reSync("customers");
      await eventually(
        async () => {
          const server = (await serverDocs("customers")).get(id as string);
          const local = (await localDocs(db, "customers")).get(id as string);
          const { _deleted, ...current } = server ?? {};
          return JSON.stringify(current) === JSON.stringify(local);
        },
        10_000,
        "the change after the bootstrap",
      );
      const after = pulls.slice(pullsBefore).filter((pull) => pull.model === "customers");
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((pull) => pull.afterTxid !== "0")).toBe(true);
    } finally {
      subscription.unsubscribe();
      await replication.stop();
    }
  });

  it("resumes after a dropped connection from the last page written, not from the start", async () => {
    const models: ReadModelName[] = ["distributions"];
    const db = await openDb(models);
    // pages of 2 documents; the first two responses drop after 3 lines
    const { transport, bootstraps } = watched((_url, index) => (index < 2 ? 3 : null));
    const replication = start(
      db,
      transport,
      createBootstrapper({ db, runner: inProcessRunner(transport, `${t.url}/api/v2/bootstrap`, 2) }),
    );
    try {
      await replication.awaitInitialReplication();
      await expectSameAsServer(db, models);
      expect(bootstraps.length).toBe(3);
      expect(bootstraps[0]?.searchParams.has("resume")).toBe(false);
      const resumed = bootstraps.slice(1).map((url) => url.searchParams.get("resume"));
      expect(resumed.every((token) => token?.startsWith("v1.distributions."))).toBe(true);
      expect(resumed[0]).not.toBe(resumed[1]);
    } finally {
      await replication.stop();
    }
  });

  it("resumes a bootstrap the device stopped half-way (a reload) from where it got to", async () => {
    const models: ReadModelName[] = ["distributions"];
    const db = await openDb(models);
    // the first run's stream is slow: the device stops while it runs
    const { transport, bootstraps } = watched();
    const slow: SyncTransport = {
      ...transport,
      fetch: async (input, init) => {
        const response = await transport.fetch(input, init);
        if (!String(input).includes("/api/v2/bootstrap") || !response.body) return response;
        // one line at a time, 100 ms apart
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffered = "";
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            let newline = buffered.indexOf("\n");
            while (newline < 0) {
              const { value, done } = await reader.read();
              if (done) {
                if (buffered) controller.enqueue(new TextEncoder().encode(buffered));
                buffered = "";
                return controller.close();
              }
              buffered += value;
              newline = buffered.indexOf("\n");
            }
            controller.enqueue(new TextEncoder().encode(buffered.slice(0, newline + 1)));
            buffered = buffered.slice(newline + 1);
          },
          cancel: () => reader.cancel(),
        });
        return new Response(body, { status: response.status, headers: response.headers });
      },
    };
    const first = start(
      db,
      slow,
      createBootstrapper({ db, runner: inProcessRunner(slow, `${t.url}/api/v2/bootstrap`, 1) }),
    );
    await eventually(async () => (await db.distributions.count().exec()) >= 3, 20_000, "a few pages written");
    await first.stop();
    const written = await db.distributions.count().exec();
    const total = (await serverDocs("distributions")).size;
    expect(written).toBeLessThan(total);

    const before = bootstraps.length;
    const second = start(
      db,
      transport,
      createBootstrapper({ db, runner: inProcessRunner(transport, `${t.url}/api/v2/bootstrap`, 1) }),
    );
    try {
      await second.awaitInitialReplication();
      await expectSameAsServer(db, models);
      const again = bootstraps.slice(before);
      expect(again.length).toBe(1);
      expect(again[0]?.searchParams.get("resume")).toMatch(/^v1\.distributions\.\d+\.\d+$/);
    } finally {
      await second.stop();
    }
  });

  it("lets a second tab wait for the first tab's bootstrap and take its checkpoint", async () => {
    const db = await openDb(["holdings"]);
    const { transport, bootstraps } = watched();
    const tab = () => createBootstrapper({ db, runner: inProcessRunner(transport, `${t.url}/api/v2/bootstrap`) });
    const [one, two] = [tab(), tab()];
    const counted = [0, 0];
    const [a, b] = await Promise.all([
      one.forModel("holdings", db.holdings as never).run((n) => {
        counted[0] = (counted[0] ?? 0) + n;
      }),
      two.forModel("holdings", db.holdings as never).run((n) => {
        counted[1] = (counted[1] ?? 0) + n;
      }),
    ]);
    // one stream for both tabs
    expect(bootstraps.length).toBe(1);
    expect(a?.complete).toBe(true);
    expect(b?.complete).toBe(true);
    expect(b?.checkpoint).toEqual(a?.checkpoint);
    expect(counted[0]).toBe((await serverDocs("holdings")).size);
    expect(counted[1]).toBe(0);
    // the waiting tab hands RxDB a stored document with the checkpoint
    expect(b?.last.length).toBe(1);
  });
});
