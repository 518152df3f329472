// The spec's live updates on /wss/v1/ (issue 35, item 6), through a plain `ws` client without a subprotocol:
// subscribe and unsubscribe with a table and ids, {"type": <table>, "id"} for each change of a subscribed row the
// account may see, nothing about a row it may not see (another issuer's), errors answered on the socket only, and
// the app's graphql-ws (subprotocol graphql-transport-ws) still served on the same path.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type PgCluster, pgClusterAvailable, startPgCluster } from "../helpers/pg-cluster.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let northwind: string;
/** Northwind's two demo documents (the memorandum, Emma's statement) and a document of Cascade, another issuer. */
let memo: string;
let statement: string;
let cascadeDocument: string;
/** Northwind's demo token. */
let token: string;

beforeAll(async () => {
  t = await startTestServer();
  const one = async (sql: string, values: unknown[] = []) =>
    (await t.server.db.query<{ id: string }>(sql, values)).rows[0]!.id;
  northwind = await one("select id from app_public.accounts where name = 'Northwind Renewables, Inc.'");
  memo = await one("select id from app_public.documents where name = 'Series A Offering Memorandum'");
  statement = await one("select id from app_public.documents where name = 'Seed round share statement'");
  token = await one(
    `select k.id from app_public.tokens k join app_public.rounds r on r.id = k.round_id
       join app_public.assets a on a.id = r.asset_id where a.issuer_id = $1 order by k.created_on limit 1`,
    [northwind],
  );
  const cascade = await one("select id from app_public.accounts where name = 'Cascade Biotech Holdings'");
  const security = await one(
    `insert into app_public.securities (issuer_id, name, ticker, symbol, total, unit_value)
     values ($1, 'Cascade Common', 'CSCD', 'CSCD', 1000000, 1) returning id`,
    [cascade],
  );
  cascadeDocument = await one(
    `insert into app_public.documents (name, type, extension, upload_status, uploaded_by_id, security_id)
     values ('Cascade board minutes', 'security', 'pdf', 'pending', $1, $2) returning id`,
    [cascade, security],
  );
});
afterAll(async () => {
  await t?.close();
});

async function issuer(): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn("issuer@demo.test")).status).toBe(200);
  expect((await client.selectAccount(northwind)).status).toBe(303);
  return client;
}

interface Live {
  socket: WebSocket;
  /** Every message received, parsed. */
  messages: Array<Record<string, unknown>>;
  send(message: unknown): void;
  /** Sends a message the server refuses and waits for its error: every message sent before it has been handled. */
  settled(): Promise<void>;
  /** Waits for a message matching `expected` (at or after message number `from`). */
  receive(expected: Record<string, unknown>, from?: number): Promise<void>;
  close(): void;
}

/** A plain websocket (no subprotocol) on /wss/v1/ of the server at `base` with the client's session cookie. */
async function live(client: TestClient, base = t.url): Promise<Live> {
  const socket = new WebSocket(`${base.replace(/^http/, "ws")}/wss/v1/`, {
    headers: { cookie: `ll_session=${client.session}` },
  });
  const messages: Live["messages"] = [];
  socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  expect(socket.protocol).toBe("");
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; received ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const matches = (message: Record<string, unknown>, expected: Record<string, unknown>) =>
    Object.entries(expected).every(([key, value]) => message[key] === value);
  let barrier = 0;
  return {
    socket,
    messages,
    send: (message) => socket.send(typeof message === "string" ? message : JSON.stringify(message)),
    async settled() {
      const marker = `settled-${++barrier}`;
      socket.send(JSON.stringify({ type: "subscribe", table: marker, ids: [] }));
      await until(
        () => messages.some((m) => m.type === "error" && String(m.message).includes(marker)),
        "the barrier's error",
      );
      messages.splice(
        messages.findIndex((m) => m.type === "error" && String(m.message).includes(marker)),
        1,
      );
    },
    async receive(expected, from = 0) {
      await until(() => messages.slice(from).some((m) => matches(m, expected)), JSON.stringify(expected));
    },
    close: () => socket.close(),
  };
}

const rename = (id: string) =>
  t.server.db.query("update app_public.documents set name = name || ' *' where id = $1", [id]);

describe("live updates on /wss/v1/ (the spec's protocol)", () => {
  it("tells a subscriber type and id of a change it may see, and nothing of another issuer's row", async () => {
    const ws = await live(await issuer());
    try {
      ws.send({ type: "subscribe", table: "documents", ids: [memo, cascadeDocument] });
      await ws.settled();
      await rename(memo);
      await ws.receive({ type: "documents", id: memo });
      // Another issuer's document changes twice (a rename, then its upload): not a word of it.
      await rename(cascadeDocument);
      await t.server.db.query("update app_public.documents set upload_status = 'uploaded' where id = $1", [
        cascadeDocument,
      ]);
      // A change of the memo afterwards: the socket's reads run in order, so a report of Cascade's would be before it.
      await rename(memo);
      await ws.receive({ type: "documents", id: memo }, 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ws.messages).toEqual([
        { type: "documents", id: memo },
        { type: "documents", id: memo },
      ]);
      expect(JSON.stringify(ws.messages)).not.toContain(cascadeDocument);
    } finally {
      ws.close();
    }
  });

  it("reports other tables too (a token), and stops after unsubscribe", async () => {
    const ws = await live(await issuer());
    try {
      ws.send({ type: "subscribe", table: "tokens", ids: [token] });
      ws.send({ type: "subscribe", table: "documents", ids: [memo, statement] });
      await ws.settled();
      await t.server.db.query("update app_public.tokens set coinbase_spot_price_usd = 1.25 where id = $1", [token]);
      await ws.receive({ type: "tokens", id: token });

      ws.send({ type: "unsubscribe", table: "documents", ids: [memo.toUpperCase()] });
      await ws.settled();
      const heard = ws.messages.length;
      await rename(memo);
      await rename(statement);
      await ws.receive({ type: "documents", id: statement }, heard);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ws.messages.slice(heard)).toEqual([{ type: "documents", id: statement }]);
    } finally {
      ws.close();
    }
  });

  it("answers a message it cannot take with an error on that socket, and keeps every socket open", async () => {
    const client = await issuer();
    const ws = await live(client);
    const other = await live(client);
    try {
      other.send({ type: "subscribe", table: "documents", ids: [memo] });
      await other.settled();
      const refused: Array<[unknown, RegExp]> = [
        ["{not json", /must be JSON/],
        [[1, 2], /JSON object/],
        [{ type: "watch", table: "documents", ids: [memo] }, /type must be "subscribe" or "unsubscribe"/],
        [
          { type: "subscribe", table: "users", ids: [memo] },
          /Unknown table "users": one of blockchain_registrations, /,
        ],
        [{ type: "subscribe", table: "documents" }, /ids must be a non-empty array/],
        [{ type: "subscribe", table: "documents", ids: ["1 or 1=1"] }, /a UUID/],
        [{ type: "unsubscribe", table: "steps", ids: [] }, /ids must be a non-empty array/],
      ];
      for (const [message, text] of refused) {
        const before = ws.messages.length;
        ws.send(message);
        await ws.receive({ type: "error" }, before);
        expect(ws.messages.slice(before)).toEqual([{ type: "error", message: expect.stringMatching(text) }]);
      }
      expect(ws.socket.readyState).toBe(WebSocket.OPEN);
      expect(other.socket.readyState).toBe(WebSocket.OPEN);
      // The other socket's stream goes on.
      await rename(memo);
      await other.receive({ type: "documents", id: memo });
      expect(other.messages).toEqual([{ type: "documents", id: memo }]);
    } finally {
      ws.close();
      other.close();
    }
  });

  it("refuses a socket without a session, and serves graphql-ws to a socket that asks for it on the same path", async () => {
    const anonymous = new WebSocket(`${t.url.replace(/^http/, "ws")}/wss/v1/`);
    const refusal = await new Promise<string>((resolve) => anonymous.once("error", (error) => resolve(error.message)));
    expect(refusal).toMatch(/401/);

    const client = await issuer();
    const ws = await live(client);
    const graphqlWs = client.ws();
    try {
      const changes: string[] = [];
      graphqlWs.subscribe<{ changes: { table: string } }>(
        { query: "subscription { changes { table } }" },
        { next: (value) => changes.push(value.data?.changes.table ?? "?"), error: () => {}, complete: () => {} },
      );
      ws.send({ type: "subscribe", table: "documents", ids: [memo] });
      await ws.settled();
      // graphql-ws starts listening a moment after its subscribe: change until it hears of it.
      const deadline = Date.now() + 10_000;
      while (!changes.includes("documents") && Date.now() < deadline) {
        await rename(memo);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(changes).toContain("documents");
      await ws.receive({ type: "documents", id: memo });
    } finally {
      ws.close();
      await graphqlWs.dispose();
    }
  });
});

describe.runIf(pgClusterAvailable)("live updates from two server processes on one PostgreSQL", () => {
  let cluster: PgCluster;
  let one: TestServer;
  let two: TestServer;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ledgerline_live_updates");
    await admin.end();
    const databaseUrl = cluster.urlFor("ledgerline_live_updates");
    one = await startTestServer({ databaseUrl, seedDemo: true });
    two = await startTestServer({ databaseUrl, seedDemo: false });
  }, 120_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await cluster?.stop();
  });

  it("each process tells its own sockets of a change committed through either, as the socket's account", async () => {
    const client = one.client();
    expect((await client.signIn("issuer@demo.test")).status).toBe(200);
    const ids = async (sql: string) => (await one.server.db.query<{ id: string }>(sql)).rows.map((row) => row.id);
    const [account] = await ids("select id from app_public.accounts where name = 'Northwind Renewables, Inc.'");
    expect((await client.selectAccount(account!)).status).toBe(303);
    const [document] = await ids("select id from app_public.documents where name = 'Series A Offering Memorandum'");
    const onOne = await live(client, one.url);
    const onTwo = await live(client, two.url);
    try {
      for (const ws of [onOne, onTwo]) {
        ws.send({ type: "subscribe", table: "documents", ids: [document] });
        await ws.settled();
      }
      const change = (server: TestServer) =>
        server.server.db.query("update app_public.documents set name = name || ' *' where id = $1", [document]);
      await change(one);
      await onOne.receive({ type: "documents", id: document });
      await onTwo.receive({ type: "documents", id: document });
      await change(two);
      await onOne.receive({ type: "documents", id: document }, 1);
      await onTwo.receive({ type: "documents", id: document }, 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const ws of [onOne, onTwo]) expect(ws.messages).toHaveLength(2);
    } finally {
      onOne.close();
      onTwo.close();
    }
  });
});
