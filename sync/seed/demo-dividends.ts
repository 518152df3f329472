// Demo dividends (spec part 2, portfolio column Paid-Out Dividends): quarterly dividends on Emma Lawson's
// (investor@demo.test) equity seed holding, a coupon payment on her green note holding, one dividend on Daniel Kim's
// (investor2@demo.test) seed holding. Idempotent: does nothing once a dividend exists.
import type { Database } from "../db/database.ts";

/** Emma's seed holding: 1,250.50 twice; her note holding: 40.625 (sum per holding shown in /portfolio). */
export const DEMO_DIVIDENDS = {
  emmaSeed: ["1250.50", "1250.50"],
  emmaNotes: ["40.625"],
  kimSeed: ["500.00"],
} as const;

export async function seedDemoDividends(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const exists = await tx.query("select 1 from app_public.dividend_payments limit 1");
    if (exists.rows.length > 0) return;
    // Emma's issued holdings, amount order as in demo-tokens.ts: the equity seed round (200000), the green note (25).
    const { rows: emma } = await tx.query<{ id: string; round_id: string }>(
      `select h.id, h.round_id from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
       where a.email = 'investor@demo.test' and a.type = 'investor' order by h.amount desc, h.id`,
    );
    const [seed, notes] = emma;
    if (!seed || !notes) return;
    const { rows: kim } = await tx.query<{ id: string }>(
      `select h.id from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
       where a.email = 'investor2@demo.test' and h.round_id = $1 order by h.id limit 1`,
      [seed.round_id],
    );
    const pay = (holdingId: string, amount: string, paidOn: string) =>
      tx.query("insert into app_public.dividend_payments (holding_id, amount, paid_on) values ($1, $2, $3)", [
        holdingId,
        amount,
        paidOn,
      ]);
    const [first, second] = DEMO_DIVIDENDS.emmaSeed;
    await pay(seed.id, first, "2025-03-31");
    await pay(seed.id, second, "2025-06-30");
    // The notes were issued on 2025-08-21: a first (stub) coupon of 9 days at 6.5% on $25,000 (30/360).
    await pay(notes.id, DEMO_DIVIDENDS.emmaNotes[0], "2025-08-30");
    if (kim[0]) await pay(kim[0].id, DEMO_DIVIDENDS.kimSeed[0], "2025-06-30");
  });
}
