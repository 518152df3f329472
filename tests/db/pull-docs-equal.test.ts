// The pull's document builders of 0700-0719 (issue 8: cheaper documents) must build exactly the documents the
// definitions before them built. One database is migrated up to 0699, seeded (demo data and a small scale issuer),
// and every document of every read model is built for every demo membership (and once without row-level security,
// as the superuser); then 0700-0719 are applied and the same documents are built again and compared as jsonb
// values. (The builders of the code files no longer restate any policy: tests/db/pull-under-policies.test.ts.)
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
});
