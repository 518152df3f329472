// The distributions and transactions read models state no visibility rule of their own: each document is read under
// the reader's row-level security, so the tables' select policies (sync/database/policies/) are the one statement of
// who sees what. The one SECURITY DEFINER step, the paid-in capital summed over payments some readers may not see,
// reads the distributions' policy from the catalogue at run time. Checked by changing a policy and watching the pull
// follow it, and by comparing every demo membership's documents with what its own queries under RLS return.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { DEMO_EMAILS } from "../../sync/seed/demo.ts";
import { asAccount, type Claims, demoClaims, rollbackAs, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

/** Every id of a table, read as the owner (no row-level security). */
const allIds = new Map<string, string[]>();

/** Document ids of a model the reader gets from the builder, asked for every row of its table. */
async function pulledIds(tx: Sql, model: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `select d.id from app_private.docs_${model}($1::uuid[]) d order by 1`,
    [allIds.get(model)],
  );
  return rows.map((r) => r.id);
}

describe.each(testTargets)("the pull reads under the select policies on $name", (target) => {
  let db: Database;
  const readers: Array<{ label: string; claims: Claims }> = [];

  beforeAll(async () => {
    db = await target.create({ demo: true });
    for (const model of ["distributions", "transactions"]) {
      const { rows } = await db.query<{ id: string }>(`select id from app_public.${model}`);
      allIds.set(
        model,
        rows.map((r) => r.id),
      );
    }
    for (const email of DEMO_EMAILS) {
      const { rows } = await db.query<{ type: string }>(
        `select distinct a.type from app_public.user_emails e
           join app_public.users_accounts ua on ua.user_id = e.user_id
           join app_public.accounts a on a.id = ua.account_id
          where lower(e.email) = lower($1)`,
        [email],
      );
      for (const { type } of rows)
        readers.push({ label: `${email} as ${type}`, claims: await demoClaims(db, email, type) });
    }
  });
  afterAll(async () => {
    await db?.close();
  });

  it("every demo membership gets exactly the distributions, transactions and child rows its queries see", async () => {
    expect(readers.length).toBeGreaterThanOrEqual(3);
    let children = 0;
    for (const reader of readers) {
      await asAccount(db, reader.claims, async (tx) => {
        for (const [model, table] of [
          ["distributions", "distributions"],
          ["transactions", "transactions"],
        ]) {
          const seen = (await tx.query<{ id: string }>(`select id from app_public.${table} order by 1`)).rows;
          expect(await pulledIds(tx, model), `${reader.label}: ${model}`).toEqual(seen.map((r) => r.id));
        }
        // Child rows embedded in the documents equal the child rows the reader's own queries return.
        const embedded = await tx.query<{ part: string; id: string }>(
          `select 'payments' as part, p ->> 'id' as id
             from app_private.docs_distributions(array(select id from app_public.distributions)) d,
                  jsonb_array_elements(d.doc -> 'payments') p
           union all
           select 'prices', p ->> 'id' from app_private.docs_distributions(array(select id from app_public.distributions)) d,
                  jsonb_array_elements(d.doc -> 'prices') p
           union all
           select 'annotations', p ->> 'id' from app_private.docs_distributions(array(select id from app_public.distributions)) d,
                  jsonb_array_elements(d.doc -> 'annotations') p
           union all
           select 'ledger', p ->> 'id' from app_private.docs_transactions(array(select id from app_public.transactions)) d,
                  jsonb_array_elements(d.doc -> 'ledgerEntries') p
           order by 1, 2`,
        );
        const direct = await tx.query<{ part: string; id: string }>(
          `select 'payments' as part, id::text from app_public.distribution_payments
           union all select 'prices', id::text from app_public.distribution_prices
           union all select 'annotations', id::text from app_public.distribution_annotations
           union all select 'ledger', id::text from app_public.ledger_entries
           order by 1, 2`,
        );
        expect(embedded.rows, reader.label).toEqual(direct.rows);
        children += direct.rows.length;
      });
    }
    expect(children).toBeGreaterThan(0);
  });

  it("a changed select policy changes the pull at once, paid-in capital included", async () => {
    const issuer = readers.find((r) => r.claims.accountType === "issuer");
    expect(issuer).toBeDefined();
    const claims = issuer!.claims;
    const before = await asAccount(db, claims, (tx) => pulledIds(tx, "distributions"));
    expect(before.length).toBeGreaterThan(0);
    const hidden = before[0]!;
    const paidInIds = async (tx: Sql) =>
      (
        await tx.query<{ id: string }>(
          "select distribution_id as id from app_private.distribution_paid_ins($1::uuid[])",
          [before],
        )
      ).rows.map((r) => r.id);
    const paidBefore = await asAccount(db, claims, paidInIds);
    const after = await rollbackAs(db, claims, async (tx) => {
      // As the owner, narrow the distributions' select policy in this (rolled back) transaction: one distribution
      // is no longer visible to anyone.
      await tx.exec("reset role");
      const { rows } = await tx.query<{ using: string }>(
        "select app_private.select_policy_using('app_public.distributions') as using",
      );
      await tx.exec("drop policy select_visible on app_public.distributions");
      await tx.exec(
        `create policy select_visible on app_public.distributions for select using (${rows[0]!.using} and id <> '${hidden}')`,
      );
      await tx.exec("set local role app_user");
      return { pulled: await pulledIds(tx, "distributions"), paid: await paidInIds(tx) };
    });
    expect(after.pulled).toEqual(before.filter((id) => id !== hidden));
    expect(after.paid).toEqual(paidBefore.filter((id) => id !== hidden));
    // Rolled back: the policy and the pull are as before.
    expect(await asAccount(db, claims, (tx) => pulledIds(tx, "distributions"))).toEqual(before);
  });
});
