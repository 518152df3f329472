// Demo onboarding form definition (issue 19; docs/ADMIN.md): "investor-details", version 1, so /admin/forms shows a
// definition to open, edit into a new version and preview. No step uses it (a vendor qualification's step template
// would name it as {"schema": {"formKey": "investor-details"}}). Idempotent: does nothing once a definition with the
// key exists, or before migration 1240 (tests that seed an older schema).
import type { Database } from "../db/database.ts";

export const DEMO_FORM_KEY = "investor-details";

const SCHEMA = {
  title: "Investor details",
  fields: [
    {
      key: "fullName",
      displayKey: "Full legal name",
      type: "text",
      regex: "^.{2,200}$",
      error: "Enter your full legal name.",
      order: 1,
    },
    {
      key: "netWorth",
      displayKey: "Net worth (USD)",
      type: "integer",
      error: "Enter your net worth as a whole number.",
      message: "Excluding your primary residence.",
      order: 2,
    },
    {
      key: "band",
      displayKey: "Investment experience",
      type: "select",
      options: ["None", "Some", "Extensive"],
      error: "Choose your investment experience.",
      order: 3,
    },
    { key: "accredited", displayKey: "I am an accredited investor", type: "boolean", order: 4 },
  ],
  disclosures: ["Your answers are shared only with the issuer of this offering."],
  text: "Save details",
};

export async function seedDemoForms(db: Database): Promise<void> {
  const table = await db.query<{ present: boolean }>(
    "select to_regclass('app_public.form_definitions') is not null as present",
  );
  if (!table.rows[0]?.present) return;
  const { rows } = await db.query("select 1 from app_public.form_definitions where key = $1", [DEMO_FORM_KEY]);
  if (rows.length > 0) return;
  await db.query(
    `insert into app_public.form_definitions (key, version, name, step_type, render_attributes, schema, created_by)
     select $1, 1, 'Investor details', 'form', $2::jsonb, $3::jsonb, e.user_id
       from app_public.user_emails e where e.email = 'admin@demo.test'`,
    [
      DEMO_FORM_KEY,
      JSON.stringify({
        title: "Investor details",
        progressBarTitle: "Details",
        about: "We need a few details about you before you invest.",
      }),
      JSON.stringify(SCHEMA),
    ],
  );
}
