// The change in the stream across server processes (issue 33 item 4; docs/SERVER.md "The change in the stream"): two
// server instances (started in this test process, each with its own connections, as separate processes would have) on
// one PostgreSQL, each serving its own sockets from the one change notification. A reader's documents of a change are
// built once across them: the first process to build keeps the text (app_private.stream_builds) and the other reads
// it, so the issuer's devices on both servers receive the same documents while the key counts one build; a reader
// outside the change's audience on either server receives nothing of it.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type PgCluster, pgClusterAvailable, startPgCluster } from "../helpers/pg-cluster.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

type Doc = { id: string } & Record<string, unknown>;

interface Listener {
  /** The documents of each event, by table. */
  received: Map<string, Doc[]>;
  close(): void;
}

/** A graphql-transport-ws socket on `server` with the client's session, subscribed to the stream with documents. */
async function listen(server: TestServer, client: TestClient): Promise<Listener> {
  const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/wss/v1/`, "graphql-transport-ws", {
    headers: { cookie: `ll_session=${client.session}` },
  });
  const received = new Map<string, Doc[]>();
  let acked!: () => void;
  const ack = new Promise<void>((resolve) => {
    acked = resolve;
  });
  socket.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as {
      type: string;
      payload?: { data?: { changes?: { table: string; documents: Doc[] | null } } };
    };
    if (frame.type === "connection_ack") return acked();
    if (frame.type === "ping") socket.send(JSON.stringify({ type: "pong" }));
    const change = frame.payload?.data?.changes;
    if (frame.type === "next" && change)
      received.set(change.table, [...(received.get(change.table) ?? []), ...(change.documents ?? [])]);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  socket.send(JSON.stringify({ type: "connection_init" }));
  await ack;
  socket.send(
    JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription { changes { table documents } }" } }),
  );
  return { received, close: () => socket.close() };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(pgClusterAvailable)("documents in the change stream across two servers on one PostgreSQL", () => {
  let cluster: PgCluster;
  let one: TestServer;
  let two: TestServer;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ledgerline_stream_processes");
    await admin.end();
    const databaseUrl = cluster.urlFor("ledgerline_stream_processes");
    one = await startTestServer({ databaseUrl, seedDemo: true, streamDocumentModels: "all" });
    two = await startTestServer({ databaseUrl, seedDemo: false, streamDocumentModels: "all" });
  }, 180_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await cluster?.stop();
  });

  async function as(email: string, accountName: string): Promise<TestClient> {
    const { rows } = await one.server.db.query<{ id: string }>(
      `select a.id from app_public.accounts a join app_public.users_accounts ua on ua.account_id = a.id
         join app_public.user_emails e on e.user_id = ua.user_id where e.email = $1 and a.name like $2 limit 1`,
      [email, accountName],
    );
    const client = one.client();
    expect((await client.signIn(email)).status).toBe(200);
    expect((await client.selectAccount(rows[0]!.id)).status).toBe(303);
    return client;
  }

  it("builds a reader's documents of a change once for both servers, and sends them to its devices on each", async () => {
    const issuer = await as("issuer@demo.test", "Northwind%");
    const investor = await as("investor@demo.test", "%");
    // the issuer's session on both servers (sessions live in the database): one reader, a device on each
    const listeners = [
      await listen(one, issuer),
      await listen(two, issuer),
      await listen(one, investor),
      await listen(two, investor),
    ];
    try {
      const name = `Across processes ${Date.now()}`;
      const made = await issuer.graphql<{ bulkCustomers: { customers: Array<{ id: string }> } }>(
        `mutation bulk($contacts: JSON!) { bulkCustomers(input: { contacts: $contacts }) { customers { id } } }`,
        { contacts: [{ row: 2, id: crypto.randomUUID(), name, email: `across-${Date.now()}@processes.test` }] },
      );
      expect(made.errors).toBeUndefined();
      const id = made.data!.bulkCustomers.customers[0]!.id;
      const contactOf = (l: Listener) => (l.received.get("customers") ?? []).find((doc) => doc.id === id);
      await until(() => !!contactOf(listeners[0]!) && !!contactOf(listeners[1]!), "the contact on both servers");
      // the same document on both servers, as the issuer's pull gives it
      expect(contactOf(listeners[0]!)).toMatchObject({ id, name });
      expect(contactOf(listeners[1]!)).toStrictEqual(contactOf(listeners[0]!));
      // built once: one kept build of the change for the issuer, counted once
      const { rows: builds } = await one.server.db.query<{ reader: string; builds: number }>(
        `select b.reader, b.builds from app_private.stream_builds b
          where b.model = 'customers' and b.txid = (select c.txid from app_private.changes c
                                                     where c.model = 'customers' and c.doc_id = $1
                                                     order by c.txid desc limit 1)`,
        [id],
      );
      expect(builds).toHaveLength(1);
      expect(builds[0]!.builds).toBe(1);
      // the investor is not in the contact's audience: nothing of it reaches its devices on either server
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(contactOf(listeners[2]!)).toBeUndefined();
      expect(contactOf(listeners[3]!)).toBeUndefined();
    } finally {
      for (const l of listeners) l.close();
    }
  }, 120_000);
});
