// The pull's document builders of 0700-0719 (issue 8: cheaper documents) must build exactly the documents the
// definitions before them built. One database is migrated up to 0699, seeded (demo data and a small scale issuer),
// and every document of every read model is built for every demo membership (and once without row-level security,
// as the superuser); then 0700-0719 are applied and the same documents are built again and compared as jsonb
// values. The policies that 0701 restates for a page of ids are pinned, so a change to one of them fails here
// until the restatement is changed with it.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { MIGRATIONS_DIR, migrate } from "../../sync/db/migrate.ts";
import { seedDemo } from "../../sync/seed/demo.ts";
import { seedScale } from "../../sync/seed/scale.ts";
import { asAccount, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

/** A directory with the migrations numbered below `limit` (the database's state before later files). */
function migrationsBelow(limit: string): string {
  const dir = mkdtempSync(join(tmpdir(), `migrations-below-${limit}-`));
  for (const name of readdirSync(MIGRATIONS_DIR)) {
    if (name.endsWith(".sql") && name.slice(0, 4) < limit) copyFileSync(join(MIGRATIONS_DIR, name), join(dir, name));
  }
  return dir;
}

interface Reader {
  label: string;
  claims: { userId: string; accountId: string; accountType: string; role: string } | null;
}

// The select policies app_private.visible_distribution_ids_among and distribution_children_of /
// process_documents_of / distribution_qualification_lists_of (0701) restate for the page's ids.
const RESTATED_POLICIES: Record<string, string> = {
  distributions:
    "(((investor_id = current_account_id()) AND (current_account_type() = 'investor'::text)) OR (allocation_id IN ( SELECT staff_allocation_ids() AS staff_allocation_ids)))",
  distribution_prices:
    "((current_account_type() <> 'agent'::text) AND (distribution_id IN ( SELECT distributions.id FROM distributions)))",
  distribution_payments: "(distribution_id IN ( SELECT payment_distribution_ids() AS payment_distribution_ids))",
  distribution_annotations:
    "((current_account_type() <> 'investor'::text) AND (distribution_id IN ( SELECT distributions.id FROM distributions)))",
  distribution_custom_fields:
    "((current_account_type() <> 'investor'::text) AND (distribution_id IN ( SELECT distributions.id FROM distributions)))",
  vesting_schedules:
    "((distribution_id IN ( SELECT distributions.id FROM distributions)) OR (allocation_id IN ( SELECT allocations.id FROM allocations)))",
  processes: "(distribution_id IN ( SELECT d.id FROM distributions d))",
  steps: "(process_id IN ( SELECT p.id FROM processes p))",
  distribution_qualifications: "(distribution_id IN ( SELECT d.id FROM distributions d))",
  transactions:
    "((id IN ( SELECT staff_transaction_ids() AS staff_transaction_ids)) OR (id IN ( SELECT investor_transaction_ids() AS investor_transaction_ids)))",
  ledger_entries:
    "(((investor_id = current_account_id()) AND (current_account_type() = 'investor'::text)) OR (transaction_id IN ( SELECT staff_transaction_ids() AS staff_transaction_ids)))",
};

// Policy helpers whose bodies 0701/0702 restate for a page's ids (whitespace collapsed).
const RESTATED_HELPERS: Record<string, string> = {
  payment_distribution_ids:
    "select d.id from app_public.distributions d where d.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor' union all select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id where al.owner_id = app_private.current_account_id() and app_private.current_account_type() in ('issuer', 'broker')",
  staff_transaction_ids:
    "select t.id from app_public.transactions t where (t.issuer_id = app_private.current_account_id() and app_private.current_account_type() = 'issuer') or (t.broker_id = app_private.current_account_id() and app_private.current_account_type() = 'broker') or t.round_id in (select app_private.broker_round_ids())",
  investor_transaction_ids:
    "select l.transaction_id from app_public.ledger_entries l where l.investor_id = app_private.current_account_id() and app_private.current_account_type() = 'investor'",
};

describe.each(testTargets)("pull documents before and after 0700-0719 on $name", (target) => {
  let db: Database;
  let readers: Reader[];
  let models: string[];
  const dirs: string[] = [];

  // Builds every document of every model for every reader into app_private.pull_docs_snapshot (phase).
  async function snapshot(phase: string): Promise<void> {
    for (const model of models) {
      const ids = (
        await db.query<{ doc_id: string }>("select distinct doc_id from app_private.changes where model = $1", [model])
      ).rows.map((r) => r.doc_id);
      for (const reader of readers) {
        const sql = `insert into public.pull_docs_snapshot (phase, reader, model, id, doc)
                     select $1, $2, $3, d.id, d.doc from app_private.docs_${model}($4::uuid[]) d`;
        const params = [phase, reader.label, model, ids];
        if (reader.claims) await asAccount(db, reader.claims, (tx) => tx.query(sql, params));
        else await db.query(sql, params);
      }
    }
  }

  beforeAll(async () => {
    db = await target.createEmpty();
    const before = migrationsBelow("0700");
    const after = migrationsBelow("0720");
    dirs.push(before, after);
    await migrate(db, before);
    await seedDemo(db);
    await seedScale(db, { holdings: 240, rounds: 3, investors: 40 });
    models = (await db.query<{ model: string }>("select model from app_private.replicated_models order by 1")).rows.map(
      (r) => r.model,
    );
    const members = await db.query<{ user_id: string; account_id: string; type: string; role: string; label: string }>(
      `select ua.user_id, ua.account_id, a.type, ua.role, coalesce(e.email, ua.user_id::text) || ' as ' || a.name as label
         from app_public.users_accounts ua
         join app_public.accounts a on a.id = ua.account_id
         left join app_public.user_emails e on e.user_id = ua.user_id and e.is_primary
        where ua.status = 'active'
        order by 5`,
    );
    readers = [
      { label: "superuser (no row-level security)", claims: null },
      ...members.rows.map((m) => ({
        label: m.label,
        claims: { userId: m.user_id, accountId: m.account_id, accountType: m.type, role: m.role },
      })),
    ];
    await db.exec(`
      create table public.pull_docs_snapshot (phase text, reader text, model text, id uuid, doc jsonb);
      grant insert on public.pull_docs_snapshot to app_user;`);
    await snapshot("before");
    const applied = await migrate(db, after);
    expect(applied).toContain("0700_pull_documents_inline_rows.sql");
    await snapshot("after");
  }, 600_000);

  afterAll(async () => {
    await db?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("every document of every model is the same jsonb value for every demo account, the scale issuer and the superuser", async () => {
    expect(readers.length).toBeGreaterThanOrEqual(13);
    expect(readers.some((r) => r.claims?.accountType === "agent")).toBe(true);
    expect(readers.some((r) => r.claims?.accountType === "investor")).toBe(true);
    const { rows: differences } = await db.query<{
      reader: string;
      model: string;
      id: string;
      before: unknown;
      after: unknown;
    }>(
      `select coalesce(b.reader, a.reader) as reader, coalesce(b.model, a.model) as model, coalesce(b.id, a.id) as id,
              b.doc as before, a.doc as after
         from (select * from public.pull_docs_snapshot where phase = 'before') b
         full join (select * from public.pull_docs_snapshot where phase = 'after') a
           on a.reader = b.reader and a.model = b.model and a.id = b.id
        where b.doc is distinct from a.doc
        limit 5`,
    );
    expect(differences).toEqual([]);
    const { rows: counts } = await db.query<{ model: string; documents: number; readers: number }>(
      `select model, count(*)::int as documents, count(distinct reader)::int as readers
         from public.pull_docs_snapshot where phase = 'after' group by model order by model`,
    );
    const byModel = Object.fromEntries(counts.map((c) => [c.model, c]));
    for (const model of ["accounts", "distributions", "holdings", "transactions"]) {
      expect(byModel[model]?.documents, model).toBeGreaterThan(240);
    }
    expect(byModel.customers?.documents).toBeGreaterThan(40);
  });

  it("the comparison covers every embedded part the builders changed (each non-empty for some reader)", async () => {
    const { rows } = await db.query<Record<string, number>>(
      `select
         count(*) filter (where model = 'distributions' and doc -> 'prices' <> '[]')::int as prices,
         count(*) filter (where model = 'distributions' and doc -> 'payments' <> '[]')::int as payments,
         count(*) filter (where model = 'distributions' and doc -> 'annotations' <> '[]')::int as annotations,
         count(*) filter (where model = 'distributions' and doc -> 'customFields' <> '[]')::int as custom_fields,
         count(*) filter (where model = 'distributions' and doc -> 'vestingSchedule' <> 'null')::int as vesting,
         count(*) filter (where model = 'distributions' and doc -> 'process' <> 'null')::int as processes,
         count(*) filter (where model = 'distributions' and doc #> '{process,steps}' <> '[]')::int as steps,
         count(*) filter (where model = 'distributions' and doc -> 'qualifications' <> '[]')::int as qualifications,
         count(*) filter (where model = 'distributions' and doc -> 'purchasePrice' = 'null')::int as hidden_prices,
         count(*) filter (where model = 'distributions' and doc -> 'investor' <> 'null')::int as investors,
         count(*) filter (where model = 'holdings' and doc -> 'investor' <> 'null')::int as holding_investors,
         count(*) filter (where model = 'transactions' and doc -> 'ledgerEntries' <> '[]')::int as ledger_entries,
         count(*) filter (where model = 'accounts' and doc -> 'jurisdiction' <> 'null')::int as jurisdictions,
         count(*) filter (where model = 'accounts' and doc -> 'managedBy' <> 'null')::int as managers,
         count(*) filter (where model = 'customers' and doc -> 'investor' <> 'null')::int as customer_investors
       from public.pull_docs_snapshot where phase = 'after'`,
    );
    for (const [part, count] of Object.entries(rows[0] ?? {})) expect(count, part).toBeGreaterThan(0);
  });

  it("the policy helpers 0701 and 0702 restate for a page's ids are unchanged", async () => {
    const { rows } = await db.query<{ name: string; body: string }>(
      `select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'app_private' and p.proname = any ($1)`,
      [Object.keys(RESTATED_HELPERS)],
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.body.replace(/\s+/g, " ").trim()]))).toEqual(RESTATED_HELPERS);
  });

  it("the select policies 0701 and 0702 restate for a page's ids are unchanged", async () => {
    const { rows } = await db.query<{ table: string; qual: string }>(
      `select tablename as table, string_agg(qual, ' | ' order by policyname) as qual
         from pg_policies
        where schemaname = 'app_public' and cmd in ('SELECT', 'ALL') and tablename = any ($1)
        group by tablename`,
      [Object.keys(RESTATED_POLICIES)],
    );
    const normalized = (qual: string) => qual.replace(/app_(private|public)\./g, "").replace(/\s+/g, " ");
    expect(Object.fromEntries(rows.map((r) => [r.table, normalized(r.qual)]))).toEqual(RESTATED_POLICIES);
  });
});
