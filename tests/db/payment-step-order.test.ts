// The investor pays last (issue 37): a round's Payment qualification (number 1000, as mapping an offering makes it)
// and its step come after a signing qualification added later, in the allocation's list, in a process already built
// and in a new distribution's process; migration 1850 puts processes stored in the old order right.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { asAccount, type Claims, createTestDb, demoClaims } from "../helpers/db.ts";

let db: Database;
let issuer: Claims;
let allocation: string;
let distribution: string;
const payment = randomUUID();
const signing = randomUUID();

const PAYMENT_STEPS = [{ type: "payment", renderAttributes: { title: "Payment" }, schema: { title: "Payment" } }];
const SIGNING_STEPS = [{ type: "signing", renderAttributes: { title: "Subscription agreement" }, schema: {} }];

beforeAll(async () => {
  db = await createTestDb({ demo: true });
  issuer = await demoClaims(db, "issuer@demo.test", "issuer");
  const al = await db.query<{ id: string; owner_id: string }>(
    "select id, owner_id from app_public.allocations where name = 'Series A Direct'",
  );
  allocation = al.rows[0]?.id ?? "";
  const owner = al.rows[0]?.owner_id;
  const d = await db.query<{ id: string }>(
    `select d.id from app_public.distributions d join app_public.processes p on p.distribution_id = d.id
     where d.allocation_id = $1 and d.status = 'open' and not d.locked order by d.created_on limit 1`,
    [allocation],
  );
  distribution = d.rows[0]?.id ?? "";
  await db.query(
    `insert into app_public.vendor_qualifications (id, account_id, name, steps) values
       ($1, $3, 'Payment', $4::jsonb), ($2, $3, 'Subscription agreement', $5::jsonb)`,
    [payment, signing, owner, JSON.stringify(PAYMENT_STEPS), JSON.stringify(SIGNING_STEPS)],
  );
  // What sync_payment_qualification does when an offering is mapped to the round.
  await db.query(
    "insert into app_public.allocation_qualifications (allocation_id, vendor_qualification_id, execute_order) values ($1, $2, 1000)",
    [allocation, payment],
  );
  await db.query(
    "insert into app_public.distribution_qualifications (distribution_id, vendor_qualification_id, execute_order) values ($1, $2, 1000)",
    [distribution, payment],
  );
});
afterAll(async () => {
  await db.close();
});

async function topSteps(distributionId: string) {
  const { rows } = await db.query<{ type: string; order: number; status: string; current: boolean }>(
    `select s.type, s."order", s.status, p.current_step_id = s.id as current
     from app_public.steps s join app_public.processes p on p.id = s.process_id
     where p.distribution_id = $1 and s.parent_id is null order by s."order", s.created_on`,
    [distributionId],
  );
  return rows;
}

describe("the payment step comes last", () => {
  it("after a signing qualification the issuer adds later: in the allocation's list and a built process", async () => {
    const before = await topSteps(distribution);
    expect(before.at(-1)?.type).toBe("payment");
    const currentBefore = before.findIndex((s) => s.current);

    await asAccount(db, issuer, async (tx) => {
      // The client numbers a new qualification max + 1 (1001 here, past the Payment's 1000).
      await tx.query(
        "insert into app_public.allocation_qualifications (allocation_id, vendor_qualification_id, execute_order) values ($1, $2, 1001)",
        [allocation, signing],
      );
      await tx.query("select id from app_public.make_distribution_qualifications($1, $2)", [distribution, [signing]]);
    });

    const list = await db.query<{ id: string }>(
      `select q.vendor_qualification_id as id from app_public.allocation_qualifications q
       where q.allocation_id = $1 order by q.execute_order, q.created_on`,
      [allocation],
    );
    const ids = list.rows.map((r) => r.id);
    expect(ids.indexOf(signing)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(signing)).toBeLessThan(ids.indexOf(payment));
    expect(ids.at(-1)).toBe(payment);

    const steps = await topSteps(distribution);
    expect(steps.map((s) => s.type).slice(-2)).toEqual(["signing", "payment"]);
    expect(steps.findIndex((s) => s.current)).toBe(currentBefore);
  });

  it("in a new distribution's process, and migration 1850 reorders a process stored with the payment first", async () => {
    const made = await asAccount(db, issuer, (tx) =>
      tx.query<{ id: string }>("select id from app_public.make_distribution($1, $2, 10)", [
        allocation,
        "newinvestor@demo.test",
      ]),
    );
    const fresh = made.rows[0]?.id ?? "";
    expect((await topSteps(fresh)).map((s) => s.type).slice(-2)).toEqual(["signing", "payment"]);

    // The old order, as stored before the fix: the payment step current, before every other step.
    await db.query(
      `update app_public.steps s set "order" = 0, status = 'in_progress' from app_public.processes p
       where p.id = s.process_id and p.distribution_id = $1 and s.type = 'payment'`,
      [fresh],
    );
    await db.query(
      `update app_public.steps s set status = 'not_started' from app_public.processes p
       where p.id = s.process_id and p.distribution_id = $1 and s.type <> 'payment'`,
      [fresh],
    );
    await db.query(
      `update app_public.processes p set current_step_id = s.id from app_public.steps s
       where s.process_id = p.id and p.distribution_id = $1 and s.type = 'payment'`,
      [fresh],
    );
    expect((await topSteps(fresh))[0]).toMatchObject({ type: "payment", current: true });

    await db.transaction((tx) =>
      tx.exec(readFileSync(new URL("../../sync/migrations/1850_payment_step_last.sql", import.meta.url), "utf8")),
    );
    const after = await topSteps(fresh);
    expect(after.at(-1)).toMatchObject({ type: "payment", status: "not_started", current: false });
    expect(after[0]).toMatchObject({ status: "in_progress", current: true });
  });
});
