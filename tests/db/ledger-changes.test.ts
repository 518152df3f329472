// A transaction's ledger entries in the change log (sync/database/replication/05_change_log.sql,
// record_ledger_changes): the entries one statement inserts give their transaction one change, whose audience is
// the transaction's (its issuer) and every investor of those entries. A row trigger wrote one change per entry, each
// computing the transaction's whole audience again: quadratic in a corporate action's statement (a split across
// 50,000 holdings never ended). On PGlite and, when installed, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

describe.each(testTargets)("ledger entries in the change log on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create({ demo: true });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  async function changesOf(transactionId: string) {
    const { rows } = await db.query<{ audience: string[] | null }>(
      `select audience from app_private.changes where model = 'transactions' and doc_id = $1 order by seq`,
      [transactionId],
    );
    return rows;
  }

  it("records one change per transaction and statement, reaching the issuer and every investor of the entries", async () => {
    const { rows: holdings } = await db.query<{ id: string; investor_id: string; issuer_id: string }>(
      `select h.id, h.investor_id, s.issuer_id from app_public.holdings h
         join app_public.securities s on s.id = h.security_id
        where s.issuer_id = (select s2.issuer_id from app_public.holdings h2
                               join app_public.securities s2 on s2.id = h2.security_id
                              group by s2.issuer_id order by count(distinct h2.investor_id) desc limit 1)
        order by h.id limit 3`,
    );
    expect(holdings.length).toBeGreaterThanOrEqual(2);
    const issuer = holdings[0]?.issuer_id ?? "";
    const {
      rows: [transaction],
    } = await db.query<{ id: string }>(
      `insert into app_public.transactions (issuer_id, chain_data) values ($1, '{"kind": "test"}') returning id`,
      [issuer],
    );
    const transactionId = transaction?.id ?? "";
    expect(await changesOf(transactionId)).toHaveLength(1); // the transaction's own row

    await db.query(
      `insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
         select $1, h.id, h.investor_id, 1 from app_public.holdings h where h.id = any ($2::uuid[])`,
      [transactionId, holdings.map((holding) => holding.id)],
    );
    const changes = await changesOf(transactionId);
    expect(changes).toHaveLength(2);
    const audience = changes[1]?.audience ?? [];
    for (const holding of holdings) expect(audience).toContain(holding.investor_id);
    expect(audience).toContain(issuer);

    // another statement is another change
    await db.query(
      `insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount) values ($1, $2, $3, 1)`,
      [transactionId, holdings[0]?.id, holdings[0]?.investor_id],
    );
    expect(await changesOf(transactionId)).toHaveLength(3);
  });
});
