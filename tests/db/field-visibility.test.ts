// One answer per field on every path (issue 13 item 3), for every demo membership: what GraphQL reads (the computed
// columns, under row-level security) equals what the pull's builders put in the documents (app_private.docs_accounts,
// docs_distributions), and both follow docs/PERMISSIONS.md: personal fields of accounts (tax_short, date_of_birth,
// an investor's formation_date) for the account's members only; notes on distributions never for agents.
// The figures (paidInCapital and the others) are in figures.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { asAccount, type Claims, createTestDb } from "../helpers/db.ts";

interface Member {
  label: string;
  claims: Required<Claims>;
}

describe("field visibility: GraphQL's computed columns equal the pulled documents", () => {
  let db: Database & { close(): Promise<void> };
  let members: Member[];

  beforeAll(async () => {
    db = await createTestDb({ demo: true });
    const { rows } = await db.query<{ user_id: string; account_id: string; type: string; role: string; label: string }>(
      `select ua.user_id, ua.account_id, a.type, ua.role, e.email || ' as ' || a.name as label
         from app_public.users_accounts ua
         join app_public.accounts a on a.id = ua.account_id
         join app_public.user_emails e on e.user_id = ua.user_id and e.is_primary
        where ua.status = 'active' order by 5`,
    );
    members = rows.map((r) => ({
      label: r.label,
      claims: { userId: r.user_id, accountId: r.account_id, accountType: r.type, role: r.role, sessionId: null },
    }));
    // formation dates (the demo seeds none): an investor's is personal, an issuer's is not
    await db.query(
      `update app_public.accounts set formation_date = '2015-06-01'
        where name in ('Kim Family Trust', 'Northwind Renewables, Inc.')`,
    );
    // a note on a distribution of the agent's linked allocation (the agent reads the distribution, not the note)
    await db.query(
      `insert into app_public.distribution_annotations (distribution_id, annotation)
       select d.id, 'Issuer only: wire expected Friday' from app_public.distributions d
         join app_public.allocation_offering_links l on l.allocation_id = d.allocation_id
         join app_public.accounts a on a.id = l.agent_id and a.type = 'agent'
        order by d.created_on limit 1`,
    );
    // a payment on a distribution of the broker's allocation (its rows are the broker's, the issuer reads the sum)
    await db.query(
      `insert into app_public.distribution_payments (distribution_id, currency_id, amount, paid_on, status)
       select d.id, 1, 777.25, now(), 'paid' from app_public.distributions d
         join app_public.allocations al on al.id = d.allocation_id
        where al.name = 'Harborview Placement' order by d.created_on limit 1`,
    );
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  it("covers every account type", () => {
    expect(new Set(members.map((m) => m.claims.accountType))).toEqual(
      new Set(["issuer", "broker", "investor", "agent", "ats", "admin"]),
    );
  });

  it("personal fields: the account's members read them, nobody else, in GraphQL and in the pull alike", async () => {
    const { rows: stored } = await db.query<{
      id: string;
      type: string;
      tax_short: string | null;
      date_of_birth: string | null;
      formation_date: string | null;
    }>(
      `select a.id, a.type, p.tax_short, p.date_of_birth::text,
              coalesce(p.formation_date, a.formation_date)::text as formation_date
         from app_public.accounts a left join app_private.account_personal_data p on p.account_id = a.id`,
    );
    const storedById = new Map(stored.map((r) => [r.id, r]));
    let shownToMembers = 0;
    let hiddenFromOthers = 0;
    let shownToOthers = 0;
    for (const member of members) {
      const rows = await asAccount(db, member.claims, async (tx) => {
        const { rows: own } = await tx.query<{ id: string }>("select app_private.member_account_ids() as id");
        const ownIds = new Set([member.claims.accountId, ...own.map((r) => r.id)]);
        const { rows } = await tx.query<{
          id: string;
          tax_short: string | null;
          date_of_birth: string | null;
          formation_date: string | null;
          doc: Record<string, unknown>;
        }>(
          `select a.id, app_public.accounts_tax_short(a) as tax_short,
                  app_public.accounts_date_of_birth(a)::text as date_of_birth,
                  app_public.accounts_formation_date(a)::text as formation_date, d.doc
             from app_public.accounts a
             join app_private.docs_accounts(array(select id from app_public.accounts)) d on d.id = a.id`,
        );
        return rows.map((r) => ({ ...r, own: ownIds.has(r.id) }));
      });
      expect(rows.length, member.label).toBeGreaterThan(0);
      for (const row of rows) {
        const where = `${member.label} reading ${row.id}`;
        // the pull says what GraphQL says
        expect(row.doc.taxShort ?? null, where).toBe(row.tax_short);
        expect(row.doc.dateOfBirth ?? null, where).toBe(row.date_of_birth);
        expect(row.doc.formationDate ?? null, where).toBe(row.formation_date);
        const value = storedById.get(row.id);
        if (row.own) {
          expect(row.tax_short, where).toBe(value?.tax_short ?? null);
          expect(row.date_of_birth, where).toBe(value?.date_of_birth ?? null);
          expect(row.formation_date, where).toBe(value?.formation_date ?? null);
          if (value?.tax_short) shownToMembers++;
        } else {
          expect(row.tax_short, where).toBeNull();
          expect(row.date_of_birth, where).toBeNull();
          expect(row.formation_date, where).toBe(value?.type === "investor" ? null : (value?.formation_date ?? null));
          if (value?.tax_short) hiddenFromOthers++;
          if (value?.type === "investor" && value.formation_date) hiddenFromOthers++;
          if (value?.type !== "investor" && value?.formation_date) shownToOthers++;
        }
      }
    }
    // the demo has values on both sides, so this test can fail
    expect(shownToMembers).toBeGreaterThan(0);
    expect(hiddenFromOthers).toBeGreaterThan(0);
    expect(shownToOthers).toBeGreaterThan(0);
  });

  it("the API's role reads no personal value from the table itself: the columns are empty, the private table refused", async () => {
    const { rows: kept } = await db.query<{ n: number }>(
      "select count(*)::int as n from app_private.account_personal_data where tax_short is not null",
    );
    expect(kept[0]?.n).toBeGreaterThan(0);
    for (const member of members) {
      await asAccount(db, member.claims, async (tx) => {
        const { rows } = await tx.query<{ n: number }>(
          `select count(*)::int as n from app_public.accounts
            where tax_short is not null or date_of_birth is not null or (type = 'investor' and formation_date is not null)`,
        );
        expect(rows[0]?.n, member.label).toBe(0);
      });
      await expect(
        asAccount(db, member.claims, (tx) => tx.query("select * from app_private.account_personal_data")),
        member.label,
      ).rejects.toMatchObject({ code: "42501" });
    }
  });

  it("notes on distributions: the pull carries exactly the notes the policy lets the reader read (none for agents)", async () => {
    let agentDistributions = 0;
    let notesRead = 0;
    for (const member of members) {
      const rows = await asAccount(db, member.claims, (tx) =>
        tx
          .query<{ id: string; policy: number; pulled: number }>(
            `select d.id,
                    (select count(*)::int from app_public.distribution_annotations n where n.distribution_id = d.id)
                      as policy,
                    jsonb_array_length(docs.doc -> 'annotations') as pulled
               from app_public.distributions d
               join app_private.docs_distributions(array(select id from app_public.distributions)) docs
                 on docs.id = d.id`,
          )
          .then((r) => r.rows),
      );
      for (const row of rows) {
        expect(row.pulled, `${member.label} distribution ${row.id}`).toBe(row.policy);
        if (member.claims.accountType === "agent") expect(row.policy, member.label).toBe(0);
        notesRead += row.policy;
      }
      if (member.claims.accountType === "agent") agentDistributions += rows.length;
    }
    expect(agentDistributions).toBeGreaterThan(0);
    expect(notesRead).toBeGreaterThan(0);
  });
});
