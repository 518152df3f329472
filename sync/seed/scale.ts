// A large issuer data set for benchmarks: one issuer ("Atlas Scale Holdings"), an equity asset with a security,
// several rounds each with an allocation, thousands of investors, and one issued distribution per holding with
// its holding, transaction and ledger entry. Built with set-based SQL (generate_series), not row by row.
// The owner signs in as scale@demo.test / demo-password. Each run adds another issuer data set.
//
//   node sync/seed/scale.ts [--holdings 50000] [--rounds 5] [--investors 10000]
//   (uses DATA_DIR / DATABASE_URL like the server, through sync/config.ts)
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { hash } from "@node-rs/argon2";
import type { Database, Sql } from "../db/database.ts";
import { DEMO_PASSWORD } from "./demo.ts";

interface ScaleOptions {
  holdings: number;
  /** Rounds the holdings are spread over (default 5). */
  rounds?: number;
  /** Distinct investor accounts (default holdings / 5, at most 10,000). */
  investors?: number;
}

interface ScaleResult {
  issuerId: string;
  holdings: number;
  rounds: number;
  investors: number;
}

export const SCALE_EMAIL = "scale@demo.test";

export async function seedScale(db: Database, options: ScaleOptions): Promise<ScaleResult> {
  const holdings = Math.max(1, Math.floor(options.holdings));
  const rounds = Math.max(1, Math.floor(options.rounds ?? 5));
  const investors = Math.max(1, Math.floor(options.investors ?? Math.min(10_000, Math.ceil(holdings / 5))));
  const passwordHash = await hash(DEMO_PASSWORD);

  const issuerId = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ issuer_id: string }>(
      `with
       ordinal as (
         select count(*) + 1 as n from app_public.accounts where name like 'Atlas Scale Holdings%' and type = 'issuer'
       ),
       issuer as (
         insert into app_public.accounts (type, name, email, contact_name, support_email, setup, jurisdiction_id)
         select 'issuer', 'Atlas Scale Holdings ' || n, 'capital' || n || '@atlas-scale.example', 'Rhea Okafor',
                'ir' || n || '@atlas-scale.example', true, 840
         from ordinal
         returning id
       ),
       existing_user as (
         select user_id as id from app_public.user_emails where lower(email) = $1
       ),
       new_user as (
         insert into app_public.users (first_name, last_name)
         select 'Rhea', 'Okafor' where not exists (select 1 from existing_user)
         returning id
       ),
       scale_user as (
         select id from existing_user union all select id from new_user
       ),
       email as (
         insert into app_public.user_emails (user_id, email, is_verified)
         select id, $1, true from new_user
       ),
       secret as (
         insert into app_private.user_secrets (user_id, password_hash)
         select id, $2 from new_user
       ),
       membership as (
         insert into app_public.users_accounts (user_id, account_id, role)
         select scale_user.id, issuer.id, 'account_owner' from scale_user, issuer
       ),
       acceptance as (
         insert into app_public.terms_acceptances (terms_id, user_id)
         select t.id, u.id from app_public.terms_of_service t, new_user u where t.active
       )
       select id as issuer_id from issuer`,
      [SCALE_EMAIL, passwordHash],
    );
    const issuer = rows[0]?.issuer_id;
    if (!issuer) throw new Error("could not create the scale issuer");

    // Row triggers (timestamps, replication change log) would run once per row, and the change log's per-row
    // audience queries grow with the data set. A superuser skips them and records the changes set-based below.
    const bulk = await tx.query<{ super: boolean }>(
      "select rolsuper as super from pg_roles where rolname = current_user",
    );
    const skipTriggers = bulk.rows[0]?.super === true;
    if (skipTriggers) await tx.query("set local session_replication_role = replica");

    await tx.exec(`
      create temp table scale_security on commit drop as
        select gen_random_uuid() as id, gen_random_uuid() as asset_id;
      create temp table scale_rounds on commit drop as
        select g - 1 as idx, gen_random_uuid() as id, gen_random_uuid() as allocation_id
        from generate_series(1, ${rounds}) g;
      create temp table scale_investors on commit drop as
        select g - 1 as idx, gen_random_uuid() as id from generate_series(1, ${investors}) g;
      create temp table scale_rows on commit drop as
        select g as n, gen_random_uuid() as distribution_id, gen_random_uuid() as holding_id,
               gen_random_uuid() as transaction_id, (g - 1) % ${rounds} as round_idx, (g - 1) % ${investors} as investor_idx,
               (100 + (g * 37) % 9900)::numeric as amount
        from generate_series(1, ${holdings}) g;
    `);
    await tx.query(
      `insert into app_public.securities (id, issuer_id, name, ticker, symbol, total, unit_value)
       select s.id, $1, 'Atlas Common Stock', 'ATLS', 'ATLS', 100000000, 3.10 from scale_security s`,
      [issuer],
    );
    await tx.query(
      `insert into app_public.assets (id, issuer_id, name, type, status, authorized_total)
       select s.asset_id, $1, 'Atlas Common Equity', 'equity', 'active', 100000000 from scale_security s`,
      [issuer],
    );
    await tx.query(
      `insert into app_public.rounds (id, asset_id, name, opens_on, closes_on, status, total, terms_url, price, security_id)
       select r.id, s.asset_id, 'Atlas Round ' || (r.idx + 1),
              timestamptz '2020-01-01' + r.idx * interval '180 days',
              timestamptz '2020-01-01' + r.idx * interval '180 days' + interval '150 days',
              'closed', 20000000, 'https://dataroom.atlas-scale.example/round-' || (r.idx + 1),
              1 + r.idx * 0.5, s.id
       from scale_rounds r, scale_security s`,
    );
    await tx.query(
      `insert into app_public.allocations (id, round_id, owner_id, name, status, opens_on, closes_on)
       select r.allocation_id, r.id, $1, 'Atlas Round ' || (r.idx + 1) || ' Allocation', 'closed',
              timestamptz '2020-01-01' + r.idx * interval '180 days',
              timestamptz '2020-01-01' + r.idx * interval '180 days' + interval '150 days'
       from scale_rounds r`,
      [issuer],
    );
    await tx.query(
      `insert into app_public.accounts (id, type, name, email, contact_name, setup, investor_type, jurisdiction_id)
       select i.id, 'investor', 'Scale Investor ' || (i.idx + 1),
              'investor' || (i.idx + 1) || '.' || replace($1::text, '-', '') || '@atlas-scale.example',
              'Scale Investor ' || (i.idx + 1), true, 'Individual', 840
       from scale_investors i`,
      [issuer],
    );
    await tx.query(
      `insert into app_public.customers (account_id, investor_id, email, name)
       select $1, a.id, a.email, a.name from app_public.accounts a join scale_investors i on i.id = a.id`,
      [issuer],
    );
    await tx.exec(`
      insert into app_public.distributions (id, allocation_id, investor_id, name, amount, status, locked,
                                            issuance_status, purchase_price)
      select x.distribution_id, r.allocation_id, i.id, 'Scale Investor ' || (i.idx + 1), x.amount, 'closed', true,
             'issued', 1 + r.idx * 0.5
      from scale_rows x join scale_rounds r on r.idx = x.round_idx join scale_investors i on i.idx = x.investor_idx;

      insert into app_public.distribution_prices (distribution_id, currency_id, price, is_purchase)
      select x.distribution_id, 1, 1 + x.round_idx * 0.5, true from scale_rows x;
    `);
    await tx.query(
      `insert into app_public.transactions (id, issuer_id, round_id, chain_data, created_on)
       select x.transaction_id, $1, r.id,
              jsonb_build_object('paid_on', timestamptz '2020-03-01' + r.idx * interval '180 days'),
              timestamptz '2020-06-01' + r.idx * interval '180 days' + x.n * interval '1 second'
       from scale_rows x join scale_rounds r on r.idx = x.round_idx`,
      [issuer],
    );
    await tx.exec(`
      insert into app_public.holdings (id, security_id, round_id, investor_id, distribution_id, amount, purchase_price,
                                       issued_on)
      select x.holding_id, s.id, r.id, i.id, x.distribution_id, x.amount, 1 + r.idx * 0.5,
             timestamptz '2020-06-01' + r.idx * interval '180 days'
      from scale_rows x join scale_rounds r on r.idx = x.round_idx join scale_investors i on i.idx = x.investor_idx,
           scale_security s;

      insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
      select x.transaction_id, x.holding_id, i.id, x.amount
      from scale_rows x join scale_investors i on i.idx = x.investor_idx;
    `);
    if (skipTriggers) {
      await tx.query("set local session_replication_role = origin");
      await recordChanges(tx, issuer);
    }
    return issuer;
  });
  // a bulk load: the planner's statistics describe the loaded tables from here on
  await db.query("analyze");
  return { issuerId, holdings, rounds, investors };
}

// The replication change log (sync/database/replication/05_change_log.sql) is written by row triggers; with
// them skipped, the same changes are recorded here in one statement per model, each document with its audience
// (the issuer, and the investor where there is one: nobody else has a stake in the scale issuer's data).
async function recordChanges(tx: Sql, issuer: string): Promise<void> {
  const { rows } = await tx.query<{ exists: boolean }>(
    "select to_regclass('app_private.changes') is not null as exists",
  );
  if (!rows[0]?.exists) return;
  await tx.query(
    `insert into app_private.changes (model, doc_id, audience)
     select 'accounts', $1::uuid, array[$1::uuid]
     union all select 'assets', s.asset_id, array[$1::uuid] from scale_security s
     union all select 'securities', s.id, array[$1::uuid] from scale_security s
     union all select 'rounds', r.id, array[$1::uuid] from scale_rounds r
     union all select 'allocations', r.allocation_id, array[$1::uuid] from scale_rounds r
     union all select 'accounts', i.id, array[$1::uuid, i.id] from scale_investors i
     union all select 'customers', c.id, array[$1::uuid, c.investor_id]
       from app_public.customers c where c.account_id = $1::uuid
     union all select 'distributions', x.distribution_id, array[$1::uuid, i.id]
       from scale_rows x join scale_investors i on i.idx = x.investor_idx
     union all select 'holdings', x.holding_id, array[$1::uuid, i.id]
       from scale_rows x join scale_investors i on i.idx = x.investor_idx
     union all select 'transactions', x.transaction_id, array[$1::uuid, i.id]
       from scale_rows x join scale_investors i on i.idx = x.investor_idx`,
    [issuer],
  );
  await tx.query(
    "select pg_notify('app_changes', json_build_object('t', m, 'x', pg_current_xact_id()::text)::text) from unnest($1::text[]) m",
    [
      [
        "accounts",
        "assets",
        "securities",
        "rounds",
        "allocations",
        "customers",
        "distributions",
        "holdings",
        "transactions",
      ],
    ],
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      holdings: { type: "string", default: "50000" },
      rounds: { type: "string" },
      investors: { type: "string" },
    },
  });
  const { readConfig } = await import("../config.ts");
  const { migrate } = await import("../db/migrate.ts");
  const { wrapPglite, wrapPool } = await import("../db/database.ts");
  const config = readConfig();
  let db: Database;
  if (config.databaseUrl) {
    const pg = (await import("pg")).default;
    db = wrapPool(new pg.Pool({ connectionString: config.databaseUrl, max: 2 }));
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    // pgcrypto as the server loads it (0441 creates the extension when the database is migrated here first).
    const { pgcrypto } = await import("@electric-sql/pglite/contrib/pgcrypto");
    db = wrapPglite(await PGlite.create(config.dataDir ?? undefined, { extensions: { pgcrypto } }));
  }
  try {
    await migrate(db);
    const started = performance.now();
    const result = await seedScale(db, {
      holdings: Number(values.holdings),
      rounds: values.rounds ? Number(values.rounds) : undefined,
      investors: values.investors ? Number(values.investors) : undefined,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${result.holdings} holdings over ${result.rounds} rounds for ${result.investors} investors in ${seconds} s ` +
        `(issuer ${result.issuerId}; sign in as ${SCALE_EMAIL} / ${DEMO_PASSWORD}).`,
    );
  } finally {
    await db.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
