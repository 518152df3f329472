// The demo seed (every sign-in of docs/CONVENTIONS.md, idempotent) and the scale seed (set-based, visible to its
// issuer under row-level security, and in the replication change log).
import { verify } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemo } from "../../sync/seed/demo.ts";
import { SCALE_EMAIL, seedScale } from "../../sync/seed/scale.ts";
import { asAccount, demoClaims, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const SIGN_INS = [
  "issuer@demo.test",
  "issuer-viewer@demo.test",
  "broker@demo.test",
  "investor@demo.test",
  "investor2@demo.test",
  "newinvestor@demo.test",
  "agent@demo.test",
  "ats@demo.test",
  "admin@demo.test",
  "multi@demo.test",
  "terms@demo.test",
];

describe.each(testTargets)("seeds on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create({ demo: true });
  });
  afterAll(async () => {
    await db?.close();
  });

  it("seeds every demo sign-in with the demo password, and seeds only once", async () => {
    expect([...DEMO_EMAILS].sort()).toEqual([...SIGN_INS].sort());
    const { rows } = await db.query<{ email: string; password_hash: string; memberships: string }>(
      `select e.email, s.password_hash,
                string_agg(a.type || ':' || ua.role, ',' order by a.type) as memberships
           from app_public.user_emails e
           join app_private.user_secrets s on s.user_id = e.user_id
           join app_public.users_accounts ua on ua.user_id = e.user_id
           join app_public.accounts a on a.id = ua.account_id
          group by e.email, s.password_hash order by e.email`,
    );
    expect(rows.map((row) => row.email)).toEqual([...SIGN_INS].sort());
    expect(Object.fromEntries(rows.map((row) => [row.email, row.memberships]))).toEqual({
      "admin@demo.test": "admin:account_owner",
      "agent@demo.test": "agent:account_owner",
      "ats@demo.test": "ats:account_owner",
      "broker@demo.test": "broker:account_owner",
      "investor2@demo.test": "investor:account_owner",
      "investor@demo.test": "investor:account_owner",
      "issuer-viewer@demo.test": "issuer:account_viewer",
      "issuer@demo.test": "issuer:account_owner",
      "multi@demo.test": "broker:account_viewer,investor:account_owner,issuer:account_admin",
      "newinvestor@demo.test": "investor:account_owner",
      "terms@demo.test": "investor:account_owner",
    });
    const hash = rows[0]?.password_hash ?? "";
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verify(hash, DEMO_PASSWORD)).toBe(true);
    expect(new Set(rows.map((row) => row.password_hash)).size).toBe(1);

    const setup = await db.query<{ name: string; setup: boolean }>(
      "select name, setup from app_public.accounts where type = 'investor' order by name",
    );
    expect(setup.rows.filter((row) => !row.setup).map((row) => row.name)).toEqual(["Priya Shah"]);

    const count = async () =>
      (await db.query<{ n: number }>("select (select count(*) from app_public.accounts)::int as n")).rows[0]?.n;
    const before = await count();
    await seedDemo(db);
    expect(await count()).toBe(before);
  });

  it("covers every round, distribution and broker allocation status", async () => {
    const { rows } = await db.query<{ kind: string; statuses: string }>(
      `select 'rounds' as kind, string_agg(distinct status, ',' order by status) as statuses from app_public.rounds
         union all select 'distributions', string_agg(distinct status || case when locked then '+locked' else '' end, ','
           order by status || case when locked then '+locked' else '' end) from app_public.distributions
         union all select 'broker_allocations', string_agg(distinct status, ',' order by status) from app_public.broker_allocations
         union all select 'asset types', string_agg(distinct type, ',' order by type) from app_public.assets`,
    );
    expect(rows).toEqual([
      { kind: "rounds", statuses: "active,closed,drafted,stale" },
      { kind: "distributions", statuses: "closed,closed+locked,drafted,open" },
      { kind: "broker_allocations", statuses: "accepted,sent" },
      { kind: "asset types", statuses: "debt,equity,fund" },
    ]);
  });

  it("seeds a scale data set its issuer reads in full, recorded in the change log", async () => {
    const empty = await target.create();
    try {
      const result = await seedScale(empty, { holdings: 300, rounds: 3, investors: 40 });
      expect(result).toMatchObject({ holdings: 300, rounds: 3, investors: 40 });
      const claims = await demoClaims(empty, SCALE_EMAIL);
      expect(claims.accountId).toBe(result.issuerId);
      const counts = await asAccount(empty, claims, async (tx) => {
        const { rows } = await tx.query(
          `select (select count(*)::int from app_public.holdings) as holdings,
                  (select count(*)::int from app_public.distributions where locked) as issued,
                  (select count(*)::int from app_public.transactions) as transactions,
                  (select count(*)::int from app_public.ledger_entries) as ledger,
                  (select count(*)::int from app_public.rounds) as rounds,
                  (select count(*)::int from app_public.customers) as contacts,
                  (select sum(amount)::text from app_public.holdings) as units`,
        );
        return rows[0];
      });
      const total = await empty.query<{ units: string }>(
        "select sum(amount)::text as units from app_public.ledger_entries",
      );
      expect(counts).toEqual({
        holdings: 300,
        issued: 300,
        transactions: 300,
        ledger: 300,
        rounds: 3,
        contacts: 40,
        units: total.rows[0]?.units,
      });

      const logged = await empty.query<{ exists: boolean }>(
        "select to_regclass('app_private.changes') is not null as exists",
      );
      if (logged.rows[0]?.exists) {
        const { rows } = await empty.query<{ model: string; docs: number }>(
          `select model, count(distinct doc_id)::int as docs from app_private.changes
           where model in ('holdings', 'distributions', 'transactions') and $1::uuid = any (audience)
           group by model order by model`,
          [result.issuerId],
        );
        expect(rows).toEqual([
          { model: "distributions", docs: 300 },
          { model: "holdings", docs: 300 },
          { model: "transactions", docs: 300 },
        ]);
      }

      const again = await seedScale(empty, { holdings: 10, rounds: 1, investors: 2 });
      expect(again.issuerId).not.toBe(result.issuerId);
    } finally {
      await empty.close();
    }
  });
});
