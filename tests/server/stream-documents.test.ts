// The change itself in the stream (issue 33 items 1 and 2, every read model: streamDocumentModels "all", the setting
// LL_STREAM_DOCUMENTS; docs/SERVER.md "The change in the stream"): never a leak. Devices of every account type, of
// several accounts of each type and of every role are on the stream while every read model changes (contacts added,
// renamed and deleted through GraphQL, and a row of every table that feeds the change log touched); for every model,
// what each device received (the last version of each id) must be exactly what its own pull from the log's position
// before the changes gives it, field for field, nothing more and nothing less, and every event carries its documents
// and its number (1, 2, ... without a gap). Then a member removed, a role lowered, a suspension and an ownership
// transfer take effect on the stream at once: the sockets concerned close and hear nothing more, while the account's
// other devices go on.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ streamDocumentModels: "all" });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

type Doc = { id: string; _deleted?: boolean } & Record<string, unknown>;

interface Device {
  name: string;
  client: TestClient;
  /** The documents of every event, by table, in order. */
  received: Map<string, Doc[]>;
  /** Events of a read model without documents. */
  notices: string[];
  /** Event numbers out of order (expected, got). */
  gaps: Array<[number, number | null]>;
  /** When the last event arrived. */
  lastEventOn: number;
  /** The server closed the socket. */
  closed: boolean;
  close(): void;
}

async function accountId(where: string, value: string): Promise<string> {
  const { rows } = await t.server.db.query<{ id: string }>(`select id from app_public.accounts where ${where} = $1`, [
    value,
  ]);
  return rows[0]!.id;
}

/** The demo user's account of that type (its first by name). */
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

let people = 0;
/** A new user, member of `account` with `role`, signed in with the account chosen. */
async function newMember(account: string, role: string): Promise<{ client: TestClient; userId: string }> {
  const client = t.client();
  const email = `stream-member-${Date.now()}-${++people}@documents.test`;
  expect((await client.signUp({ email, password: "stream-member-password" })).status).toBe(200);
  const { rows } = await t.server.db.query<{ user_id: string }>(
    `insert into app_public.users_accounts (user_id, account_id, role)
     select user_id, $2, $3 from app_public.user_emails where email = $1 returning user_id`,
    [email, account, role],
  );
  // a new user accepts the pending terms before an account can be chosen
  const terms = await client.graphql<{
    currentUser: { pendingTermsOfService: { nodes: Array<{ id: string }> } };
  }>("query allUsers { currentUser { pendingTermsOfService { nodes { id } } } }");
  for (const { id } of terms.data!.currentUser.pendingTermsOfService.nodes)
    expect(
      (
        await client.graphql(
          "mutation accept($id: UUID!) { acceptTerms(input: { termsId: $id }) { clientMutationId } }",
          { id },
        )
      ).errors,
    ).toBeUndefined();
  expect((await client.selectAccount(account)).status).toBe(303);
  return { client, userId: rows[0]!.user_id };
}

/** A raw graphql-transport-ws socket subscribed to the change stream with documents and numbers. */
async function device(name: string, client: TestClient, models: ReadonlySet<string>): Promise<Device> {
  const socket = new WebSocket(`${t.url.replace(/^http/, "ws")}/wss/v1/`, "graphql-transport-ws", {
    headers: { cookie: `ll_session=${client.session}` },
  });
  const result: Device = {
    name,
    client,
    received: new Map(),
    notices: [],
    gaps: [],
    lastEventOn: 0,
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
  let last = 0;
  socket.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as {
      type: string;
      payload?: { data?: { changes?: { table: string; n: number | null; documents: Doc[] | null } } };
    };
    if (frame.type === "connection_ack") return acked();
    if (frame.type === "ping") socket.send(JSON.stringify({ type: "pong" }));
    const change = frame.payload?.data?.changes;
    if (frame.type !== "next" || !change) return;
    result.lastEventOn = Date.now();
    if (change.n !== last + 1) result.gaps.push([last + 1, change.n]);
    last = change.n ?? last;
    if (!models.has(change.table)) return;
    if (!change.documents) result.notices.push(change.table);
    else result.received.set(change.table, [...(result.received.get(change.table) ?? []), ...change.documents]);
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
      payload: { query: "subscription { changes { table n documents } }" },
    }),
  );
  return result;
}

type Checkpoint = { txid: string; seq: string };

/** What the device's pull of `model` gives it after `from`, by id (the last version of each). */
async function pulled(client: TestClient, model: string, from: Checkpoint): Promise<Map<string, Doc>> {
  const docs = new Map<string, Doc>();
  let checkpoint = from;
  for (;;) {
    const answer = await client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model, afterTxid: checkpoint.txid, afterSeq: checkpoint.seq, limit: 1000 }),
    });
    expect(answer.status, `${model}: ${answer.status} ${await answer.clone().text()}`).toBe(200);
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

/** Until no device has heard anything for `quietMs` (at most 30 s). */
async function quiet(devices: Device[], quietMs = 1_500): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const lastEvent = Math.max(...devices.map((d) => d.lastEventOn));
    if (Date.now() - lastEvent >= quietMs || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The read models this test changes (the ready ones among them: holdings, distributions). */
const CHANGED = [
  "account_details",
  "accounts",
  "allocations",
  "assets",
  "broker_allocations",
  "customers",
  "distributions",
  "documents",
  "holdings",
  "integrations",
  "onboarding_question_sets",
  "platform_books",
  "rounds",
  "securities",
  "signing_accounts",
  "users_accounts",
];

/** The document as compared: the platform's books are figures counted when built, stamped with that time. */
const comparable = (model: string, doc: Doc): Doc => {
  if (model !== "platform_books") return doc;
  const { updatedOn: _builtOn, ...rest } = doc;
  return rest as Doc;
};

const BULK = `mutation bulk($contacts: JSON!) { bulkCustomers(input: { contacts: $contacts }) { customers { id } } }`;
let unique = 0;
const contact = (tag: string) => ({
  row: 2,
  id: crypto.randomUUID(),
  name: `Streamed ${tag}`,
  email: `streamed-${tag}-${Date.now()}-${++unique}@documents.test`,
});

describe("documents in the change stream (every read model)", () => {
  it("every device receives exactly what its pull gives it, then a membership change closes the stream at once", async () => {
    const { rows: modelRows } = await t.server.db.query<{ model: string }>(
      "select model from app_private.replicated_models order by model",
    );
    const models = new Set(modelRows.map((row) => row.model));
    const northwind = await accountId("name", "Northwind Renewables, Inc.");
    const harborview = await accountId("name", "Harborview Capital Markets LLC");
    const summit = await accountId("name", "Summit Ridge Hospitality Group");
    // a second account of every other type, each with a member of its own (where the demo has one)
    const { rows: others } = await t.server.db.query<{ id: string; type: string }>(
      `select distinct on (a.type) a.id, a.type from app_public.accounts a
        where a.type in ('broker', 'agent', 'ats', 'investor', 'admin')
          and not exists (select 1 from app_public.users_accounts ua where ua.account_id = a.id)
        order by a.type, a.name`,
    );
    const summitOwner = await newMember(summit, "account_owner");
    const summitAdmin = await newMember(summit, "account_admin");
    const summitViewer = await newMember(summit, "account_viewer");
    const people: Array<[string, TestClient]> = [
      ["issuer", await as("issuer@demo.test", northwind)],
      ["issuer viewer", await as("issuer-viewer@demo.test", northwind)],
      ["issuer admin (multi)", await as("multi@demo.test", northwind)],
      ["other issuer", summitOwner.client],
      ["other issuer's admin", summitAdmin.client],
      ["other issuer's viewer", summitViewer.client],
      ["broker", await as("broker@demo.test", harborview)],
      ["broker viewer (multi)", await as("multi@demo.test", harborview)],
      ["investor", await as("investor@demo.test", await membership("investor@demo.test", "investor"))],
      ["investor 2", await as("investor2@demo.test", await membership("investor2@demo.test", "investor"))],
      ["investor (multi)", await as("multi@demo.test", await membership("multi@demo.test", "investor"))],
      ["agent", await as("agent@demo.test", await membership("agent@demo.test", "agent"))],
      ["ats", await as("ats@demo.test", await membership("ats@demo.test", "ats"))],
      ["admin", await as("admin@demo.test", await membership("admin@demo.test", "admin"))],
    ];
    for (const other of others)
      people.push([`another ${other.type}`, (await newMember(other.id, "account_owner")).client]);
    const devices = await Promise.all(people.map(([name, client]) => device(name, client, models)));
    const byName = (name: string) => devices.find((d) => d.name === name)!;
    const issuer = byName("issuer");
    try {
      await quiet(devices, 500);
      // the log's position before the changes: every device's pull from here gives what changed for it
      const { rows: position } = await t.server.db.query<{ txid: string; seq: string }>(
        "select txid::text as txid, seq::text as seq from app_private.changes order by txid desc, seq desc limit 1",
      );
      const from = position[0] ?? { txid: "0", seq: "0" };
      for (const d of devices) d.received.clear();

      // contacts added by two issuers and a broker, one renamed, one deleted, each its own transaction
      const added: string[] = [];
      for (const [who, tag] of [
        [issuer, "northwind"],
        [byName("other issuer"), "summit"],
        [byName("broker"), "harborview"],
        [issuer, "northwind-2"],
      ] as const) {
        const made = await who.client.graphql<{ bulkCustomers: { customers: Array<{ id: string }> } }>(BULK, {
          contacts: [contact(tag)],
        });
        expect(made.errors).toBeUndefined();
        added.push(made.data!.bulkCustomers.customers[0]!.id);
      }
      expect(
        (
          await issuer.client.graphql(
            `mutation ($id: UUID!) { updateCustomerById(input: { id: $id, patch: { name: "Streamed renamed" } }) {
               customer { id } } }`,
            { id: added[0] },
          )
        ).errors,
      ).toBeUndefined();
      // (contacts are not deleted through the API: the row goes, its devices get a deletion)
      await t.server.db.query("delete from app_public.customers where id = $1", [added[3]]);
      // every read model changes: a few rows of every table that feeds the change log touched, one transaction each
      const { rows: tables } = await t.server.db.query<{ name: string }>(
        `select distinct format('%I.%I', n.nspname, c.relname) as name
           from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
          where g.tgname like '\\_900\\_changes\\_%' and not g.tgisinternal order by 1`,
      );
      for (const { name } of tables)
        await t.server.db
          .query(
            `update ${name} set updated_on = updated_on where ctid = any (array(select ctid from ${name} limit 4))`,
          )
          .catch(() => {
            // a table that refuses updates (append-only, or guarded by the writer's claims) changes through others
          });
      await quiet(devices);

      const { rows: changed } = await t.server.db.query<{ model: string }>(
        "select distinct model from app_private.changes where (txid, seq) > ($1::xid8, $2::bigint)",
        [from.txid, from.seq],
      );
      // the models changed (the demo holds no rows of the others, or their tables refuse updates: for those the check
      // below is that nothing reached anyone)
      expect(changed.map((row) => row.model)).toEqual(expect.arrayContaining(CHANGED));
      const changedModels = new Set(changed.map((row) => row.model));
      for (const d of devices) {
        expect(d.notices, `${d.name}: every event carries its documents`).toEqual([]);
        expect(d.gaps, `${d.name}: events numbered 1, 2, ... without a gap`).toEqual([]);
        // a model without changes since `from` pulls nothing: nothing of it may have reached the device
        for (const model of models) if (!changedModels.has(model)) expect(d.received.get(model), model).toBeUndefined();
        const own = await Promise.all([...changedModels].map((model) => pulled(d.client, model, from)));
        for (const [index, model] of [...changedModels].entries()) {
          const last = new Map((d.received.get(model) ?? []).map((doc) => [doc.id, comparable(model, doc)]));
          const pulledDocs = new Map([...own[index]!].map(([id, doc]) => [id, comparable(model, doc)]));
          // nothing received that its pull does not give it (field for field), and all its pull gives it received
          expect([...last.keys()].sort(), `${d.name}: the ${model} it received are its pull's`).toEqual(
            [...pulledDocs.keys()].sort(),
          );
          for (const [id, doc] of pulledDocs) expect(last.get(id), `${d.name}: ${model} ${id}`).toStrictEqual(doc);
        }
      }
      // who got the contacts: each issuer's members and the broker their own, the rest none of them
      const got = (d: Device) => {
        const last = new Map((d.received.get("customers") ?? []).map((doc) => [doc.id, doc]));
        return added.filter((id) => last.get(id) && !last.get(id)!._deleted);
      };
      expect(got(issuer)).toEqual([added[0]]);
      expect(got(byName("issuer viewer"))).toEqual([added[0]]);
      expect(got(byName("other issuer's viewer"))).toEqual([added[1]]);
      expect(got(byName("broker"))).toEqual([added[2]]);
      // investors, the agent, the exchange and the platform's admin read no account's contacts (a deletion at most)
      for (const name of ["investor", "investor 2", "agent", "ats", "admin"])
        expect(got(byName(name)), name).toEqual([]);

      // membership changes take effect on the stream at once: each socket concerned closes, the others go on
      const member = (user: string) =>
        t.server.db.query<{ id: string }>(
          "select id from app_public.users_accounts where user_id = $1 and account_id = $2",
          [user, summit],
        );
      const removedId = (await member(summitViewer.userId)).rows[0]!.id;
      await t.server.db.query("delete from app_public.users_accounts where id = $1", [removedId]);
      await until(() => byName("other issuer's viewer").closed, "the removed member's socket closed");
      await t.server.db.query(
        "update app_public.users_accounts set role = 'account_viewer' where user_id = $1 and account_id = $2",
        [summitAdmin.userId, summit],
      );
      await until(() => byName("other issuer's admin").closed, "the lowered member's socket closed");
      const { rows: viewerRows } = await t.server.db.query<{ id: string }>(
        `select ua.id from app_public.users_accounts ua join app_public.user_emails e on e.user_id = ua.user_id
         where e.email = 'issuer-viewer@demo.test' and ua.account_id = $1`,
        [northwind],
      );
      const suspended = await issuer.client.graphql(
        `mutation ($id: UUID!) { updateUsersAccountById(input: { id: $id, patch: { status: "suspended" } }) {
           usersAccount { id status } } }`,
        { id: viewerRows[0]!.id },
      );
      expect(suspended.errors).toBeUndefined();
      await until(() => byName("issuer viewer").closed, "the suspended viewer's socket closed");
      const { rows: transferred } = await t.server.db.query("select app_private.hand_over_ownership($1, $2, $3)", [
        summit,
        summitOwner.userId,
        summitAdmin.userId,
      ]);
      expect(transferred).toHaveLength(1);
      await until(() => byName("other issuer").closed, "the old owner's socket closed");
      // the issuer's own devices go on: its next contact reaches it, and none of the closed sockets
      const closed = devices.filter((d) => d.closed);
      expect(closed.map((d) => d.name).sort()).toEqual(
        ["issuer viewer", "other issuer", "other issuer's admin", "other issuer's viewer"].sort(),
      );
      const heard = closed.map((d) => d.received.get("customers")?.length ?? 0);
      const after = await issuer.client.graphql<{ bulkCustomers: { customers: Array<{ id: string }> } }>(BULK, {
        contacts: [contact("after-membership-changes")],
      });
      const afterId = after.data!.bulkCustomers.customers[0]!.id;
      const has = (d: Device, id: string) => (d.received.get("customers") ?? []).some((doc) => doc.id === id);
      await until(() => has(issuer, afterId) && has(byName("issuer admin (multi)"), afterId), "the issuer's contact");
      expect(closed.map((d) => d.received.get("customers")?.length ?? 0)).toEqual(heard);
    } finally {
      for (const d of devices) d.close();
    }
  }, 150_000);
});
