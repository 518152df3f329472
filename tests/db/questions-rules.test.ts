// Question sets in the database (docs/QUESTIONS.md), on PGlite and on PostgreSQL: the question types the migration
// seeds are the device's copy (src/domain/questions.ts), the demo issuer's question set, the rules under row-level
// security as each role, and a question-set step's answers sealed with the server's key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUESTION_TYPES } from "../../src/domain/questions.ts";
import type { Database, Sql } from "../../sync/db/database.ts";
import { DEMO_QUESTION_SET } from "../../sync/seed/demo-questions.ts";
import { demoClaims, rollbackAs, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const KEY = "questions-rules-test-key";
const withKey = (tx: Sql) => tx.query("select set_config('ll.encryption_key', $1, true)", [KEY]);

async function failure(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  throw new Error("expected a failure");
}

describe.each(testTargets)("question sets on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create({ demo: true });
  });
  afterAll(async () => {
    await db?.close();
  });

  it("seeds the question types the device checks answers with", async () => {
    const { rows } = await db.query<{ id: string; name: string; field_type: string; regex: string | null }>(
      "select id, name, field_type, regex from app_public.onboarding_question_types order by id",
    );
    expect(rows.map((r) => ({ id: r.id, name: r.name, fieldType: r.field_type, regex: r.regex }))).toEqual(
      [...QUESTION_TYPES].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it("gives the demo issuer a locked, active question set offered as its qualification", async () => {
    const { rows } = await db.query<{ locked: boolean; active: boolean; questions: string[]; qualification: string }>(
      `select s.locked, s.active, v.name as qualification,
              array(select q.name from app_public.onboarding_question_joins j
                      join app_public.onboarding_questions q on q.id = j.question_id
                    where j.question_set_id = s.id order by j.execute_order) as questions
       from app_public.onboarding_question_sets s
         join app_public.vendor_qualifications v on v.id = s.vendor_qualification_id and v.active
       where s.name = $1`,
      [DEMO_QUESTION_SET],
    );
    expect(rows).toEqual([
      {
        locked: true,
        active: true,
        qualification: DEMO_QUESTION_SET,
        questions: ["Accredited investor", "Net worth band", "Source of funds"],
      },
    ]);
  });

  it("refuses a viewer's and another account's writes, and a choice question without options", async () => {
    const viewer = await demoClaims(db, "issuer-viewer@demo.test");
    const viewerWrite = await failure(
      rollbackAs(db, viewer, (tx) => tx.query("insert into app_public.onboarding_question_sets (name) values ('V')")),
    );
    expect(viewerWrite.code).toBe("LL403");
    const broker = await demoClaims(db, "broker@demo.test");
    const seen = await rollbackAs(db, broker, (tx) =>
      tx.query("select 1 from app_public.onboarding_question_sets where name = $1", [DEMO_QUESTION_SET]),
    );
    expect(seen.rows).toEqual([]);
    const owner = await demoClaims(db, "issuer@demo.test");
    const noOptions = await failure(
      rollbackAs(db, owner, (tx) =>
        tx.query(
          `insert into app_public.onboarding_questions (name, description, error_message, type_id)
           values ('Band', 'Band?', 'Pick one.', '7b000000-0000-4000-8000-000000000007')`,
        ),
      ),
    );
    expect(noOptions).toMatchObject({ code: "LL422", message: "A choice question needs at least one option." });
    const lockedEmpty = await failure(
      rollbackAs(db, owner, (tx) =>
        tx.query("insert into app_public.onboarding_question_sets (name, locked) values ('Empty', true)"),
      ),
    );
    expect(lockedEmpty.code).toBe("LL422");
  });

  it("fills a question-set step from the set and seals the investor's answers", async () => {
    const owner = await demoClaims(db, "issuer@demo.test");
    const result = await rollbackAs(db, owner, async (tx) => {
      await withKey(tx);
      await tx.query("reset role");
      const step = await questionSetStep(
        tx,
        "(select vendor_qualification_id from app_public.onboarding_question_sets where name = $1)",
        [DEMO_QUESTION_SET],
      );
      const answers = Object.fromEntries(step.schema.fields.map((f) => [f.key, f.options?.[0] ?? true]));
      await tx.query("insert into app_private.step_submissions (step_id, data) values ($1, $2)", [step.id, answers]);
      const stored = await tx.query<{ field: string; plain: string; sealed: string }>(
        `select i.field, app_private.unseal(v.sealed) #>> '{}' as plain, encode(v.sealed, 'hex') as sealed
         from app_public.instanced_account_information i join app_private.instanced_account_values v on v.id = i.id
         where i.step_id = $1 order by i.field`,
        [step.id],
      );
      return { fields: step.schema.fields.map((f) => f.displayKey), stored: stored.rows };
    });
    expect(result.fields).toEqual(["Accredited investor", "Net worth band", "Source of funds"]);
    expect(result.stored.map((r) => [r.field, r.plain])).toEqual([
      ["Accredited investor", "Yes"],
      ["Net worth band", "Under $1M"],
      ["Source of funds", "Employment income"],
    ]);
    for (const row of result.stored) expect(Buffer.from(row.sealed, "hex").toString("latin1")).not.toContain(row.plain);
  });

  it("never asks another account's set: a qualification naming it gets a step without its questions", async () => {
    const owner = await demoClaims(db, "issuer@demo.test");
    const schema = await rollbackAs(db, owner, async (tx) => {
      await tx.query("reset role");
      const broker = await tx.query<{ id: string }>(
        `insert into app_public.vendor_qualifications (account_id, name, steps)
         select a.id, 'Borrowed questions', jsonb_build_array(jsonb_build_object('type', 'encrypted_form',
                  'schema', jsonb_build_object('questionSetId', s.id)))
         from app_public.accounts a, app_public.onboarding_question_sets s
         where a.name = 'Harborview Capital Markets LLC' and s.name = $1 returning id`,
        [DEMO_QUESTION_SET],
      );
      return (await questionSetStep(tx, "$1::uuid", [broker.rows[0]?.id])).schema;
    });
    expect(schema).toEqual({});
  });
});

/** Requires the qualification (a SQL expression) on an open distribution and returns the step the process got. */
async function questionSetStep(tx: Sql, qualification: string, params: unknown[]) {
  const { rows } = await tx.query<{
    id: string;
    schema: { fields: Array<{ key: string; displayKey: string; options?: string[] }> };
  }>(
    `with dq as (
       insert into app_public.distribution_qualifications (distribution_id, vendor_qualification_id, execute_order)
       select d.id, ${qualification}, 99 from app_public.distributions d
       where d.status = 'open' and not d.locked order by d.created_on limit 1
       returning id)
     select id from dq`,
    params,
  );
  const step = await tx.query<{
    id: string;
    schema: { fields: Array<{ key: string; displayKey: string; options?: string[] }> };
  }>("select id, schema from app_public.steps where distribution_qualification_id = $1", [rows[0]?.id]);
  if (!step.rows[0]) throw new Error("no step");
  return step.rows[0];
}
