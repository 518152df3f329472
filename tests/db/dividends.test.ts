// Dividends paid out on holdings with the client bypassed (sync/database/holdings/10_holdings.sql): who sees them (as
// for holdings: the investor, the round's issuer, a broker on an accepted round; not agents nor other investors),
// makeDividendPayment's rules (issuer writers only, a holding of its own round, amount > 0), and the investor's
// holding documents carrying their sum (paidOutDividends, 0443).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { DEMO_DIVIDENDS } from "../../sync/seed/demo-dividends.ts";
import { asAccount, type Claims, demoClaims, rollbackAs, stopTestClusters, testTargets } from "../helpers/db.ts";

describe.each(testTargets)("dividends on $name", (target) => {
  let db: Database;
  let issuer: Claims;
  let viewer: Claims;
  let investor: Claims;
  let investor2: Claims;
  let agent: Claims;
  let emmaSeedHolding: string;
  let otherIssuerHolding: string | null;

  beforeAll(async () => {
    db = await target.create({ demo: true });
    issuer = await demoClaims(db, "issuer@demo.test", "issuer");
    viewer = await demoClaims(db, "issuer-viewer@demo.test", "issuer");
    investor = await demoClaims(db, "investor@demo.test", "investor");
    investor2 = await demoClaims(db, "investor2@demo.test", "investor");
    agent = await demoClaims(db, "agent@demo.test", "agent");
    const { rows } = await db.query<{ id: string }>(
      `select h.id from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
       where a.email = 'investor@demo.test' and a.type = 'investor' order by h.amount desc, h.id limit 1`,
    );
    emmaSeedHolding = rows[0]?.id ?? "";
    const other = await db.query<{ id: string }>(
      `select h.id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
         join app_public.assets a on a.id = r.asset_id
       where a.issuer_id <> $1 limit 1`,
      [issuer.accountId],
    );
    otherIssuerHolding = other.rows[0]?.id ?? null;
  });
  afterAll(async () => {
    await db?.close();
    await stopTestClusters();
  });

  const amounts = (claims: Claims) =>
    asAccount(db, claims, async (tx) =>
      (
        await tx.query<{ value: string }>(
          "select amount::text as value from app_public.dividend_payments order by amount, paid_on",
        )
      ).rows.map((row) => row.value),
    );

  async function failure(
    claims: Claims,
    fn: (tx: Sql) => Promise<unknown>,
  ): Promise<{ code: string; message: string }> {
    try {
      await rollbackAs(db, claims, fn);
    } catch (error) {
      const e = error as { code?: string; message?: string };
      return { code: e.code ?? "error", message: e.message ?? "" };
    }
    throw new Error("expected a refusal");
  }

  const pay =
    (holdingId: string | null, amount: string | null, paidOn: string | null = null) =>
    (tx: Sql) =>
      tx.query("select * from app_public.make_dividend_payment($1, $2, $3)", [holdingId, amount, paidOn]);

  it("the investor sees the dividends of its own holdings only; the issuer sees its rounds'; agents none", async () => {
    expect(await amounts(investor)).toEqual(["40.625", "1250.50", "1250.50"]);
    expect(await amounts(investor2)).toEqual([DEMO_DIVIDENDS.kimSeed[0]]);
    expect((await amounts(issuer)).length).toBe(4);
    expect(await amounts(viewer)).toEqual(await amounts(issuer));
    expect(await amounts(agent)).toEqual([]);
  });

  it("the issuer records a dividend on a holding of its round, the holder sees it in its holding document", async () => {
    const id = "6a0a2f3e-5d2b-4a55-9d4f-0d6f7c1e9b01";
    const changes = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            "select count(*) as n from app_private.changes where model = 'holdings' and doc_id = $1",
            [emmaSeedHolding],
          )
        ).rows[0]?.n,
      );
    const changesBefore = await changes();
    await asAccount(db, issuer, (tx) =>
      tx.query("select * from app_public.make_dividend_payment($1, $2, $3, $4)", [
        emmaSeedHolding,
        "99.99",
        "2025-09-30",
        id,
      ]),
    );
    const doc = await asAccount(db, investor, async (tx) => {
      const { rows } = await tx.query<{ doc: { paidOutDividends: string } }>(
        "select doc from app_private.docs_holdings($1)",
        [[emmaSeedHolding]],
      );
      return rows[0]?.doc;
    });
    // 1,250.50 twice (the demo) + 99.99, exactly.
    expect(doc?.paidOutDividends).toBe("2600.99");
    const recorded = await asAccount(
      db,
      investor,
      async (tx) =>
        (
          await tx.query<{ paid_on: string }>("select paid_on::text from app_public.dividend_payments where id = $1", [
            id,
          ])
        ).rows,
    );
    expect(recorded).toEqual([{ paid_on: "2025-09-30" }]);
    // Another investor pulls no such document.
    const theirs = await asAccount(
      db,
      investor2,
      async (tx) => (await tx.query("select doc from app_private.docs_holdings($1)", [[emmaSeedHolding]])).rows,
    );
    expect(theirs).toEqual([]);
    // The holding's document is recorded as changed, so devices pull it again.
    expect(await changes()).toBeGreaterThan(changesBefore);
  });

  it("refuses what the rules refuse", async () => {
    expect(await failure(issuer, pay(emmaSeedHolding, "0"))).toEqual({
      code: "LL422",
      message: "Dividend amount must be greater than 0.",
    });
    expect(await failure(issuer, pay(emmaSeedHolding, "-5"))).toMatchObject({ code: "LL422" });
    expect(await failure(issuer, pay(emmaSeedHolding, null))).toEqual({
      code: "LL422",
      message: "Amount is required.",
    });
    expect(await failure(issuer, pay(emmaSeedHolding, "10", "2999-01-01"))).toMatchObject({ code: "LL422" });
    expect(await failure(issuer, pay("00000000-0000-4000-8000-000000000000", "10"))).toEqual({
      code: "LL404",
      message: "Holding not found",
    });
    if (otherIssuerHolding) {
      expect(await failure(issuer, pay(otherIssuerHolding, "10"))).toMatchObject({ code: "LL404" });
    }
    expect(await failure(viewer, pay(emmaSeedHolding, "10"))).toMatchObject({ code: "LL403" });
    expect(await failure(investor, pay(emmaSeedHolding, "10"))).toMatchObject({ code: "LL403" });
    expect(await failure(agent, pay(emmaSeedHolding, "10"))).toMatchObject({ code: "LL403" });
    // Not around the function either: no direct insert for an investor, no update or delete for anyone.
    expect(
      await failure(investor, (tx) =>
        tx.query("insert into app_public.dividend_payments (holding_id, amount) values ($1, 5)", [emmaSeedHolding]),
      ),
    ).toMatchObject({ code: "LL403" });
    expect(await failure(issuer, (tx) => tx.query("update app_public.dividend_payments set amount = 1"))).toMatchObject(
      { code: "42501" },
    );
    expect(await failure(issuer, (tx) => tx.query("delete from app_public.dividend_payments"))).toMatchObject({
      code: "42501",
    });
  });
});
