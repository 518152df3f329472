// The change itself in the stream (issue 33 items 1 and 2, every read model: streamDocumentModels "all", the setting
// LL_STREAM_DOCUMENTS; docs/SERVER.md "The change in the stream"): never a leak. Devices of every account type, of
// several accounts of each type and of every role are on the stream while every one of the read models changes
// (contacts added, renamed and deleted through GraphQL, an invitation made through GraphQL, a row of every table that
// feeds the change log touched, and rows made of the models the demo holds none of or whose tables take no update);
// for every model, what each device received (the last version of each id) must be exactly what its own pull from the
// log's position before the changes gives it, field for field, nothing more and nothing less, and every event carries
// its documents and its number (1, 2, ... without a gap). Then a member removed, a role lowered, a suspension and an
// ownership transfer take effect on the stream at once: the sockets concerned close and hear nothing more, while the
// account's other devices go on; every model changes again, and the devices still on the stream and those of the
// members who signed in again under their new roles receive exactly what their pulls give them.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { STREAM_RESYNC_TABLE } from "../../src/domain/wire.ts";
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
  /**
   * Resync events (table `*`): the server dropped events while the socket held too much unread (docs/SERVER.md "Slow
   * devices"), and the device pulls every model; the test process reads every socket in the server's own event loop.
   */
  resyncs: number;
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

async function as(email: string, account: string, password?: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email, password)).status).toBe(200);
  expect((await client.selectAccount(account)).status).toBe(303);
  return client;
}

let people = 0;
const MEMBER_PASSWORD = "stream-member-password";
/** A new user, member of `account` with `role`, signed in with the account chosen. */
async function newMember(
  account: string,
  role: string,
): Promise<{ client: TestClient; userId: string; email: string }> {
  const client = t.client();
  const email = `stream-member-${Date.now()}-${++people}@documents.test`;
  expect((await client.signUp({ email, password: MEMBER_PASSWORD })).status).toBe(200);
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
  return { client, userId: rows[0]!.user_id, email };
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
    resyncs: 0,
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
    if (change.n !== last + 1) result.gaps.push([last + 1, change.n]);
    last = change.n ?? last;
    if (change.table === STREAM_RESYNC_TABLE) result.resyncs++;
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

async function until(check: () => boolean, what: string | (() => string), timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Until every device has heard a last change that reaches everyone (a form definition: its changes have no audience,
 * so every reader's stream carries it, as a deletion to those who may not read it): a socket's events come in the
 * order of the changes, so each device has then heard every change before it. Another such change every 3 s, for a
 * device whose subscription was not yet listening (graphql-ws does not acknowledge a subscription).
 */
async function settle(devices: Device[], tag: string): Promise<void> {
  const lasts = new Set<string>();
  const heard = (d: Device) => (d.received.get("form_definitions") ?? []).some((doc) => lasts.has(doc.id));
  const deadline = Date.now() + 60_000;
  for (let n = 1; !devices.every(heard); n++) {
    const missing = devices.filter((d) => !heard(d));
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for the last change on ${missing
          .map(
            (d) =>
              `${d.name} (${d.closed ? "closed, " : ""}${d.notices.length} notices, heard ${[...d.received.keys()].join(" ")})`,
          )
          .join(", ")}`,
      );
    const { rows } = await t.server.db.query<{ id: string }>(
      "insert into app_public.form_definitions (key, version, name) values ($1, 1, 'Last') returning id",
      [`last-${tag}-${n}-${Date.now()}`],
    );
    lasts.add(rows[0]!.id);
    const waitUntil = Date.now() + 3_000;
    while (!devices.every(heard) && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The document as compared: the platform's books are figures counted when built, stamped with that time. */
const comparable = (model: string, doc: Doc): Doc => {
  if (model !== "platform_books") return doc;
  const { updatedOn: _builtOn, ...rest } = doc;
  return rest as Doc;
};

const BULK = `mutation bulk($contacts: JSON!) { bulkCustomers(input: { contacts: $contacts }) { customers { id } } }`;
const INVITE = `mutation invite($email: String!) {
  makeDelegate(input: { email: $email, firstName: "Streamed", lastName: "Delegate", role: "account_viewer" }) {
    clientMutationId } }`;
let unique = 0;
const contact = (tag: string) => ({
  row: 2,
  id: crypto.randomUUID(),
  name: `Streamed ${tag}`,
  email: `streamed-${tag}-${Date.now()}-${++unique}@documents.test`,
});

/** The log's position now: a device's pull from here gives what changed for it since. */
async function position(): Promise<Checkpoint> {
  const { rows } = await t.server.db.query<{ txid: string; seq: string }>(
    // ordered by the columns, not by the text of the same names (which puts "994" after "1002")
    "select c.txid::text as txid, c.seq::text as seq from app_private.changes c order by c.txid desc, c.seq desc limit 1",
  );
  return rows[0] ?? { txid: "0", seq: "0" };
}

/** The models changed after `from`. */
async function changedSince(from: Checkpoint): Promise<Set<string>> {
  const { rows } = await t.server.db.query<{ model: string }>(
    "select distinct model from app_private.changes where (txid, seq) > ($1::xid8, $2::bigint)",
    [from.txid, from.seq],
  );
  return new Set(rows.map((row) => row.model));
}

/** The accounts and rows the changes are made of. */
interface Cast {
  northwind: string;
  harborview: string;
  summit: string;
  investor: string;
  investor2: string;
}

/**
 * Up to four rows of every table that feeds the change log touched, one transaction per table (their `updated_on`
 * moved: a table without the timestamps trigger would record no change for a row written as it was).
 */
async function touchEveryTable(): Promise<void> {
  const { rows: tables } = await t.server.db.query<{ name: string }>(
    `select distinct format('%I.%I', n.nspname, c.relname) as name
       from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where g.tgname like '\\_900\\_changes\\_%' and not g.tgisinternal order by 1`,
  );
  for (const { name } of tables)
    await t.server.db
      .query(`update ${name} set updated_on = now() where ctid = any (array(select ctid from ${name} limit 4))`)
      .catch(() => {
        // a table that refuses updates (append-only, or a locked row's) changes through the inserts of changeTheRest
      });
}

/**
 * The models the touch leaves unchanged (the demo holds no rows of them, their tables are append-only, or its rows are
 * locked): a row of each made as its writer makes it (the investor's transfer request and accreditation, the audit
 * trail's events, a form definition, a signing template mapped and a document sent from it, an onboarding question
 * and an investor's answer to it, a payment account, a ledger transaction), each in its own transaction, then a few
 * of them changed.
 */
async function changeTheRest(round: number, cast: Cast): Promise<void> {
  const db = t.server.db;
  const tag = `stream-${round}-${Date.now()}`;
  const { rows: holdings } = await db.query<{ id: string; security_id: string; round_id: string; issuer_id: string }>(
    `select h.id, h.security_id, h.round_id, a.issuer_id from app_public.holdings h
       join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id
      where h.investor_id = $1 and a.issuer_id = $2 order by h.created_on, h.id limit 1`,
    [cast.investor, cast.northwind],
  );
  const holding = holdings[0]!;
  // the security's transfer agent (the demo's agent account) reads its requests too (docs/TRANSFERS.md)
  await db.query(
    `insert into app_public.transfer_rules (security_id, transfer_agent_id)
     select $1, a.id from app_public.accounts a where a.name = 'Keystone Transfer Agents'
     on conflict (security_id) do update set transfer_agent_id = excluded.transfer_agent_id`,
    [holding.security_id],
  );
  const { rows: transfers } = await db.query<{ id: string }>(
    `insert into app_public.transfers (holding_id, security_id, round_id, issuer_id, requester_id, transferee_id,
       units, reason) values ($1, $2, $3, $4, $5, $6, 1, 'gift') returning id`,
    [holding.id, holding.security_id, holding.round_id, holding.issuer_id, cast.investor, cast.investor2],
  );
  await db.query("update app_public.transfers set status = 'cancelled', decided_on = now() where id = $1", [
    transfers[0]!.id,
  ]);
  const { rows: accreditations } = await db.query<{ id: string }>(
    `insert into app_public.accreditations (investor_id, reviewer_account_id, round_id, method)
     values ($1, $2, $3, 'letter') returning id`,
    [cast.investor2, cast.harborview, holding.round_id],
  );
  await db.query("update app_public.accreditations set status = 'approved', decided_on = now() where id = $1", [
    accreditations[0]!.id,
  ]);
  await db.query(
    `insert into app_public.audit_events (kind, action, account_id, details)
     select 'command', $1, a, '{}'::jsonb from unnest($2::uuid[]) a`,
    [`streamed ${tag}`, [cast.northwind, cast.harborview, cast.summit, cast.investor, null]],
  );
  await db.query("insert into app_public.form_definitions (key, version, name) values ($1, 1, $2)", [
    tag,
    `Streamed form ${tag}`,
  ]);
  // a template of the issuer's signing account (synced, so no provider is asked for it) and a copy mapped from it
  const { rows: mapped } = await db.query<{ id: string }>(
    `with template as (
       insert into app_public.signing_templates (signing_account_id, provider_template_id, name, sync_status, synced_on)
       select sa.id, $2, $3, 'synced', now() from app_public.signing_accounts sa where sa.account_id = $1 limit 1
       returning id, updated_on)
     insert into app_public.mapped_signing_templates (signing_template_id, account_id, name, template_updated_on)
     select template.id, $1, $3, template.updated_on from template returning id`,
    [cast.northwind, tag, `Streamed template ${tag}`],
  );
  await db.query(
    `insert into app_public.sent_signing_documents (mapped_signing_template_id, sent_to_id, provider)
     values ($1, $2, 'builtin')`,
    [mapped[0]!.id, cast.investor],
  );
  const { rows: questions } = await db.query<{ id: string }>(
    `insert into app_public.onboarding_questions (account_id, name, description, error_message, type_id)
     select $1, $2, 'Asked while devices listen.', 'Answer it.', t.id from app_public.onboarding_question_types t
      where t.name = 'Text' returning id`,
    [cast.northwind, `Streamed question ${tag}`],
  );
  await db.transaction(async (tx) => {
    const { rows: answers } = await tx.query<{ id: string }>(
      `insert into app_public.instanced_account_information (account_id, vendor_id, vendor_name, question_id, field)
       values ($1, $2, 'Northwind', $3, $4) returning id`,
      [cast.investor, cast.northwind, questions[0]!.id, tag],
    );
    await tx.query(
      "insert into app_private.instanced_account_values (id, sealed) values ($1, app_private.seal(to_jsonb($2::text)))",
      [answers[0]!.id, `Answer ${tag}`],
    );
  });
  await db.query(
    `insert into app_public.payment_accounts (account_id, provider, provider_name) values ($1, 'builtin', $2)
     on conflict (account_id) do update set provider_name = excluded.provider_name`,
    [cast.harborview, `Payments ${tag}`],
  );
  await db.transaction(async (tx) => {
    const { rows: made } = await tx.query<{ id: string }>(
      "insert into app_public.transactions (issuer_id, round_id, broker_id) values ($1, $2, $3) returning id",
      [holding.issuer_id, holding.round_id, cast.harborview],
    );
    await tx.query(
      "insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount) values ($1, $2, $3, 0)",
      [made[0]!.id, holding.id, cast.investor],
    );
  });
}

interface Members {
  issuer: TestClient;
  otherIssuer: TestClient;
  broker: TestClient;
}

/** Every read model changes: contacts, an invitation, every change-log table touched, the rest made. */
async function changeEveryModel(round: number, cast: Cast, by: Members): Promise<string[]> {
  // contacts added by two issuers and a broker, one renamed, one deleted, each its own transaction
  const added: string[] = [];
  for (const [who, tag] of [
    [by.issuer, "northwind"],
    [by.otherIssuer, "summit"],
    [by.broker, "harborview"],
    [by.issuer, "northwind-2"],
  ] as const) {
    const made = await who.graphql<{ bulkCustomers: { customers: Array<{ id: string }> } }>(BULK, {
      contacts: [contact(`${tag}-${round}`)],
    });
    expect(made.errors).toBeUndefined();
    added.push(made.data!.bulkCustomers.customers[0]!.id);
  }
  expect(
    (
      await by.issuer.graphql(
        `mutation ($id: UUID!) { updateCustomerById(input: { id: $id, patch: { name: "Streamed renamed" } }) {
           customer { id } } }`,
        { id: added[0] },
      )
    ).errors,
  ).toBeUndefined();
  // (contacts are not deleted through the API: the row goes, its devices get a deletion)
  await t.server.db.query("delete from app_public.customers where id = $1", [added[3]]);
  // an invitation to an address nobody has (delegate_invitations)
  const invited = await by.issuer.graphql(INVITE, { email: `stream-invitee-${round}-${Date.now()}@documents.test` });
  expect(invited.errors).toBeUndefined();
  await touchEveryTable();
  await changeTheRest(round, cast);
  return added;
}

/** From here on the device's stream is compared with its pull from here. */
function forget(d: Device): void {
  d.received.clear();
  d.resyncs = 0;
}

/** The change rows of `ids` after `from`, for a failure's message. */
async function changeRows(model: string, ids: string[], from: Checkpoint): Promise<string> {
  const { rows } = await t.server.db.query(
    `select c.doc_id, c.txid::text, c.seq, c.audience, c.audience_types from app_private.changes c
      where c.model = $1 and c.doc_id = any ($2::uuid[]) and (c.txid, c.seq) > ($3::xid8, $4::bigint)
      order by c.txid, c.seq`,
    [model, ids, from.txid, from.seq],
  );
  return `\nchanges of the ids that differ: ${JSON.stringify(rows)}`;
}

/**
 * For every device and every model: what it received (the last version of each id) is exactly what its own pull
 * from `from` gives it, the same ids, each document field for field; every event carried documents and a number
 * without a gap; a model without changes since `from` reached nobody.
 */
async function expectEachGotItsPull(devices: Device[], models: ReadonlySet<string>, from: Checkpoint): Promise<void> {
  const changedModels = await changedSince(from);
  // every read model changed
  expect([...changedModels].sort()).toEqual([...models].sort());
  for (const d of devices) {
    expect(d.notices, `${d.name}: every event carries its documents`).toEqual([]);
    expect(d.gaps, `${d.name}: events numbered 1, 2, ... without a gap`).toEqual([]);
    const own = await Promise.all([...changedModels].map((model) => pulled(d.client, model, from)));
    for (const [index, model] of [...changedModels].entries()) {
      const last = new Map((d.received.get(model) ?? []).map((doc) => [doc.id, comparable(model, doc)]));
      const pulledDocs = new Map([...own[index]!].map(([id, doc]) => [id, comparable(model, doc)]));
      // nothing received that its pull does not give it (field for field), and all its pull gives it received
      const differ = [...new Set([...last.keys(), ...pulledDocs.keys()])].filter(
        (id) => !last.has(id) || !pulledDocs.has(id),
      );
      const log = differ.length > 0 ? await changeRows(model, differ, from) : "";
      if (d.resyncs === 0) {
        expect([...last.keys()].sort(), `${d.name}: the ${model} it received are its pull's${log}`).toEqual(
          [...pulledDocs.keys()].sort(),
        );
        for (const [id, doc] of pulledDocs) expect(last.get(id), `${d.name}: ${model} ${id}`).toStrictEqual(doc);
      } else {
        // events were dropped for the device (it pulls every model on the resync): what it received is still only
        // what its pull gives it, each document with no field its pull's version lacks (an older version may have
        // been received last: the newer one's event was dropped)
        for (const [id, doc] of last) {
          expect(pulledDocs.has(id), `${d.name}: ${model} ${id} is its pull's${log}`).toBe(true);
          const fields = new Set(Object.keys(pulledDocs.get(id)!));
          expect(
            Object.keys(doc).filter((field) => !fields.has(field)),
            `${d.name}: ${model} ${id}`,
          ).toEqual([]);
        }
      }
    }
  }
}

describe("documents in the change stream (every read model)", () => {
  it("every device receives exactly what its pull gives it, before and after membership changes that close streams at once", async () => {
    const { rows: modelRows } = await t.server.db.query<{ model: string }>(
      "select model from app_private.replicated_models order by model",
    );
    const models = new Set(modelRows.map((row) => row.model));
    const investor = await membership("investor@demo.test", "investor");
    const cast: Cast = {
      northwind: await accountId("name", "Northwind Renewables, Inc."),
      harborview: await accountId("name", "Harborview Capital Markets LLC"),
      summit: await accountId("name", "Summit Ridge Hospitality Group"),
      investor,
      investor2: await membership("investor2@demo.test", "investor"),
    };
    const { northwind, harborview, summit } = cast;
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
      ["investor", await as("investor@demo.test", investor)],
      ["investor 2", await as("investor2@demo.test", cast.investor2)],
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
    // the devices of members who sign in again after the membership changes
    const again: Device[] = [];
    try {
      await settle(devices, "setup");
      // the log's position before the changes: every device's pull from here gives what changed for it
      const from = await position();
      for (const d of devices) forget(d);
      const added = await changeEveryModel(1, cast, {
        issuer: issuer.client,
        otherIssuer: summitOwner.client,
        broker: byName("broker").client,
      });
      await settle(devices, "round-1");
      await expectEachGotItsPull(devices, models, from);
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
      // the security's transfer agent receives its transfer request (and, above, nothing its pull does not give it)
      const requests = (d: Device) => (d.received.get("transfers") ?? []).filter((doc) => !doc._deleted).length;
      expect(requests(byName("agent"))).toBeGreaterThan(0);
      // an account's viewers read none of its audit trail; its owner and admins do
      const events = (d: Device) => (d.received.get("audit_events") ?? []).filter((doc) => !doc._deleted).length;
      expect(events(byName("issuer viewer"))).toBe(0);
      expect(events(issuer)).toBeGreaterThan(0);

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
      const closed = devices.filter((d) => d.closed);
      expect(closed.map((d) => d.name).sort()).toEqual(
        ["issuer viewer", "other issuer", "other issuer's admin", "other issuer's viewer"].sort(),
      );
      const heard = closed.map((d) => [...d.received.values()].reduce((sum, docs) => sum + docs.length, 0));

      // the old and the new owner sign in again (the transfer ended their sessions) and listen in their new roles;
      // every model changes again: the devices on the stream receive exactly what their pulls give them, and the
      // closed sockets hear nothing more
      const newOwner = await as(summitAdmin.email, summit, MEMBER_PASSWORD);
      again.push(await device("other issuer's new owner", newOwner, models));
      const oldOwner = await as(summitOwner.email, summit, MEMBER_PASSWORD);
      again.push(await device("other issuer's old owner, now an admin", oldOwner, models));
      const open = [...devices.filter((d) => !d.closed), ...again];
      await settle(open, "between");
      const from2 = await position();
      for (const d of open) forget(d);
      await changeEveryModel(2, cast, {
        issuer: issuer.client,
        otherIssuer: newOwner,
        broker: byName("broker").client,
      });
      await settle(open, "round-2");
      await expectEachGotItsPull(open, models, from2);
      expect(events(again[0]!)).toBeGreaterThan(0);
      expect(closed.map((d) => [...d.received.values()].reduce((sum, docs) => sum + docs.length, 0))).toEqual(heard);
    } finally {
      for (const d of [...devices, ...again]) d.close();
    }
  }, 150_000);
});
