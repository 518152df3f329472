// The change stream (subscription { changes { table } } on /wss/v1/) tells each socket only about changes its
// account may see: the same visibility as the pull (app_private.next_changes: the change's audience, its audience
// types, everything for an admin). Every frame a socket receives is recorded and inspected, so nothing about another
// account's change - not even the name of the table that changed - reaches the wire.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function accountId(where: string, value: string): Promise<string> {
  const { rows } = await t.server.db.query<{ id: string }>(`select id from app_public.accounts where ${where} = $1`, [
    value,
  ]);
  return rows[0]!.id;
}

async function as(email: string, account: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(account)).status).toBe(303);
  return client;
}

interface Socket {
  /** Every text frame received after connection_ack, parsed. */
  frames: Array<{ type: string; id?: string; payload?: unknown }>;
  raw: string[];
  /** The tables of the `next` messages received so far. */
  tables(): string[];
  close(): void;
}

/** A raw graphql-transport-ws socket with the session cookie, subscribed to the change stream. */
async function stream(
  client: TestClient,
  query = "subscription { changes { table id } }",
  extra?: { onClose?: (code: number) => void },
): Promise<Socket & { send(message: unknown): void }> {
  const socket = new WebSocket(`${t.url.replace(/^http/, "ws")}/wss/v1/`, "graphql-transport-ws", {
    headers: { cookie: `ll_session=${client.session}` },
  });
  const frames: Socket["frames"] = [];
  const raw: string[] = [];
  let acked!: () => void;
  const ack = new Promise<void>((resolve) => {
    acked = resolve;
  });
  socket.on("message", (data) => {
    const text = data.toString();
    const frame = JSON.parse(text) as { type: string };
    if (frame.type === "connection_ack") return acked();
    if (frame.type === "ping") socket.send(JSON.stringify({ type: "pong" }));
    raw.push(text);
    frames.push(frame);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  socket.send(JSON.stringify({ type: "connection_init" }));
  await ack;
  socket.on("close", (code) => extra?.onClose?.(code));
  socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query } }));
  // The subscription is live once a change made now reaches it; give the server a moment to LISTEN.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    frames,
    raw,
    tables: () =>
      frames
        .filter((f) => f.type === "next")
        .map((f) => (f.payload as { data: { changes: { table: string } } }).data.changes.table),
    close: () => socket.close(),
    send: (message) => socket.send(JSON.stringify(message)),
  };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const BULK = `mutation bulk($contacts: JSON!) { bulkCustomers(input: { contacts: $contacts }) { customers { id } } }`;

let unique = 0;
const contact = (tag: string) => ({
  row: 2,
  id: crypto.randomUUID(),
  name: `Stream ${tag}`,
  email: `stream-${tag}-${Date.now()}-${++unique}@scope.test`,
});

describe("the change stream's scope", () => {
  it("a socket hears of its own account's changes and of nothing another account changed", async () => {
    const issuer = await as("issuer@demo.test", await accountId("name", "Northwind Renewables, Inc."));
    const broker = await as("broker@demo.test", await accountId("name", "Harborview Capital Markets LLC"));
    const admin = await as("admin@demo.test", await accountId("type", "admin"));
    const issuerSocket = await stream(issuer);
    const brokerSocket = await stream(broker);
    const adminSocket = await stream(admin);
    try {
      // The issuer adds a contact: only the issuer's (and the admin's) socket hears of it.
      const made = await issuer.graphql(BULK, { contacts: [contact("issuer")] });
      expect(made.errors).toBeUndefined();
      await until(() => issuerSocket.tables().includes("customers"), "the issuer's own change");
      await until(() => adminSocket.tables().includes("customers"), "the admin's view of it");
      // Everything the broker's socket received by now, frame by frame: no message about the change at all.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(brokerSocket.frames.filter((f) => f.type !== "pong" && f.type !== "ping")).toEqual([]);
      expect(brokerSocket.raw.join("\n")).not.toContain("customers");

      // The broker adds one of its own: the broker hears of it, the issuer does not.
      const issuerHeard = issuerSocket.frames.length;
      const adminHeard = adminSocket.tables().length;
      const own = await broker.graphql(BULK, { contacts: [contact("broker")] });
      expect(own.errors).toBeUndefined();
      await until(() => brokerSocket.tables().includes("customers"), "the broker's own change");
      await until(() => adminSocket.tables().length > adminHeard, "the admin's view of the broker's change");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(issuerSocket.frames.slice(issuerHeard).filter((f) => f.type !== "ping" && f.type !== "pong")).toEqual([]);
      // What a socket hears names a table only, never a row.
      for (const frame of [...issuerSocket.frames, ...brokerSocket.frames].filter((f) => f.type === "next")) {
        expect(frame.payload).toEqual({ data: { changes: { table: expect.any(String), id: null } } });
      }
    } finally {
      issuerSocket.close();
      brokerSocket.close();
      adminSocket.close();
    }
  });

  it("each table a transaction changed reaches the sockets of that table's audience only", async () => {
    const issuerId = await accountId("name", "Northwind Renewables, Inc.");
    const brokerId = await accountId("name", "Harborview Capital Markets LLC");
    const issuer = await as("issuer@demo.test", issuerId);
    const broker = await as("broker@demo.test", brokerId);
    const issuerSocket = await stream(issuer);
    const brokerSocket = await stream(broker);
    try {
      const issuerHeard = issuerSocket.tables().length;
      const brokerHeard = brokerSocket.tables().length;
      // One transaction: a contact of the issuer (customers) and an audit event of the broker (audit_events).
      const email = `stream-mixed-${Date.now()}@scope.test`;
      await t.server.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          "insert into app_public.accounts (type, name, email) values ('investor', 'Stream Mixed', $1) returning id",
          [email],
        );
        await tx.query(
          "insert into app_public.customers (account_id, investor_id, email, name) values ($1, $2, $3, 'Stream Mixed')",
          [issuerId, rows[0]!.id, email],
        );
        await tx.query(
          `insert into app_public.audit_events (kind, action, account_id, details)
           values ('command', 'stream scope check', $1, '{}')`,
          [brokerId],
        );
      });
      await until(() => issuerSocket.tables().slice(issuerHeard).includes("customers"), "the issuer's contact");
      await until(() => brokerSocket.tables().slice(brokerHeard).includes("audit_events"), "the broker's event");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(issuerSocket.tables().slice(issuerHeard)).not.toContain("audit_events");
      expect(brokerSocket.tables().slice(brokerHeard)).not.toContain("customers");
    } finally {
      issuerSocket.close();
      brokerSocket.close();
    }
  });

  it("an account's viewer hears nothing of its audit trail, which its owner hears of (the pull's rule)", async () => {
    const issuerId = await accountId("name", "Northwind Renewables, Inc.");
    const owner = await as("issuer@demo.test", issuerId);
    const viewer = await as("issuer-viewer@demo.test", issuerId);
    const ownerSocket = await stream(owner);
    const viewerSocket = await stream(viewer);
    try {
      // One transaction: an audit event and a contact of the issuer.
      const email = `stream-viewer-${Date.now()}@scope.test`;
      await t.server.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          "insert into app_public.accounts (type, name, email) values ('investor', 'Stream Viewer', $1) returning id",
          [email],
        );
        await tx.query(
          "insert into app_public.customers (account_id, investor_id, email, name) values ($1, $2, $3, 'Stream Viewer')",
          [issuerId, rows[0]!.id, email],
        );
        await tx.query(
          `insert into app_public.audit_events (kind, action, account_id, details)
           values ('command', 'stream viewer check', $1, '{}')`,
          [issuerId],
        );
      });
      await until(() => ownerSocket.tables().includes("audit_events"), "the owner's audit event");
      await until(() => viewerSocket.tables().includes("customers"), "the viewer's contact");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(viewerSocket.tables()).not.toContain("audit_events");
      // what the viewer's pull of the audit trail gives: nothing
      const pulled = await viewer.fetch("/api/v2/pull", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "audit_events", afterTxid: "0", afterSeq: "0", limit: 100 }),
      });
      expect(pulled.status).toBe(200);
      expect(((await pulled.json()) as { documents: unknown[] }).documents).toEqual([]);
    } finally {
      ownerSocket.close();
      viewerSocket.close();
    }
  });

  it("a change shared with some accounts reaches their sockets only", async () => {
    const issuer = await as("issuer@demo.test", await accountId("name", "Northwind Renewables, Inc."));
    // Another issuer, unrelated to Northwind's securities (every demo account with a user reads some of them): a
    // new user made owner of the demo's Summit Ridge, which has none.
    const outsider = t.client();
    const email = `stream-outsider-${Date.now()}@scope.test`;
    expect((await outsider.signUp({ email, password: "stream-outsider-password" })).status).toBe(200);
    const summit = await accountId("name", "Summit Ridge Hospitality Group");
    await t.server.db.query(
      `insert into app_public.users_accounts (user_id, account_id, role)
       select user_id, $2, 'account_owner' from app_public.user_emails where email = $1`,
      [email, summit],
    );
    // a new user accepts the pending terms first: until then no account can be chosen (and the socket would hear
    // nothing whatever the change)
    const terms = await outsider.graphql<{
      currentUser: { pendingTermsOfService: { nodes: Array<{ id: string }> } };
    }>("query allUsers { currentUser { pendingTermsOfService { nodes { id } } } }");
    for (const { id } of terms.data!.currentUser.pendingTermsOfService.nodes) {
      const accepted = await outsider.graphql(
        "mutation accept($id: UUID!) { acceptTerms(input: { termsId: $id }) { clientMutationId } }",
        { id },
      );
      expect(accepted.errors).toBeUndefined();
    }
    expect((await outsider.selectAccount(summit)).location).toMatch(/^\/dashboard/);
    const broker = outsider;
    const ats = await as("ats@demo.test", await accountId("name", "Meridian Alternative Exchange"));
    const brokerSocket = await stream(broker);
    const atsSocket = await stream(ats);
    try {
      // A security document shared with trading systems only: the exchange listing it hears of it, the other issuer not.
      const { rows } = await t.server.db.query<{ id: string }>(
        "select id from app_public.securities where name = 'Northwind Series A Preferred Stock'",
      );
      const made = await issuer.graphql(
        `mutation make($securityId: UUID!) { makeSecurityDocument(input: { name: "Scope notice", securityId: $securityId,
           extension: "pdf", shareWith: ["ats"] }) { documentUpload { documentId } } }`,
        { securityId: rows[0]!.id },
      );
      expect(made.errors).toBeUndefined();
      await until(() => atsSocket.tables().includes("documents"), "the exchange's document change");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(brokerSocket.raw.join("\n")).not.toContain("documents");
      expect(brokerSocket.frames.filter((f) => f.type === "next")).toEqual([]);
    } finally {
      brokerSocket.close();
      atsSocket.close();
    }
  });

  // The app's subscription is served by the fan-out (sync/http/change-fanout.ts), any other shape by GraphQL: both
  // give a socket the same events.
  it("the app's subscription and the same fields through GraphQL hear the same events, numbered alike", async () => {
    const issuer = await as("issuer@demo.test", await accountId("name", "Northwind Renewables, Inc."));
    const app = await stream(issuer, "subscription changes { changes { table n documents } }");
    // an alias and a fragment: not the app's shape, so GraphQL serves it
    const relayed = await stream(
      issuer,
      "subscription { c: changes { ...f } } fragment f on TableChange { table n documents }",
    );
    let closedWith: number | null = null;
    const twice = await stream(issuer, "subscription { changes { table n } }", {
      onClose: (code) => {
        closedWith = code;
      },
    });
    try {
      const made = await issuer.graphql(BULK, { contacts: [contact("fanout")] });
      expect(made.errors).toBeUndefined();
      const customers = (socket: Socket, field: string) =>
        socket.frames
          .filter((f) => f.type === "next")
          .map(
            (f) =>
              (f.payload as { data: Record<string, { table: string; n: number; documents: unknown }> }).data[field]!,
          )
          .filter((change) => change.table === "customers");
      await until(() => customers(app, "changes").length > 0, "the app's subscription");
      await until(() => customers(relayed, "c").length > 0, "the GraphQL subscription");
      const [fromApp] = customers(app, "changes");
      const [fromRelay] = customers(relayed, "c");
      expect(fromApp!.documents).toEqual(fromRelay!.documents);
      expect((fromApp!.documents as Array<{ name: string }>).map((d) => d.name)).toEqual(["Stream fanout"]);
      expect(fromApp!.n).toBe(fromRelay!.n);
      // a second subscription under an id in use closes the socket, as graphql-ws does
      twice.send({ id: "1", type: "subscribe", payload: { query: "subscription { changes { table n } }" } });
      await until(() => closedWith !== null, "the socket's close");
      expect(closedWith).toBe(4409);
    } finally {
      app.close();
      relayed.close();
      twice.close();
    }
  });
});
