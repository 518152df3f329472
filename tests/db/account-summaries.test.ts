// The embedded account summaries of the read models (sync/database/read-models/00_document_helpers.sql):
// app_private.visible_accounts(ids) and related_account_ids_among(ids) must decide exactly what the accounts select
// policy decides, for every demo account (never wider, never narrower), and a document never names an account its
// reader may not see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { DEMO_EMAILS } from "../../sync/seed/demo.ts";
import { asAccount, type Claims, demoClaims, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

/** Every (user, account) a demo user can select. */
async function everyDemoMembership(db: Database): Promise<Array<{ label: string; claims: Claims }>> {
  const memberships: Array<{ label: string; claims: Claims }> = [];
  for (const email of DEMO_EMAILS) {
    const { rows } = await db.query<{ type: string }>(
      `select distinct a.type from app_public.user_emails e
         join app_public.users_accounts ua on ua.user_id = e.user_id
         join app_public.accounts a on a.id = ua.account_id
        where lower(e.email) = lower($1)`,
      [email],
    );
    for (const { type } of rows)
      memberships.push({ label: `${email} as ${type}`, claims: await demoClaims(db, email, type) });
  }
  return memberships;
}

describe.each(testTargets)("account summaries on $name", (target) => {
  let db: Database;
  let allAccountIds: string[];
  let memberships: Array<{ label: string; claims: Claims }>;

  beforeAll(async () => {
    db = await target.create({ demo: true });
    allAccountIds = (await db.query<{ id: string }>("select id from app_public.accounts")).rows.map((r) => r.id);
    memberships = await everyDemoMembership(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("visible_accounts(every id) is exactly what the accounts policy shows, for every demo account", async () => {
    expect(memberships.length).toBeGreaterThanOrEqual(11);
    for (const { label, claims } of memberships) {
      const [policy, visible, related, relatedAmong, summaries] = await asAccount(db, claims, async (tx) => [
        (await tx.query<{ id: string }>("select id from app_public.accounts order by id")).rows.map((r) => r.id),
        (
          await tx.query<{ id: string }>("select id from app_private.visible_accounts($1::uuid[]) order by id", [
            allAccountIds,
          ])
        ).rows.map((r) => r.id),
        (
          await tx.query<{ id: string }>("select distinct id from app_private.related_account_ids() id order by id")
        ).rows.map((r) => r.id),
        (
          await tx.query<{ id: string }>(
            "select distinct id from app_private.related_account_ids_among($1::uuid[]) id order by id",
            [allAccountIds],
          )
        ).rows.map((r) => r.id),
        (
          await tx.query<{ id: string }>("select id from app_private.account_summaries($1::uuid[]) order by id", [
            allAccountIds,
          ])
        ).rows.map((r) => r.id),
      ]);
      expect(visible, label).toEqual(policy);
      expect(summaries, label).toEqual(policy);
      expect(relatedAmong, label).toEqual(related);
      expect(policy.length, label).toBeLessThan(allAccountIds.length + (claims.accountType === "admin" ? 1 : 0));
    }
  });

  it("an account that is not related sees no summary of it, and the summary of an id subset is the subset", async () => {
    const investor = await demoClaims(db, "investor@demo.test", "investor");
    const issuer = await demoClaims(db, "issuer@demo.test", "issuer");
    const kim = (await demoClaims(db, "investor2@demo.test", "investor")).accountId;
    const cascadeIssuer = (
      await db.query<{ id: string }>("select id from app_public.accounts where name = 'Cascade Biotech Holdings'")
    ).rows[0]?.id;
    // Emma (investor) is not related to Kim (another investor); Northwind's issuer is (Kim holds its securities).
    const emmaSees = await asAccount(db, investor, (tx) =>
      tx.query<{ id: string; summary: { name: string } }>("select * from app_private.account_summaries($1::uuid[])", [
        [kim, investor.accountId],
      ]),
    );
    expect(emmaSees.rows.map((r) => r.id)).toEqual([investor.accountId]);
    const issuerSees = await asAccount(db, issuer, (tx) =>
      tx.query<{ id: string; summary: { name: string; type: string } }>(
        "select * from app_private.account_summaries($1::uuid[]) order by summary->>'name'",
        [[kim, cascadeIssuer]],
      ),
    );
    expect(issuerSees.rows.map((r) => r.summary.type).sort()).toEqual(["investor", "issuer"]);
    // app_private.account_summary(id) (one id) agrees.
    const one = await asAccount(db, investor, (tx) =>
      tx.query<{ s: unknown }>("select app_private.account_summary($1) as s", [kim]),
    );
    expect(one.rows[0]?.s).toBeNull();
  });

  it("documents embed the investor summary only for readers who may see that account", async () => {
    for (const { label, claims } of memberships) {
      const rows = await asAccount(db, claims, async (tx) => {
        const visible = new Set(
          (await tx.query<{ id: string }>("select id from app_public.accounts")).rows.map((r) => r.id),
        );
        const docs = (
          await tx.query<{ doc: { investorId?: string; investor: { id: string } | null } }>(
            `select doc from app_private.docs_holdings(array(select id from app_public.holdings))
             union all select doc from app_private.docs_distributions(array(select id from app_public.distributions))
             union all select doc from app_private.docs_customers(array(select id from app_public.customers))`,
          )
        ).rows.map((r) => r.doc);
        return { visible, docs };
      });
      for (const doc of rows.docs) {
        expect(doc.investor?.id ?? null, label).toBe(
          doc.investorId && rows.visible.has(doc.investorId) ? doc.investorId : null,
        );
      }
    }
  });
});
