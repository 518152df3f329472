// The payment step's tests (tests/server/payments-*.test.ts, tests/e2e/payments.e2e.test.ts): the investor's other
// onboarding steps marked done (the onboarding tests walk them through the product), so the payment step that an
// offering's mapping added last is the investor's current step.
import type { Database } from "../../sync/db/database.ts";

export async function finishOtherSteps(db: Database, distributionId: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `select s.id from app_public.steps s join app_public.processes p on p.id = s.process_id
     where p.distribution_id = $1 and s.type <> 'payment' and s.status <> 'complete'
     order by s.parent_id is null, s."order"`,
    [distributionId],
  );
  for (const row of rows)
    await db.query(
      "select app_private.finish_step(s) from app_public.steps s where s.id = $1 and s.status <> 'complete'",
      [row.id],
    );
}
