// The allocation import's set-based body (app_private.make_distributions, sync/database/distributions/20_bulk.sql)
// with the client bypassed: the same rows through one make_distribution per row (database A) and through one
// make_distributions call (database B, from the same demo template) give the same documents for every read model
// and every demo membership (ids and times aside), the same change-log audiences and the same invitation mails;
// one bad row refuses the whole call and names every bad row; only the allocation's owner (owner or admin) writes.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { asAccount, type Claims, createTestDb, demoClaims } from "../helpers/db.ts";

const opened: Database[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

async function demoDb(): Promise<Database> {
  const db = await createTestDb({ demo: true });
  opened.push(db);
  return db;
}

async function allocationId(db: Database, name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>("select id from app_public.allocations where name = $1", [name]);
  if (!rows[0]) throw new Error(`no allocation ${name}`);
  return rows[0].id;
}

interface Row {
  row: number;
  email: string;
  amount: string;
  name: string | null;
  id: string;
}

/** The rows: new investors, an existing investor (in other letter case), a blank name, one address twice. */
function sampleRows(): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < 12; i++) {
    rows.push({
      row: i + 2,
      email: `bulk-${i}@equal.test`,
      amount: String(10 + i),
      name: `Bulk ${i}`,
      id: randomUUID(),
    });
  }
  rows.push({ row: 14, email: "INVESTOR@demo.test", amount: "2.5", name: "Known Investor", id: randomUUID() });
  rows.push({ row: 15, email: " spaced@equal.test ", amount: "7", name: "  ", id: randomUUID() });
  rows.push({ row: 16, email: "bulk-3@EQUAL.test", amount: "1", name: "Again", id: randomUUID() });
  return rows;
}

const perRow = (allocation: string, rows: Row[]) => async (tx: Sql) => {
  for (const r of rows) {
    await tx.query("select id from app_public.make_distribution($1, $2, $3, $4, $5)", [
      allocation,
      r.email,
      r.amount,
      r.name,
      r.id,
    ]);
  }
};
const setBased = (allocation: string, rows: unknown) => (tx: Sql) =>
  tx.query("select id from app_private.make_distributions($1, $2)", [allocation, JSON.stringify(rows)]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/;

/** A value with every id made after the baseline replaced by a label (accounts and contacts by e-mail) and times blanked. */
function normalize(value: unknown, label: (id: string) => string): unknown {
  if (typeof value === "string") {
    if (UUID.test(value)) return label(value);
    if (TIME.test(value)) return "<time>";
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => normalize(v, label));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, label)]));
  }
  return value;
}

interface Snapshot {
  docs: Map<string, string[]>;
  changes: Map<string, string>;
  mails: string[];
  counts: Record<string, number>;
}

/** Every document the import changed, built for every demo membership and the superuser; its change log; mails. */
async function snapshot(db: Database, baseline: { seq: number; known: Set<string> }): Promise<Snapshot> {
  const labels = new Map<string, string>();
  for (const r of (
    await db.query<{ id: string; email: string }>("select id, lower(email) as email from app_public.accounts")
  ).rows)
    if (!baseline.known.has(r.id)) labels.set(r.id, `account:${r.email}`);
  for (const r of (
    await db.query<{ id: string; email: string }>("select id, lower(email) as email from app_public.customers")
  ).rows)
    if (!baseline.known.has(r.id)) labels.set(r.id, `contact:${r.email}`);
  const label = (id: string) => (baseline.known.has(id) ? id : (labels.get(id) ?? "<new>"));

  // per document: every account and account type its changes were meant for (the union over the transaction)
  const { rows: changed } = await db.query<{ model: string; doc_id: string; audience: string[] }>(
    `select model, doc_id,
            array(select distinct x from unnest(array_agg(a::text) || array_agg(t)) x where x is not null order by 1)
              as audience
       from app_private.changes c
       left join lateral unnest(coalesce(c.audience, '{}')) a on true
       left join lateral unnest(coalesce(c.audience_types, '{}')) t on true
      where c.seq > $1 group by model, doc_id`,
    [baseline.seq],
  );
  const changes = new Map<string, string>();
  for (const c of changed) {
    changes.set(
      `${c.model} ${label(c.doc_id)}`,
      c.audience
        .map((a) => (UUID.test(a) ? label(a) : a))
        .sort()
        .join(" "),
    );
  }

  const members = await db.query<{ user_id: string; account_id: string; type: string; role: string; label: string }>(
    `select ua.user_id, ua.account_id, a.type, ua.role, coalesce(e.email, ua.user_id::text) || ' as ' || a.name as label
       from app_public.users_accounts ua join app_public.accounts a on a.id = ua.account_id
       left join app_public.user_emails e on e.user_id = ua.user_id and e.is_primary
      where ua.status = 'active' order by 5`,
  );
  const readers: { label: string; claims: Claims | null }[] = [
    { label: "superuser", claims: null },
    ...members.rows.map((m) => ({
      label: m.label,
      claims: { userId: m.user_id, accountId: m.account_id, accountType: m.type, role: m.role },
    })),
  ];
  const byModel = new Map<string, string[]>();
  for (const c of changed) byModel.set(c.model, [...(byModel.get(c.model) ?? []), c.doc_id]);
  const docs = new Map<string, string[]>();
  for (const [model, ids] of byModel) {
    const exists = await db.query("select to_regprocedure($1) is not null as ok", [
      `app_private.docs_${model}(uuid[])`,
    ]);
    if (!(exists.rows[0] as { ok: boolean }).ok) continue;
    for (const reader of readers) {
      const sql = `select d.doc from app_private.docs_${model}($1::uuid[]) d`;
      const result = reader.claims
        ? await asAccount(db, reader.claims, (tx) => tx.query<{ doc: unknown }>(sql, [ids]))
        : await db.query<{ doc: unknown }>(sql, [ids]);
      docs.set(`${reader.label} / ${model}`, result.rows.map((r) => JSON.stringify(normalize(r.doc, label))).sort());
    }
  }
  const mails = (
    await db.query<{ m: unknown }>(
      `select jsonb_build_object('kind', kind, 'to', to_address, 'subject', subject, 'text', text_body, 'html', html_body) as m
         from app_private.mail_outbox where not (id = any ($1::uuid[])) order by to_address, text_body`,
      [[...baseline.known]],
    )
  ).rows.map((r) => JSON.stringify(r.m));
  const counts = (
    await db.query<Record<string, number>>(
      `select (select count(*) from app_public.accounts)::int as accounts, (select count(*) from app_public.customers)::int as customers,
              (select count(*) from app_public.distributions)::int as distributions,
              (select count(*) from app_public.distribution_prices)::int as prices,
              (select count(*) from app_public.distribution_qualifications)::int as qualifications,
              (select count(*) from app_public.processes)::int as processes, (select count(*) from app_public.steps)::int as steps`,
    )
  ).rows[0]!;
  return { docs, changes, mails, counts };
}

async function baselineOf(db: Database): Promise<{ seq: number; known: Set<string> }> {
  const { rows } = await db.query<{ seq: number }>(
    "select coalesce(max(seq), 0)::bigint as seq from app_private.changes",
  );
  const ids = await db.query<{ id: string }>(
    `select id from app_public.accounts union all select id from app_public.customers
     union all select id from app_public.distributions union all select id from app_public.allocations
     union all select id from app_public.rounds union all select id from app_public.assets
     union all select id from app_public.securities union all select id from app_public.vendor_qualifications
     union all select id from app_public.users union all select id from app_public.form_definitions
     union all select id from app_private.mail_outbox`,
  );
  return { seq: Number(rows[0]?.seq ?? 0), known: new Set(ids.rows.map((r) => r.id)) };
}

describe("makeDistributions (set-based) against makeDistribution per row", () => {
  it.each([
    ["broker@demo.test", "broker", "Harborview Placement"],
    ["issuer@demo.test", "issuer", "Series A Direct"],
  ])(
    "as %s (%s) into %s: the same documents for every model and reader, the same changes and mails",
    async (email, type, name) => {
      const a = await demoDb();
      const b = await demoDb();
      const rows = sampleRows();
      const allocation = await allocationId(a, name);
      expect(await allocationId(b, name)).toBe(allocation);
      const baseA = await baselineOf(a);
      const baseB = await baselineOf(b);
      for (const r of rows) {
        baseA.known.add(r.id);
        baseB.known.add(r.id);
      }
      await asAccount(a, await demoClaims(a, email, type), perRow(allocation, rows));
      const made = await asAccount(b, await demoClaims(b, email, type), setBased(allocation, rows));
      expect(made.rows.map((r) => (r as { id: string }).id)).toEqual(rows.map((r) => r.id));

      const left = await snapshot(a, baseA);
      const right = await snapshot(b, baseB);
      expect(right.counts).toEqual(left.counts);
      expect(right.mails).toEqual(left.mails);
      // Harborview's owner sends no invitation mail (its default preference); the issuer's allocation does
      expect(right.mails.length).toBe(name === "Series A Direct" ? rows.length : 0);
      expect(Object.fromEntries(right.changes)).toEqual(Object.fromEntries(left.changes));
      expect([...right.docs.keys()].sort()).toEqual([...left.docs.keys()].sort());
      for (const [key, docs] of left.docs) expect(right.docs.get(key), key).toEqual(docs);
      // the comparison saw the new distributions (with their processes) for their owner
      const ownerDocs = [...left.docs.entries()].filter(
        ([key]) => key.startsWith(email) && key.endsWith("/ distributions"),
      );
      expect(ownerDocs.flatMap(([, d]) => d).filter((d) => d.includes('"process"'))).toHaveLength(rows.length);
      if (name === "Series A Direct") expect(left.counts.steps).toBeGreaterThan(0);
    },
  );
});

describe("makeDistributions refusals", () => {
  it("one bad row refuses the whole call, naming every bad row and field; nothing is written", async () => {
    const db = await demoDb();
    const broker = await demoClaims(db, "broker@demo.test", "broker");
    const allocation = await allocationId(db, "Harborview Placement");
    const count = async () =>
      (await db.query<{ n: number }>("select count(*)::int as n from app_public.distributions")).rows[0]?.n;
    const before = await count();
    const rows = [
      ...sampleRows().slice(0, 3),
      { row: 7, email: "not-an-address", amount: "5", name: null, id: randomUUID() },
      { row: 8, email: "ok-8@equal.test", amount: "0", name: null, id: randomUUID() },
      { row: 9, email: "", amount: "1.1234567", name: null, id: randomUUID() },
      { row: 10, email: "ok-10@equal.test", amount: "", name: null, id: randomUUID() },
    ];
    await expect(asAccount(db, broker, setBased(allocation, rows))).rejects.toMatchObject({
      code: "LL422",
      message: [
        "Row 7: Please enter a valid email address.",
        "Row 8: Distribution amount must be greater than 0.",
        "Row 9: Email is required.",
        "Row 9: Units can have at most 6 decimal places.",
        "Row 10: Amount is required.",
      ].join("\n"),
    });
    expect(await count()).toBe(before);
    const { rows: accounts } = await db.query("select 1 from app_public.accounts where email like '%@equal.test'");
    expect(accounts).toHaveLength(0);
    await expect(asAccount(db, broker, setBased(allocation, []))).rejects.toMatchObject({ code: "LL422" });
  });

  it("only the allocation owner's owners and admins write, as every demo membership with the client bypassed", async () => {
    const db = await demoDb();
    const allocation = await allocationId(db, "Harborview Placement");
    const { rows: owner } = await db.query<{ owner_id: string }>(
      "select owner_id from app_public.allocations where id = $1",
      [allocation],
    );
    const members = await db.query<{ user_id: string; account_id: string; type: string; role: string; label: string }>(
      `select ua.user_id, ua.account_id, a.type, ua.role, a.name || ' ' || ua.role as label
         from app_public.users_accounts ua join app_public.accounts a on a.id = ua.account_id
        where ua.status = 'active' order by 5`,
    );
    expect(members.rows.length).toBeGreaterThanOrEqual(8);
    let allowed = 0;
    for (const m of members.rows) {
      const claims = { userId: m.user_id, accountId: m.account_id, accountType: m.type, role: m.role };
      const row = {
        row: 2,
        email: `perm-${m.user_id.slice(0, 8)}-${m.account_id.slice(0, 8)}@equal.test`,
        amount: "3",
        name: null,
        id: randomUUID(),
      };
      const mayWrite = m.account_id === owner[0]?.owner_id && ["account_owner", "account_admin"].includes(m.role);
      const outcome = await asAccount(db, claims, setBased(allocation, [row])).then(
        () => "written",
        (error: { code?: string }) => error.code,
      );
      const written = (await db.query("select 1 from app_public.distributions where id = $1", [row.id])).rows.length;
      if (mayWrite) {
        allowed++;
        expect([m.label, outcome, written]).toEqual([m.label, "written", 1]);
      } else {
        expect([m.label, ["LL403", "LL404"].includes(outcome ?? ""), written]).toEqual([m.label, true, 0]);
      }
    }
    expect(allowed).toBeGreaterThanOrEqual(1);
  });
});
