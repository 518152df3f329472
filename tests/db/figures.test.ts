// One figure, one answer (issue 13 item 14), for every demo membership:
// - Distribution.paidInCapital: the full sum of paid payments for every reader of the distribution, the same in
//   GraphQL's computed column and in the pulled document (app_private.docs_distributions);
// - Holding.percentOfSecurityTotal and Round.totalCapitalDeployed: the same figure as read without row-level security;
// - the definer sums (distribution_paid_in, distribution_paid_ins) answer nothing for a distribution the caller
//   cannot read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { asAccount, type Claims, createTestDb } from "../helpers/db.ts";

interface Member {
  label: string;
  claims: Required<Claims>;
}

describe("figures: the same on every path and for every reader", () => {
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

  it("paidInCapital: every reader of a distribution reads the full sum, in GraphQL and in the pull alike", async () => {
    const { rows: sums } = await db.query<{ id: string; paid: string }>(
      `select d.id, coalesce(sum(p.amount) filter (where p.status = 'paid'), 0)::text as paid
         from app_public.distributions d left join app_public.distribution_payments p on p.distribution_id = d.id
        group by d.id`,
    );
    const paidById = new Map(sums.map((r) => [r.id, Number(r.paid)]));
    let paymentsHidden = 0;
    for (const member of members) {
      const rows = await asAccount(db, member.claims, (tx) =>
        tx
          .query<{ id: string; graphql: string; doc: string; rows: number }>(
            `select d.id, app_public.distributions_paid_in_capital(d)::text as graphql,
                    docs.doc ->> 'paidInCapital' as doc,
                    (select count(*)::int from app_public.distribution_payments p
                      where p.distribution_id = d.id and p.status = 'paid') as rows
               from app_public.distributions d
               join app_private.docs_distributions(array(select id from app_public.distributions)) docs
                 on docs.id = d.id`,
          )
          .then((r) => r.rows),
      );
      for (const row of rows) {
        const where = `${member.label} reading distribution ${row.id}`;
        expect(Number(row.graphql), where).toBe(paidById.get(row.id));
        expect(Number(row.doc), where).toBe(paidById.get(row.id));
        if (row.rows === 0 && (paidById.get(row.id) ?? 0) > 0) paymentsHidden++;
      }
    }
    // some reader sees a paid-in figure whose payment rows it cannot read (the case of issue 13 item 14)
    expect(paymentsHidden).toBeGreaterThan(0);
  });

  it("the definer sums answer nothing for a distribution the caller cannot read", async () => {
    const { rows: all } = await db.query<{ id: string }>(
      `select distinct p.distribution_id as id from app_public.distribution_payments p where p.status = 'paid'`,
    );
    const ids = all.map((r) => r.id);
    for (const member of members) {
      await asAccount(db, member.claims, async (tx) => {
        const { rows: visible } = await tx.query<{ id: string }>(
          "select id from app_public.distributions where id = any ($1::uuid[])",
          [ids],
        );
        const { rows: summed } = await tx.query<{ id: string }>(
          "select distribution_id as id from app_private.distribution_paid_ins($1::uuid[])",
          [ids],
        );
        expect(summed.map((r) => r.id).sort(), member.label).toEqual(visible.map((r) => r.id).sort());
        const hidden = ids.find((id) => !visible.some((v) => v.id === id));
        if (hidden) {
          const { rows } = await tx.query<{ paid: string }>(
            "select app_private.distribution_paid_in($1)::text as paid",
            [hidden],
          );
          expect(rows[0]?.paid, member.label).toBe("0");
        }
      });
    }
  });

  it("percentOfSecurityTotal and totalCapitalDeployed read the same under row-level security as without", async () => {
    const { rows: percents } = await db.query<{ id: string; value: string | null }>(
      "select h.id, app_public.holdings_percent_of_security_total(h)::text as value from app_public.holdings h",
    );
    const { rows: deployed } = await db.query<{ id: string; value: string }>(
      "select r.id, app_public.rounds_total_capital_deployed(r)::text as value from app_public.rounds r",
    );
    const percentById = new Map(percents.map((r) => [r.id, r.value]));
    const deployedById = new Map(deployed.map((r) => [r.id, r.value]));
    expect([...deployedById.values()].some((v) => Number(v) > 0)).toBe(true);
    for (const member of members) {
      await asAccount(db, member.claims, async (tx) => {
        const { rows: h } = await tx.query<{ id: string; value: string | null }>(
          "select h.id, app_public.holdings_percent_of_security_total(h)::text as value from app_public.holdings h",
        );
        for (const row of h) expect(row.value, `${member.label} holding ${row.id}`).toBe(percentById.get(row.id));
        const { rows: r } = await tx.query<{ id: string; value: string }>(
          "select r.id, app_public.rounds_total_capital_deployed(r)::text as value from app_public.rounds r",
        );
        for (const row of r) expect(row.value, `${member.label} round ${row.id}`).toBe(deployedById.get(row.id));
      });
    }
  });
});
