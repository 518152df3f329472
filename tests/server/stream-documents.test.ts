// The change itself in the stream, for the first model (issue 33 items 1 and 2, behind the server's setting
// streamDocumentModels: docs/SERVER.md "The change in the stream"): never a leak. Devices of every account type, two
// issuers, an issuer's viewer and two investors are on the stream while contacts (customers) are added and changed in
// several accounts; every document a device receives must be exactly what its own pull gives it for that id (field
// for field, nothing more), an id it may not see comes as a deletion at most, and every contact its pull gained it
// received. The events of the tables the setting does not name carry none (the device pulls them, as before). A
// member suspended hears nothing more at once (its socket closes).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ streamDocumentModels: ["customers"] });
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

/** The user's account of that type (its first by name). */
async function membership(email: string, type: string): Promise<string> {
  const { rows } = await t.server.db.query<{ id: string }>(
    `select a.id from app_public.users_accounts ua join app_public.user_emails e on e.user_id = ua.user_id
     join app_public.accounts a on a.id = ua.account_id where e.email = $1 and a.type = $2 order by a.name limit 1`,
    [email, type],
  );
  return rows[0]!.id;
}

async function as(email: string, account: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(account)).status).toBe(303);
  return client;
}

type Doc = { id: string; _deleted?: boolean } & Record<string, unknown>;

interface Device {
  name: string;
  client: TestClient;
  /** The documents of every customers event, in order. */
  received: Doc[];
  /** customers events without documents. */
  notices: number;
  /** Events of other tables that carried documents (the setting names customers only). */
  otherDocuments: number;
  /** The server closed the socket. */
  closed: boolean;
  close(): void;
}

/** A raw graphql-transport-ws socket subscribed to the change stream with documents. */
async function device(name: string, client: TestClient): Promise<Device> {
  const socket = new WebSocket(`${t.url.replace(/^http/, "ws")}/wss/v1/`, "graphql-transport-ws", {
    headers: { cookie: `ll_session=${client.session}` },
  });
  const result: Device = {
    name,
    client,
    received: [],
    notices: 0,
    otherDocuments: 0,
    closed: false,
    close: () => socket.close(),
  };
  socket.once("close", () => {
    result.closed = true;
  });
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
    if (frame.type !== "next" || !change) return;
    if (change.table !== "customers") {
      if (change.documents !== null) result.otherDocuments++;
      return;
    }
    if (change.documents) result.received.push(...change.documents);
    else result.notices++;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  socket.send(JSON.stringify({ type: "connection_init" }));
  await ack;
  socket.send(
    JSON.stringify({
      id: "1",
      type: "subscribe",
      payload: { query: "subscription { changes { table documents } }" },
    }),
  );
  return result;
}

/** Everything the device's pull of customers gives it, from the start of the log, by id. */
async function pulled(client: TestClient): Promise<Map<string, Doc>> {
  const docs = new Map<string, Doc>();
  let checkpoint = { txid: "0", seq: "0" };
  for (;;) {
    const answer = await client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "customers", afterTxid: checkpoint.txid, afterSeq: checkpoint.seq, limit: 1000 }),
    });
    expect(answer.status, `${answer.status} ${await answer.clone().text()}`).toBe(200);
    const page = (await answer.json()) as { documents: Doc[]; checkpoint: { txid: string; seq: string | number } };
    for (const doc of page.documents) docs.set(doc.id, doc);
    checkpoint = { txid: String(page.checkpoint.txid), seq: String(page.checkpoint.seq) };
    if (page.documents.length < 1000) return docs;
  }
}

async function until(check: () => boolean, what: string | (() => string)): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const BULK = `mutation bulk($contacts: JSON!) { bulkCustomers(input: { contacts: $contacts }) { customers { id } } }`;
let unique = 0;
const contact = (tag: string) => ({
  row: 2,
  id: crypto.randomUUID(),
  name: `Streamed ${tag}`,
  email: `streamed-${tag}-${Date.now()}-${++unique}@documents.test`,
});

describe("documents in the change stream (customers)", () => {
  it("every device receives exactly what its pull gives it, and nothing another account's pull would", async () => {
    const northwind = await accountId("name", "Northwind Renewables, Inc.");
    const harborview = await accountId("name", "Harborview Capital Markets LLC");
    // another issuer with a member of its own (as tests/server/stream-scope.test.ts makes one)
    const outsider = t.client();
    const email = `documents-outsider-${Date.now()}@documents.test`;
    expect((await outsider.signUp({ email, password: "documents-outsider-password" })).status).toBe(200);
    const summit = await accountId("name", "Summit Ridge Hospitality Group");
    await t.server.db.query(
      `insert into app_public.users_accounts (user_id, account_id, role)
       select user_id, $2, 'account_owner' from app_public.user_emails where email = $1`,
      [email, summit],
    );
    // a new user accepts the pending terms before an account can be chosen
    const terms = await outsider.graphql<{
      currentUser: { pendingTermsOfService: { nodes: Array<{ id: string }> } };
    }>("query allUsers { currentUser { pendingTermsOfService { nodes { id } } } }");
    for (const { id } of terms.data!.currentUser.pendingTermsOfService.nodes)
      expect(
        (
          await outsider.graphql(
            "mutation accept($id: UUID!) { acceptTerms(input: { termsId: $id }) { clientMutationId } }",
            { id },
          )
        ).errors,
      ).toBeUndefined();
    expect((await outsider.selectAccount(summit)).location).toMatch(/^\/dashboard/);
    const people: Array<[string, TestClient]> = [
      ["issuer", await as("issuer@demo.test", northwind)],
      ["issuer viewer", await as("issuer-viewer@demo.test", northwind)],
      ["other issuer", outsider],
      ["broker", await as("broker@demo.test", harborview)],
      ["investor", await as("investor@demo.test", await membership("investor@demo.test", "investor"))],
      ["investor 2", await as("investor2@demo.test", await membership("investor2@demo.test", "investor"))],
      ["agent", await as("agent@demo.test", await membership("agent@demo.test", "agent"))],
      ["ats", await as("ats@demo.test", await membership("ats@demo.test", "ats"))],
      ["admin", await as("admin@demo.test", await membership("admin@demo.test", "admin"))],
    ];
    const devices = await Promise.all(people.map(([name, client]) => device(name, client)));
    const issuer = devices[0]!;
    const broker = devices[3]!;
    const other = devices[2]!;
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before: Array<Map<string, Doc>> = [];
      for (const d of devices)
        before.push(
          await pulled(d.client).catch((error: Error) => Promise.reject(new Error(`${d.name}: ${error.message}`))),
        );

      // contacts added by two issuers and a broker, one changed, each its own transaction
      const added: string[] = [];
      for (const [who, tag] of [
        [issuer, "northwind"],
        [other, "summit"],
        [broker, "harborview"],
        [issuer, "northwind-2"],
      ] as const) {
        const made = await who.client.graphql<{ bulkCustomers: { customers: Array<{ id: string }> } }>(BULK, {
          contacts: [contact(tag)],
        });
        expect(made.errors).toBeUndefined();
        added.push(made.data!.bulkCustomers.customers[0]!.id);
      }
      const renamed = await issuer.client.graphql(
        `mutation rename($id: UUID!) { updateCustomerById(input: { id: $id, patch: { name: "Streamed renamed" } }) {
           customer { id } } }`,
        { id: added[0] },
      );
      expect(renamed.errors).toBeUndefined();
      // each writer's own device hears its contacts (and the rename); the others' events were sent by then too
      const has = (d: Device, id: string, name?: string) =>
        d.received.some((doc) => doc.id === id && !doc._deleted && (!name || doc.name === name));
      await until(() => has(issuer, added[0]!, "Streamed renamed") && has(issuer, added[3]!), "the issuer's documents");
      await until(() => has(other, added[1]!) && has(broker, added[2]!), "the other issuer's and the broker's");
      await new Promise((resolve) => setTimeout(resolve, 500));

      for (const [index, d] of devices.entries()) {
        const now = await pulled(d.client);
        expect(d.notices, `${d.name}: every customers event carries documents`).toBe(0);
        expect(d.otherDocuments, `${d.name}: no other table's event carries any`).toBe(0);
        // nothing received that its pull does not give it, field for field (the last received version is current)
        const last = new Map(d.received.map((doc) => [doc.id, doc]));
        for (const [id, doc] of last) {
          const own = now.get(id);
          if (doc._deleted) expect(own === undefined || own._deleted === true, `${d.name}: ${id} deleted`).toBe(true);
          else expect(doc, `${d.name}: ${id} as its pull gives it`).toEqual(own);
        }
        // and every contact its pull gained since, it received
        for (const [id, doc] of now) {
          if (before[index]!.get(id) && JSON.stringify(before[index]!.get(id)) === JSON.stringify(doc)) continue;
          expect(last.get(id), `${d.name}: ${id} reached it`).toEqual(doc);
        }
      }
      // who got what: each issuer and the broker their own, the admin all, the rest none of them
      const got = (d: Device) => added.filter((id) => d.received.some((doc) => doc.id === id && !doc._deleted));
      expect(got(issuer)).toEqual([added[0], added[3]]);
      expect(got(devices[1]!)).toEqual([added[0], added[3]]);
      expect(got(other)).toEqual([added[1]]);
      expect(got(broker)).toEqual([added[2]]);
      // investors, the agent, the exchange and the platform's admin read no account's contacts (at most a deletion)
      for (const d of devices.slice(4)) expect(got(d), d.name).toEqual([]);

      // a suspension takes effect on the stream at once: the viewer's socket closes and hears nothing more
      const viewer = devices[1]!;
      const { rows } = await t.server.db.query<{ id: string }>(
        `select ua.id from app_public.users_accounts ua join app_public.user_emails e on e.user_id = ua.user_id
         where e.email = 'issuer-viewer@demo.test' and ua.account_id = $1`,
        [northwind],
      );
      const suspended = await issuer.client.graphql(
        `mutation ($id: UUID!) { updateUsersAccountById(input: { id: $id, patch: { status: "suspended" } }) {
           usersAccount { id status } } }`,
        { id: rows[0]!.id },
      );
      expect(suspended.errors).toBeUndefined();
      await until(() => viewer.closed, "the suspended viewer's socket closed");
      const heard = viewer.received.length;
      const after = await issuer.client.graphql<{ bulkCustomers: { customers: Array<{ id: string }> } }>(BULK, {
        contacts: [contact("after-suspension")],
      });
      const afterId = after.data!.bulkCustomers.customers[0]!.id;
      await until(() => has(issuer, afterId), "the issuer's contact after the suspension");
      expect(viewer.received.length).toBe(heard);
    } finally {
      for (const d of devices) d.close();
    }
  });
});
