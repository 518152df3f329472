// Demo question set (issue 17; docs/QUESTIONS.md): the demo issuer's "Northwind Investor Qualification" with three
// questions (accredited status, net worth band, source of funds), locked and active, so it is offered as a
// qualification on Northwind's allocations and shown on /onboarding-questions. It is required on no allocation (the
// demo's onboarding steps stay as they are); adding it to an allocation's qualifications asks its questions.
// Idempotent: does nothing once the set exists, or before migration 1140 (tests that seed an older schema).
import type { Database } from "../db/database.ts";

export const DEMO_QUESTION_SET = "Northwind Investor Qualification";
const ISSUER = "Northwind Renewables, Inc.";
const YES_NO = "7b000000-0000-4000-8000-000000000003";
const CHOICE = "7b000000-0000-4000-8000-000000000007";

const QUESTIONS = [
  {
    name: "Accredited investor",
    description: "Are you an accredited investor as defined in Rule 501 of Regulation D?",
    errorMessage: "Please answer Yes or No.",
    typeId: YES_NO,
    options: [],
  },
  {
    name: "Net worth band",
    description: "Your net worth, excluding your primary residence.",
    errorMessage: "Please choose your net worth band.",
    typeId: CHOICE,
    options: ["Under $1M", "$1M to $5M", "$5M to $25M", "Over $25M"],
  },
  {
    name: "Source of funds",
    description: "Where the money for this investment comes from.",
    errorMessage: "Please choose the source of funds.",
    typeId: CHOICE,
    options: ["Employment income", "Savings", "Sale of a business or property", "Inheritance or gift", "Other"],
  },
];

export async function seedDemoQuestions(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const ready = await tx.query<{ ready: boolean }>(
      "select to_regclass('app_public.onboarding_question_sets') is not null as ready",
    );
    if (!ready.rows[0]?.ready) return;
    const exists = await tx.query("select 1 from app_public.onboarding_question_sets where name = $1", [
      DEMO_QUESTION_SET,
    ]);
    if (exists.rows.length > 0) return;
    const issuer = await tx.query<{ id: string }>("select id from app_public.accounts where name = $1", [ISSUER]);
    const accountId = issuer.rows[0]?.id;
    if (!accountId) return;
    const set = await tx.query<{ id: string }>(
      "insert into app_public.onboarding_question_sets (account_id, name) values ($1, $2) returning id",
      [accountId, DEMO_QUESTION_SET],
    );
    const setId = set.rows[0]?.id;
    for (const [index, question] of QUESTIONS.entries()) {
      const made = await tx.query<{ id: string }>(
        `insert into app_public.onboarding_questions (account_id, name, description, error_message, type_id, options)
         values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
        [
          accountId,
          question.name,
          question.description,
          question.errorMessage,
          question.typeId,
          JSON.stringify(question.options),
        ],
      );
      await tx.query(
        "insert into app_public.onboarding_question_joins (question_set_id, question_id, execute_order) values ($1, $2, $3)",
        [setId, made.rows[0]?.id, index + 1],
      );
    }
    await tx.query("update app_public.onboarding_question_sets set locked = true where id = $1", [setId]);
  });
}
