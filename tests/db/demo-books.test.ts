// The demo books balance (issue 22 item 3): the seeded data is a new user's first impression, so every figure in it
// must add up. Holdings agree with the ledger and with what was paid, capital deployed never exceeds the capital a
// round holds, dates follow the order of events (paid, then issued, then dividends), and an investor carries one
// name on every row that names it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

describe.each(testTargets)("the demo books on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create({ demo: true });
  });
  afterAll(async () => {
    await db?.close();
  });

  it("holds in every holding what its ledger entries add up to and what was paid for it", async () => {
    const { rows } = await db.query<{ holding: string; amount: string; ledger: string; paid: string; cost: string }>(
      `select d.name || ' / ' || h.amount as holding, h.amount::text,
              coalesce((select sum(l.amount) from app_public.ledger_entries l where l.holding_id = h.id), 0)::text
                as ledger,
              coalesce((select sum(p.amount) from app_public.distribution_payments p
                         where p.distribution_id = h.distribution_id and p.status = 'paid'), 0)::text as paid,
              (h.amount * h.purchase_price)::text as cost
         from app_public.holdings h join app_public.distributions d on d.id = h.distribution_id
        order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      expect(Number(row.ledger), `${row.holding}: ledger`).toBe(Number(row.amount));
      expect(Number(row.paid), `${row.holding}: paid for`).toBe(Number(row.cost));
    }
  });

  it("sums each holding's dividends into its paid-out figure", async () => {
    const { rows } = await db.query<{ holding: string; shown: string; summed: string }>(
      `select h.id::text as holding, h.paid_out_dividends::text as shown,
              coalesce((select sum(p.amount) from app_public.dividend_payments p where p.holding_id = h.id), 0)::text
                as summed
         from app_public.holdings h`,
    );
    expect(rows.some((row) => Number(row.summed) > 0)).toBe(true);
    for (const row of rows) expect(Number(row.shown), row.holding).toBe(Number(row.summed));
  });

  it("never deploys more capital than a round holds, nor before the round has it", async () => {
    const { rows } = await db.query<{ round: string; held: string; deployed: string; late: boolean }>(
      `select r.name as round,
              coalesce((select sum(h.amount * h.purchase_price) from app_public.holdings h where h.round_id = r.id), 0)
                ::text as held,
              app_public.rounds_total_capital_deployed(r)::text as deployed,
              coalesce((select bool_and(c.deployed_on >= (select min(h.issued_on) from app_public.holdings h
                                                            where h.round_id = r.id))
                          from app_public.capital_deployments c where c.round_id = r.id), true) as late
         from app_public.rounds r order by r.name`,
    );
    const withDeployments = rows.filter((row) => Number(row.deployed) > 0);
    expect(withDeployments.map((row) => row.round)).toContain("First Close");
    for (const row of rows) {
      expect(Number(row.deployed), `${row.round}: deployed vs held`).toBeLessThanOrEqual(Number(row.held));
      expect(row.late, `${row.round}: deployed after the first issue`).toBe(true);
    }
  });

  it("orders the dates of every holding: paid, then issued, then its dividends", async () => {
    const { rows } = await db.query<{
      holding: string;
      last_paid: string | null;
      tx_paid: string | null;
      issued: string;
      first_dividend: string | null;
      closes: string;
    }>(
      `select d.name || ' / ' || h.amount as holding,
              (select max(p.paid_on) from app_public.distribution_payments p
                where p.distribution_id = h.distribution_id and p.status = 'paid')::text as last_paid,
              (select max((t.chain_data ->> 'paid_on')::timestamptz) from app_public.ledger_entries l
                 join app_public.transactions t on t.id = l.transaction_id where l.holding_id = h.id)::text as tx_paid,
              h.issued_on::text as issued,
              (select min(p.paid_on) from app_public.dividend_payments p where p.holding_id = h.id)::text
                as first_dividend,
              r.closes_on::text as closes
         from app_public.holdings h join app_public.distributions d on d.id = h.distribution_id
         join app_public.rounds r on r.id = h.round_id order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const time = (value: string | null) => (value === null ? null : Date.parse(value));
    for (const row of rows) {
      const issued = time(row.issued) ?? Number.NaN;
      expect(row.last_paid, `${row.holding}: paid`).not.toBeNull();
      expect(time(row.last_paid), `${row.holding}: paid before issued`).toBeLessThanOrEqual(issued);
      expect(time(row.tx_paid), `${row.holding}: transaction paid before issued`).toBeLessThanOrEqual(issued);
      // Issued on the seed day ("now") would be a date the demo never lived through.
      expect(issued, `${row.holding}: issued in the demo's past`).toBeLessThan(Date.now() - 86_400_000);
      if (row.first_dividend !== null) {
        expect(time(row.first_dividend), `${row.holding}: dividend after issue`).toBeGreaterThanOrEqual(issued);
      }
    }
  });

  it("names an investor one way on every distribution, holding and contact", async () => {
    const { rows: distributions } = await db.query<{ investor: string; name: string | null }>(
      `select a.name as investor, d.name from app_public.distributions d
         join app_public.accounts a on a.id = d.investor_id order by 1, 2`,
    );
    expect(distributions.length).toBeGreaterThan(5);
    for (const row of distributions) expect(row.name ?? row.investor, "distribution name").toBe(row.investor);

    // A contact names a person: the investor account's name or its contact person, nobody else.
    const { rows: contacts } = await db.query<{ investor: string; contact: string | null; name: string | null }>(
      `select a.name as investor, a.contact_name as contact, c.name from app_public.customers c
         join app_public.accounts a on a.id = c.investor_id order by 1`,
    );
    expect(contacts.length).toBeGreaterThan(0);
    for (const row of contacts) {
      expect([row.investor, row.contact], `contact of ${row.investor}`).toContain(row.name ?? row.investor);
    }

    const { rows: kim } = await db.query<{ name: string }>(
      `select distinct d.name from app_public.distributions d join app_public.accounts a on a.id = d.investor_id
        where a.email = 'investor2@demo.test'`,
    );
    expect(kim).toEqual([{ name: "Kim Family Trust" }]);
  });
});
