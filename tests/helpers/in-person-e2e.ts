// The steps of the issue 31 browser tests (tests/e2e/in-person.e2e.test.ts, investor-own-phone.e2e.test.ts): the
// broker's allocation that asks for a question set, a built-in signature and accreditation, the investor's answers,
// signature and evidence (a 2 MB photo of an ID and a PDF letter), and what the device keeps for signing offline.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { E2E } from "../e2e/app.ts";
import type { TestClient } from "./server.ts";
import { templatePdf } from "./signing-pdf.ts";

export const BROKER = "Harborview Capital Markets LLC";
const COMPLIANCE = "7a000000-0000-4000-8000-000000000003";
const YES_NO = "7b000000-0000-4000-8000-000000000003";
const CHOICE = "7b000000-0000-4000-8000-000000000007";

export async function rowsOf<T>(e2e: E2E, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await e2e.server.server.db.query<T>(sql, params)).rows;
}

export async function ok<T>(client: TestClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await client.graphql<T>(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}

/** The distribution's top steps, in order. */
export function stepsOf(e2e: E2E, distributionId: string) {
  return rowsOf<{ id: string; type: string; status: string; in_person_session_id: string | null }>(
    e2e,
    `select s.id, s.type, s.status, s.in_person_session_id from app_public.steps s
     join app_public.processes p on p.id = s.process_id where p.distribution_id = $1 and s.parent_id is null
     order by s."order"`,
    [distributionId],
  );
}

export async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

export const LETTER = Buffer.from(`%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`);

/** A real JPEG drawn by the browser (an ID card's colours), padded after its end marker to 2 MB. */
export async function idPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 100;
    const context = canvas.getContext("2d");
    if (context) {
      context.fillStyle = "#e8eef7";
      context.fillRect(0, 0, 160, 100);
      context.fillStyle = "#13294b";
      context.fillRect(10, 10, 50, 60);
      context.fillRect(70, 20, 80, 8);
      context.fillRect(70, 40, 60, 8);
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    const bytes = new Uint8Array(await (blob as Blob).arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  const jpeg = Buffer.from(base64, "base64");
  const padding = Buffer.alloc(2 * 1024 * 1024 - jpeg.length);
  for (let i = 0; i < padding.length; i++) padding[i] = (i * 7919) % 251;
  return Buffer.concat([jpeg, padding]);
}

/**
 * The broker's allocation "Harborview Placement" asks, in order, for a question set, a built-in signature and
 * accreditation (the broker's own qualifications), and the broker invites a new investor. Returns the ids.
 */
export async function brokerRound(e2e: E2E): Promise<{ allocationId: string; templateId: string; invite: Invite }> {
  const [broker] = await rowsOf<{ id: string }>(e2e, "select id from app_public.accounts where name = $1", [BROKER]);
  const brokerId = broker?.id ?? "";
  const client = e2e.server.client();
  await client.signIn("broker@demo.test");
  await client.selectAccount(brokerId);

  // a question set of the broker's, locked (which makes it a qualification), as the demo's issuer has one
  const [set] = await rowsOf<{ id: string }>(
    e2e,
    "insert into app_public.onboarding_question_sets (account_id, name) values ($1, 'Harborview questions') returning id",
    [brokerId],
  );
  const questions = [
    ["Accredited investor", "Are you an accredited investor?", "Please answer Yes or No.", YES_NO, []],
    [
      "Source of funds",
      "Where the money comes from.",
      "Please choose the source of funds.",
      CHOICE,
      ["Savings", "Other"],
    ],
  ] as const;
  for (const [index, [name, description, errorMessage, typeId, options]] of questions.entries()) {
    const [question] = await rowsOf<{ id: string }>(
      e2e,
      `insert into app_public.onboarding_questions (account_id, name, description, error_message, type_id, options)
       values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
      [brokerId, name, description, errorMessage, typeId, JSON.stringify(options)],
    );
    await rowsOf(
      e2e,
      "insert into app_public.onboarding_question_joins (question_set_id, question_id, execute_order) values ($1, $2, $3)",
      [set?.id, question?.id, index + 1],
    );
  }
  const [locked] = await rowsOf<{ vendor_qualification_id: string }>(
    e2e,
    "update app_public.onboarding_question_sets set locked = true, active = true where id = $1 returning vendor_qualification_id",
    [set?.id],
  );

  // a built-in signing template, mapped, locked, active, a qualification (as tests/server/signing-offline.test.ts)
  const located = await ok<{ makeFileLocation: { fileLocation: { url: string; fields: { key: string } } } }>(
    client,
    `mutation { makeFileLocation(input: { fileName: "subscription.pdf" }) { fileLocation { url fields } } }`,
  );
  const where = located.makeFileLocation.fileLocation;
  const form = new FormData();
  form.set("key", where.fields.key);
  form.set("file", new Blob([Buffer.from(await templatePdf())], { type: "application/pdf" }), "subscription.pdf");
  expect((await client.fetch(where.url, { method: "POST", body: form })).status).toBe(201);
  const template = await ok<{ createSigningTemplate: { signingTemplate: { id: string } } }>(
    client,
    `mutation ($k: UUID!) { createSigningTemplate(input: { fileKey: $k, name: "Placement agreement" }) { signingTemplate { id } } }`,
    { k: where.fields.key },
  );
  await e2e.server.server.signing.runDue();
  const mapped = await ok<{ createMappedSigningTemplate: { mappedSigningTemplate: { id: string } } }>(
    client,
    `mutation ($t: UUID!) { createMappedSigningTemplate(input: { templateId: $t, name: "Placement" }) { mappedSigningTemplate { id } } }`,
    { t: template.createSigningTemplate.signingTemplate.id },
  );
  const mappedId = mapped.createMappedSigningTemplate.mappedSigningTemplate.id;
  const parts = await ok<{
    allSigningRoles: { nodes: { id: string; name: string }[] };
    allSigningFields: { nodes: { id: string; name: string }[] };
  }>(
    client,
    `query ($id: UUID!) { allSigningRoles(condition: { mappedSigningTemplateId: $id }) { nodes { id name } }
      allSigningFields(condition: { mappedSigningTemplateId: $id }) { nodes { id name } } }`,
    { id: mappedId },
  );
  const role = (name: string) => parts.allSigningRoles.nodes.find((r) => r.name === name)?.id;
  const field = (name: string) => parts.allSigningFields.nodes.find((f) => f.name === name)?.id;
  const ROLE = `mutation ($id: UUID!, $p: SigningRolePatch!) { updateSigningRoleById(input: { id: $id, patch: $p }) { clientMutationId } }`;
  const FIELD = `mutation ($id: UUID!, $p: SigningFieldPatch!) { updateSigningFieldById(input: { id: $id, patch: $p }) { clientMutationId } }`;
  await ok(client, ROLE, { id: role("Investor"), p: { mapTo: "investor" } });
  await ok(client, ROLE, { id: role("Issuer"), p: { mapTo: "issuer" } });
  await ok(client, ROLE, { id: role("Witness"), p: { mapTo: "static", toName: "W", toEmail: "w@x.test" } });
  await ok(client, FIELD, { id: field("Investor.name"), p: { mapTo: "investor.name" } });
  await ok(client, FIELD, { id: field("Investor.units"), p: { mapTo: "distribution.amount" } });
  await ok(client, FIELD, { id: field("company"), p: { mapTo: "static", value: "Harborview" } });
  const PATCH = `mutation ($id: UUID!, $p: MappedSigningTemplatePatch!) { updateMappedSigningTemplateById(input: { id: $id, patch: $p }) { clientMutationId } }`;
  await ok(client, PATCH, { id: mappedId, p: { locked: true } });
  await ok(client, PATCH, { id: mappedId, p: { active: true } });
  const signing = await ok<{ addMappedSigningTemplateToQualifications: { vendorQualification: { id: string } } }>(
    client,
    `mutation ($id: UUID!) { addMappedSigningTemplateToQualifications(input: { id: $id }) { vendorQualification { id } } }`,
    { id: mappedId },
  );

  // the Compliance integration: its accreditation qualification
  await ok(
    client,
    "mutation ($id: UUID!) { createAccountIntegration(input: { integrationId: $id }) { clientMutationId } }",
    {
      id: COMPLIANCE,
    },
  );
  const [accreditation] = await rowsOf<{ id: string }>(
    e2e,
    "select id from app_public.vendor_qualifications where account_id = $1 and name = 'Accreditation verification'",
    [brokerId],
  );

  const [allocation] = await rowsOf<{ id: string }>(
    e2e,
    "select id from app_public.allocations where owner_id = $1 and name = 'Harborview Placement'",
    [brokerId],
  );
  const allocationId = allocation?.id ?? "";
  for (const [order, qualification] of [
    locked?.vendor_qualification_id,
    signing.addMappedSigningTemplateToQualifications.vendorQualification.id,
    accreditation?.id,
  ].entries()) {
    await ok(
      client,
      `mutation ($a: UUID!, $v: UUID!, $o: Int!) { createAllocationQualification(input: { allocationQualification: {
        allocationId: $a, vendorQualificationId: $v, executeOrder: $o } }) { clientMutationId } }`,
      { a: allocationId, v: qualification, o: order + 1 },
    );
  }
  const invite: Invite = async (email, name) => {
    const made = await ok<{ makeDistribution: { distribution: { id: string } } }>(
      client,
      `mutation ($a: UUID!, $e: String!, $n: String!) { makeDistribution(input: { allocationId: $a, accountEmail: $e,
        name: $n, amount: "1200" }) { distribution { id } } }`,
      { a: allocationId, e: email, n: name },
    );
    return made.makeDistribution.distribution.id;
  };
  return { allocationId, templateId: template.createSigningTemplate.signingTemplate.id, invite };
}

export type Invite = (email: string, name: string) => Promise<string>;

/** The signing steps the device keeps for signing offline (data/signing-offline.ts), by id. */
export function keptSigningSteps(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found = (await indexedDB.databases()).find((d) => d.name?.endsWith("--signing"));
    if (!found?.name) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(found.name as string);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const keys = await new Promise<string[]>((resolve) => {
      const request = db.transaction("steps").objectStore("steps").getAllKeys();
      request.onsuccess = () => resolve(request.result.map(String));
    });
    db.close();
    return keys;
  });
}

export async function signHere(page: Page, name: string): Promise<void> {
  const signing = page.getByTestId("signing-offline");
  await signing.waitFor({ timeout: 30_000 });
  await signing.getByText("I agree to sign this document electronically", { exact: false }).click();
  await signing.getByLabel("Type your full name to sign").fill(name);
  await signing.getByRole("button", { name: "Sign" }).click();
}

export async function answerQuestions(page: Page): Promise<void> {
  const questions = page.getByTestId("question-set-step");
  await questions.waitFor({ timeout: 30_000 });
  await choose(page, "Accredited investor", "Yes");
  await choose(page, "Source of funds", "Savings");
  await questions.getByRole("button", { name: "Submit answers" }).click();
}
