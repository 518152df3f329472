// Demo onboarding: a vendor qualification of the demo issuer whose process has every step type (custom, form,
// encrypted_form, link, iframe, async_iframe and a button step with nested steps), required on the "Series A Direct"
// allocation, so every open distribution there (and every investment made from that offering) gets the process.
// Idempotent: runs after seedDemo on every seed and does nothing once the qualification exists.
import type { Database } from "../db/database.ts";

export const DEMO_QUALIFICATION_NAME = "Northwind Investor Onboarding";
const DEMO_ONBOARDING_ALLOCATION = "Series A Direct";

const about = (text: string) => text;

/** The step templates (app_public.vendor_qualifications.steps). */
const DEMO_STEPS = [
  {
    type: "custom",
    renderAttributes: {
      progressBarTitle: "Welcome",
      title: "Welcome to the Series A offering",
      about: about("Northwind Renewables is raising its Series A to fund two community solar projects."),
      instructions: "Read the disclosures below, then continue to start your onboarding.",
      message: "Onboarding takes about five minutes.",
    },
    schema: {
      text: "Continue",
      disclosures: [
        "Investing in private companies involves risk, including the loss of your entire investment.",
        "Units are not listed on an exchange and may be hard to sell.",
      ],
    },
  },
  {
    type: "form",
    renderAttributes: {
      progressBarTitle: "Profile",
      title: "Investor profile",
      about: "We are required to know who our investors are.",
      instructions: "Complete every field. Answers are sent to the issuer only.",
    },
    schema: {
      title: "Investor profile",
      text: "Save profile",
      fields: [
        { key: "legalName", displayKey: "Legal name", type: "text", order: 1, message: "As shown on your ID." },
        {
          key: "annualIncome",
          displayKey: "Annual income (USD)",
          type: "integer",
          regex: "^[0-9]+$",
          error: "Enter a whole number of dollars.",
          order: 2,
        },
        { key: "accredited", displayKey: "Accredited investor", type: "boolean", order: 3 },
        {
          key: "residency",
          displayKey: "Tax residency",
          type: "select",
          options: ["United States", "Canada", "Other"],
          order: 4,
        },
      ],
    },
  },
  {
    type: "encrypted_form",
    renderAttributes: {
      progressBarTitle: "Tax ID",
      title: "Tax identification",
      about: "Your tax identification number is needed for tax reporting.",
      instructions: "Enter your 9-digit SSN or ITIN without dashes.",
    },
    schema: {
      title: "Tax identification",
      text: "Submit securely",
      fields: [
        {
          key: "taxId",
          displayKey: "SSN / ITIN",
          type: "text",
          regex: "^[0-9]{9}$",
          error: "Enter 9 digits.",
          order: 1,
        },
      ],
    },
  },
  {
    type: "link",
    renderAttributes: {
      progressBarTitle: "Agreement",
      title: "Subscription agreement",
      about: "The subscription agreement sets out the terms of your investment.",
      instructions: "Open the agreement, review it and sign. This page updates when you have signed.",
    },
    schema: { text: "Open agreement" },
  },
  {
    type: "iframe",
    renderAttributes: {
      progressBarTitle: "Identity",
      title: "Identity verification",
      about: "We verify the identity of every investor.",
      instructions: "Confirm your identity in the panel below.",
    },
    schema: {},
  },
  {
    type: "async_iframe",
    renderAttributes: {
      progressBarTitle: "Accreditation",
      title: "Accreditation check",
      about: "Accreditation is verified by our verification provider.",
      instructions: "Submit your accreditation in the panel below. Verification takes a few seconds.",
      message: "Your accreditation is being verified.",
    },
    schema: {},
  },
  {
    type: "button",
    renderAttributes: {
      progressBarTitle: "Review",
      title: "Review and submit",
      about: "Last checks before your investment is submitted to the issuer.",
      instructions: "Complete the two checks, then submit your investment.",
    },
    schema: { text: "Submit investment" },
    children: [
      {
        type: "button",
        renderAttributes: {
          title: "Documents reviewed",
          instructions: "Confirm you have read the offering documents.",
        },
        schema: { text: "I have reviewed the documents" },
      },
      {
        type: "form",
        renderAttributes: { title: "Contact preference", instructions: "How should the issuer contact you?" },
        schema: {
          text: "Save preference",
          fields: [
            {
              key: "contactBy",
              displayKey: "Contact by",
              type: "select",
              options: ["Email", "Phone"],
              order: 1,
            },
          ],
        },
      },
    ],
  },
];

export async function seedDemoOnboarding(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const exists = await tx.query("select 1 from app_public.vendor_qualifications where name = $1", [
      DEMO_QUALIFICATION_NAME,
    ]);
    if (exists.rows.length > 0) return;
    const allocation = await tx.query<{ id: string; owner_id: string }>(
      "select id, owner_id from app_public.allocations where name = $1 order by created_on limit 1",
      [DEMO_ONBOARDING_ALLOCATION],
    );
    const target = allocation.rows[0];
    if (!target) return;
    const qualification = await tx.query<{ id: string }>(
      `insert into app_public.vendor_qualifications (account_id, name, steps) values ($1, $2, $3::jsonb) returning id`,
      [target.owner_id, DEMO_QUALIFICATION_NAME, JSON.stringify(DEMO_STEPS)],
    );
    const qualificationId = qualification.rows[0]?.id;
    await tx.query(
      "insert into app_public.allocation_qualifications (allocation_id, vendor_qualification_id, execute_order) values ($1, $2, 1)",
      [target.id, qualificationId],
    );
    // The open (onboarding) distributions already in the allocation get the process too.
    await tx.query(
      `insert into app_public.distribution_qualifications (distribution_id, vendor_qualification_id, execute_order)
       select d.id, $2, 1 from app_public.distributions d where d.allocation_id = $1 and d.status = 'open'`,
      [target.id, qualificationId],
    );
  });
}
