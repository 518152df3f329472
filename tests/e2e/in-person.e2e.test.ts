// An in-person session in the field with no network (issue 31 item 1 and its "Done when"; docs/CLIENT.md "In-person
// sessions"). The broker's own allocation asks for a question set, a built-in signature and accreditation; the broker
// invites a new investor (no user yet) while online, so the device holds the steps and the signing document, then the
// network goes (the relay cut and the browser offline). The broker starts "Complete with the investor" (a code of 4
// to 6 digits), hands the device over: the focused screen has no navigation and shows the investor's steps in order;
// the investor answers the question set, signs, and gives a 2 MB photo of an ID and a PDF letter as evidence; two
// offline reloads and a closed tab (a new page in the same context) lose nothing and stay on the focused screen; the
// back button and Hand back ask for the code (a wrong one keeps the screen). On reconnect every step arrives once as
// the investor's, hosted by the broker (the accreditation submitted right behind the offline signature is taken while
// the signature waits for its seal; the 2 MB photo the broker's device uploads is evidence, not a logo): the sealed
// PDF verifies with openssl (one changed byte fails), its audit page names the host with both times (pdftotext), the
// evidence downloads intact, the broker's approval completes every step once, and the distribution's step list says
// "Done with <host> on <device time>, received <server time>". Desktop and 390 px screenshots of each screen. Then the
// template changes on the server while the device is offline: nothing sealed, the step reopens, signing again seals.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evidenceDownloadPath } from "../../src/domain/accreditation.ts";
import { MESSAGES } from "../../src/domain/messages.ts";
import type { TestClient } from "../helpers/server.ts";
import { TEMPLATE_FIELDS, templatePdf, verifyWithOpenssl } from "../helpers/signing-pdf.ts";
import { type E2E, newContext, screenshot, serviceWorkerReady, setOffline, signIn, startE2E } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200 });

const BROKER = "Harborview Capital Markets LLC";
const COMPLIANCE = "7a000000-0000-4000-8000-000000000003";
const YES_NO = "7b000000-0000-4000-8000-000000000003";
const CHOICE = "7b000000-0000-4000-8000-000000000007";
const INVESTOR = "Rosa Diaz";

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
}, 600_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await e2e?.close();
});

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await e2e.server.server.db.query<T>(sql, params)).rows;
}

async function ok<T>(client: TestClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await client.graphql<T>(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}

/** Desktop and phone screenshots of the page as it is now; no sideways scrolling on the phone. */
async function shots(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `in-person-${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, `in-person-${name}-phone`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const LETTER = Buffer.from(`%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`);

/** A real JPEG drawn by the browser (an ID card's colours), padded after its end marker to 2 MB. */
async function idPhoto(page: Page): Promise<Buffer> {
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
async function brokerRound(): Promise<{ allocationId: string; templateId: string; invite: Invite }> {
  const [broker] = await rows<{ id: string }>("select id from app_public.accounts where name = $1", [BROKER]);
  const brokerId = broker?.id ?? "";
  const client = e2e.server.client();
  await client.signIn("broker@demo.test");
  await client.selectAccount(brokerId);

  // a question set of the broker's, locked (which makes it a qualification), as the demo's issuer has one
  const [set] = await rows<{ id: string }>(
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
    const [question] = await rows<{ id: string }>(
      `insert into app_public.onboarding_questions (account_id, name, description, error_message, type_id, options)
       values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
      [brokerId, name, description, errorMessage, typeId, JSON.stringify(options)],
    );
    await rows(
      "insert into app_public.onboarding_question_joins (question_set_id, question_id, execute_order) values ($1, $2, $3)",
      [set?.id, question?.id, index + 1],
    );
  }
  const [locked] = await rows<{ vendor_qualification_id: string }>(
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
  const [accreditation] = await rows<{ id: string }>(
    "select id from app_public.vendor_qualifications where account_id = $1 and name = 'Accreditation verification'",
    [brokerId],
  );

  const [allocation] = await rows<{ id: string }>(
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

type Invite = (email: string, name: string) => Promise<string>;

/** The signing steps the device keeps for signing offline (data/signing-offline.ts), by id. */
function keptSigningSteps(page: Page): Promise<string[]> {
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

/** "Complete with the investor" on the distribution tab, the host's code, then the focused screen's address. */
async function handOver(page: Page, code: string): Promise<string> {
  await page.getByTestId("in-person").getByRole("button", { name: "Complete with the investor" }).click();
  const dialog = page.getByRole("dialog", { name: "Set a code to take the device back" });
  await dialog.getByLabel("Code (4 to 6 digits)").fill(code);
  await dialog.getByLabel("The code again").fill(code);
  await dialog.getByRole("button", { name: "Hand over the device" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/in-person/"), { timeout: 30_000 });
  return new URL(page.url()).pathname;
}

/** Hand back with the host's code: the distribution tab again. */
async function handBack(page: Page, code: string, allocationId: string): Promise<void> {
  await page.getByRole("button", { name: "Hand back" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Hand the device back" });
  await dialog.getByLabel("Host's code").fill(code);
  await dialog.getByRole("button", { name: "Leave" }).click();
  await page.waitForURL((url) => url.pathname === `/distribute-allocation/${allocationId}/distribution`, {
    timeout: 30_000,
  });
}

async function signHere(page: Page, name: string): Promise<void> {
  const signing = page.getByTestId("signing-offline");
  await signing.waitFor({ timeout: 30_000 });
  await signing.getByText("I agree to sign this document electronically", { exact: false }).click();
  await signing.getByLabel("Type your full name to sign").fill(name);
  await signing.getByRole("button", { name: "Sign" }).click();
}

async function answerQuestions(page: Page): Promise<void> {
  const questions = page.getByTestId("question-set-step");
  await questions.waitFor({ timeout: 30_000 });
  await choose(page, "Accredited investor", "Yes");
  await choose(page, "Source of funds", "Savings");
  await questions.getByRole("button", { name: "Submit answers" }).click();
}

let round: Awaited<ReturnType<typeof brokerRound>> | null = null;
let broker: BrowserContext | null = null;

async function stepsOf(distributionId: string) {
  return rows<{ id: string; type: string; status: string; in_person_session_id: string | null }>(
    `select s.id, s.type, s.status, s.in_person_session_id from app_public.steps s
     join app_public.processes p on p.id = s.process_id where p.distribution_id = $1 and s.parent_id is null
     order by s."order"`,
    [distributionId],
  );
}

describe("an in-person session with no network", () => {
  it("the broker hands the device to a new investor, who completes every step offline; all arrives once", async () => {
    round = await brokerRound();
    const { allocationId } = round;
    const distributionId = await round.invite("rosa.diaz@walk-in.example", INVESTOR);
    expect((await stepsOf(distributionId)).map((s) => s.type)).toEqual(["encrypted_form", "signing", "accreditation"]);

    const ctx = await newContext(e2e.browser, e2e.url);
    contexts.push(ctx);
    broker = ctx;
    const first = await signIn(ctx, "broker@demo.test");
    let page = await ctx.newPage();
    await first.close();
    const distributionPath = `/distribute-allocation/${allocationId}/distribution?distribution=${distributionId}`;
    await page.goto(distributionPath);
    const card = page.getByTestId("in-person");
    await poll(() => card.getByTestId("in-person-step").count(), 60_000).toBe(3);
    // online, the device keeps the signing step's document for later (the template file and the values)
    await serviceWorkerReady(page);
    const signingStepId = (await stepsOf(distributionId)).find((s) => s.type === "signing")?.id;
    await poll(() => keptSigningSteps(page)).toEqual([signingStepId]);

    // no network from here
    await setOffline(ctx, true);
    await page.reload();
    await card.getByRole("button", { name: "Complete with the investor" }).click();
    const dialog = page.getByRole("dialog", { name: "Set a code to take the device back" });
    await dialog.getByLabel("Code (4 to 6 digits)").fill("12");
    await dialog.getByRole("button", { name: "Hand over the device" }).click();
    await dialog.getByText("Choose a code of 4 to 6 digits.").waitFor();
    await dialog.getByLabel("Code (4 to 6 digits)").fill("4821");
    await dialog.getByLabel("The code again").fill("4820");
    await dialog.getByRole("button", { name: "Hand over the device" }).click();
    await dialog.getByText("The two codes are not the same.").waitFor();
    await shots(page, "code");
    await dialog.getByLabel("The code again").fill("4821");
    await dialog.getByRole("button", { name: "Hand over the device" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/in-person/"), { timeout: 30_000 });
    const sessionPath = new URL(page.url()).pathname;
    const stored = await page.evaluate(() =>
      Object.entries(localStorage).filter(([key]) => key.startsWith("ll.inPerson.")),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.[1]).not.toContain("4821");

    // the focused screen: the investor's name, no navigation, the first open step
    await page.getByTestId("in-person-investor").getByText(`Completing with ${INVESTOR}`).waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    await page.getByTestId("in-person-account").waitFor();
    const questions = page.getByTestId("question-set-step");
    await questions.waitFor({ timeout: 30_000 });
    await shots(page, "focused");
    // the back button asks for the host's code; a wrong one keeps the screen
    await page.goBack();
    const asked = page.getByRole("alertdialog", { name: "Hand the device back" });
    await asked.waitFor();
    await asked.getByLabel("Host's code").fill("1111");
    await asked.getByRole("button", { name: "Leave" }).click();
    await asked.getByText("That code is not right. The investor stays on this screen.").waitFor();
    await shots(page, "hand-back");
    await asked.getByRole("button", { name: "Stay" }).click();
    await asked.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe(sessionPath);
    await choose(page, "Accredited investor", "Yes");
    await choose(page, "Source of funds", "Savings");
    await questions.getByRole("button", { name: "Submit answers" }).click();

    // the signature, from the document the device kept
    const signing = page.getByTestId("signing-offline");
    await signing.waitFor({ timeout: 30_000 });
    expect(await signing.getByTestId("signing-values").textContent()).toContain(INVESTOR);
    // an offline reload: the answers stay queued, the screen stays on the signature
    await page.reload();
    await signing.waitFor({ timeout: 30_000 });
    await signing.getByText("I agree to sign this document electronically", { exact: false }).click();
    await signing.getByLabel("Type your full name to sign").fill(INVESTOR);
    await signing.getByRole("button", { name: "Sign" }).click();

    // the evidence: a 2 MB photo of an ID and a PDF letter
    const accreditation = page.getByTestId("accreditation-form");
    await accreditation.waitFor({ timeout: 30_000 });
    await accreditation.getByLabel("A letter from a professional").check();
    const evidence = accreditation.getByTestId("evidence-input");
    const photo = await idPhoto(page);
    await evidence.setInputFiles({ name: "ID photo.jpg", mimeType: "image/jpeg", buffer: photo });
    await evidence.setInputFiles({ name: "CPA letter.pdf", mimeType: "application/pdf", buffer: LETTER });
    await poll(() => accreditation.getByTestId("evidence-file").count()).toBe(2);
    // the tab closes mid-step; a new page of the same browser comes back to the focused screen with the files
    await page.close();
    page = await ctx.newPage();
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === sessionPath, { timeout: 30_000 });
    const draft = page.getByTestId("accreditation-form");
    await poll(() => draft.getByTestId("evidence-file").count(), 30_000).toBe(2);
    await draft.getByRole("button", { name: "Submit for review" }).click();
    await page.getByTestId("accreditation-queued").waitFor({ timeout: 30_000 });
    await shots(page, "done-offline");
    // a second offline reload: everything still waits on the device, nothing reached the server
    await page.reload();
    await page.getByTestId("accreditation-queued").waitFor({ timeout: 30_000 });
    expect((await stepsOf(distributionId)).map((s) => s.status)).not.toContain("complete");
    expect(await rows("select 1 from app_public.in_person_sessions")).toEqual([]);

    // Hand back with the host's code; the broker records the investor's payment, still offline
    await handBack(page, "4821", allocationId);
    const payments = page.getByTestId("payments");
    await payments.getByLabel("Payment Amount").fill("1500");
    await payments.getByRole("button", { name: "Add Payment" }).click();
    await payments.getByTestId("payment-row").filter({ hasText: "$1,500.00" }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("ll.inPerson.")))).toEqual(
      [],
    );

    // reconnect: every part arrives once, as the investor's, hosted by the broker
    await setOffline(ctx, false);
    const sessions = () =>
      rows<{ id: string; host: string; ended: boolean }>(
        `select s.id, u.first_name || ' ' || u.last_name as host, s.ended_at_device is not null as ended
         from app_public.in_person_sessions s join app_public.users u on u.id = s.host_user_id`,
      );
    await poll(async () => (await sessions()).map((s) => [s.host, s.ended]), 60_000).toEqual([["Marcus Reed", true]]);
    const sessionId = (await sessions())[0]?.id;
    await poll(
      async () =>
        (
          await rows<{ amount: string }>(
            "select amount::text as amount from app_public.distribution_payments where distribution_id = $1",
            [distributionId],
          )
        ).map((r) => r.amount),
      60_000,
    ).toEqual(["1500"]);
    // the signature is sealed; the accreditation step, submitted in the same batch, waits for its review
    await poll(async () => (await stepsOf(distributionId)).map((s) => s.status), 60_000).toEqual([
      "complete",
      "complete",
      "processing",
    ]);
    expect((await stepsOf(distributionId)).map((s) => s.in_person_session_id)).toEqual([
      sessionId,
      sessionId,
      sessionId,
    ]);
    const verificationsOf = () =>
      rows<{ id: string; status: string; in_person_session_id: string | null }>(
        `select a.id, a.status, a.in_person_session_id from app_public.accreditations a
       where a.step_id = (select s.id from app_public.steps s join app_public.processes p on p.id = s.process_id
                          where p.distribution_id = $1 and s.type = 'accreditation')`,
        [distributionId],
      );
    // the submission waits on the device until its files are uploaded (the file queue holds it), then arrives once
    await poll(async () => (await verificationsOf()).map((v) => [v.status, v.in_person_session_id]), 60_000).toEqual([
      ["submitted", sessionId],
    ]);
    const verifications = await verificationsOf();

    // the evidence arrives intact
    const files = await rows<{ name: string; file_key: string }>(
      "select name, file_key from app_public.accreditation_evidence where accreditation_id = $1 order by position",
      [verifications[0]?.id],
    );
    expect(files.map((f) => f.name)).toEqual(["ID photo.jpg", "CPA letter.pdf"]);
    const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
    await poll(
      async () =>
        (
          await rows<{ status: string }>(
            `select s.status from app_public.accreditation_evidence e
             join app_private.upload_slots s on s.key = e.file_key where e.accreditation_id = $1`,
            [verifications[0]?.id],
          )
        ).map((row) => row.status),
      60_000,
    ).toEqual(["uploaded", "uploaded"]);
    for (const [file, bytes] of [
      [files[0], photo],
      [files[1], LETTER],
    ] as const) {
      const response = await page.request.get(evidenceDownloadPath(verifications[0]?.id ?? "", file?.file_key ?? ""));
      expect(response.status()).toBe(200);
      expect(sha(await response.body())).toBe(sha(bytes));
    }

    // the sealed PDF: openssl verifies it, one changed byte fails, the audit page names the host and both times
    const [sent] = await rows<{ document_uri: string }>(
      "select document_uri from app_public.sent_signing_documents where distribution_id = $1 and status = 'completed'",
      [distributionId],
    );
    const pdf = Buffer.from(await (await page.request.get(sent?.document_uri ?? "")).body());
    const certificate = e2e.server.server.signing.key.certificatePem;
    expect(verifyWithOpenssl(pdf, certificate).ok).toBe(true);
    const tampered = Buffer.from(pdf);
    tampered[200] = (tampered[200] ?? 0) ^ 0x01;
    expect(verifyWithOpenssl(tampered, certificate).ok).toBe(false);
    const dir = mkdtempSync(join(tmpdir(), "ll-in-person-"));
    try {
      writeFileSync(join(dir, "sealed.pdf"), pdf);
      const text = spawnSync("pdftotext", ["-layout", join(dir, "sealed.pdf"), "-"], { encoding: "utf8" }).stdout;
      expect(text).toContain("Marcus Reed");
      expect(text).toContain(BROKER);
      expect(text).toContain("Signed on the device");
      expect(text).toContain("Received by the server");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // the broker reviews the evidence and approves: every step of the distribution is complete, each once
    const reviewer = e2e.server.client();
    await reviewer.signIn("broker@demo.test");
    const [brokerAccount] = await rows<{ id: string }>("select id from app_public.accounts where name = $1", [BROKER]);
    await reviewer.selectAccount(brokerAccount?.id ?? "");
    await ok(
      reviewer,
      "mutation ($id: UUID!) { reviewAccreditation(input: { accreditationId: $id, approve: true }) { clientMutationId } }",
      { id: verifications[0]?.id },
    );
    await poll(async () => (await stepsOf(distributionId)).map((s) => s.status), 60_000).toEqual([
      "complete",
      "complete",
      "complete",
    ]);
    expect(
      await rows("select 1 from app_public.sent_signing_documents where distribution_id = $1", [distributionId]),
    ).toHaveLength(1);
    expect(
      await rows(
        "select 1 from app_public.accreditations where investor_id = (select investor_id from app_public.distributions where id = $1)",
        [distributionId],
      ),
    ).toHaveLength(1);

    // the distribution's step list says who did each step in person, and when (the device's, then the server's)
    await page.goto(distributionPath);
    const marks = page.getByTestId("in-person").getByTestId("in-person-mark");
    await poll(() => marks.count(), 60_000).toBeGreaterThanOrEqual(2);
    await poll(() => marks.first().textContent(), 60_000).toMatch(/^Done with Marcus Reed .* on .*, received /);
    await shots(page, "distribution");
  }, 240_000);

  it("the template changes on the server while the device is offline: nothing sealed, the step reopens, signing again seals", async () => {
    if (!round || !broker) throw new Error("the first scenario sets up the round and the broker's browser");
    const { allocationId, templateId } = round;
    const distributionId = await round.invite("sam.lee@walk-in.example", "Sam Lee");
    const page = await broker.newPage();
    await setOffline(broker, false);
    await page.goto(`/distribute-allocation/${allocationId}/distribution?distribution=${distributionId}`);
    await poll(() => page.getByTestId("in-person").getByTestId("in-person-step").count(), 60_000).toBe(3);
    // the first investor's signed document is no longer kept; this one's is
    await poll(() => keptSigningSteps(page)).toEqual([(await stepsOf(distributionId))[1]?.id]);

    await setOffline(broker, true);
    await handOver(page, "5150");
    await answerQuestions(page);
    await signHere(page, "Sam Lee");
    await page.getByTestId("accreditation-form").waitFor({ timeout: 30_000 });
    // meanwhile the broker's template file changes on the server
    const client = e2e.server.client();
    await client.signIn("broker@demo.test");
    const [account] = await rows<{ id: string }>("select id from app_public.accounts where name = $1", [BROKER]);
    await client.selectAccount(account?.id ?? "");
    const located = await ok<{ makeFileLocation: { fileLocation: { url: string; fields: { key: string } } } }>(
      client,
      `mutation { makeFileLocation(input: { fileName: "subscription-v2.pdf" }) { fileLocation { url fields } } }`,
    );
    const where = located.makeFileLocation.fileLocation;
    const form = new FormData();
    form.set("key", where.fields.key);
    const edited = await templatePdf([...TEMPLATE_FIELDS, "Investor.note"]);
    form.set("file", new Blob([Buffer.from(edited)], { type: "application/pdf" }), "subscription-v2.pdf");
    expect((await client.fetch(where.url, { method: "POST", body: form })).status).toBe(201);
    await rows("update app_public.signing_templates set file_key = $2 where id = $1", [templateId, where.fields.key]);
    await handBack(page, "5150", allocationId);

    // reconnect: the answers apply; the signature is not sealed and the step reopens with the reason
    await setOffline(broker, false);
    const signingStep = async () => (await stepsOf(distributionId)).find((s) => s.type === "signing");
    await poll(
      async () =>
        (
          await rows<{ status: string; error: string | null }>(
            "select status, output_data ->> 'error' as error from app_public.steps where id = $1",
            [(await signingStep())?.id],
          )
        )[0],
      60_000,
    ).toEqual({ status: "in_progress", error: MESSAGES.offlineSigningChanged });
    expect((await stepsOf(distributionId))[0]?.status).toBe("complete");
    expect(
      await rows("select 1 from app_public.sent_signing_documents where distribution_id = $1", [distributionId]),
    ).toEqual([]);

    // with the investor again (online): the step says why, the current document is signed and sealed
    await page.reload();
    await poll(() => page.getByTestId("in-person").getByTestId("in-person-step").count(), 60_000).toBe(3);
    await handOver(page, "5150");
    await page.getByTestId("signing-reopened").getByText(MESSAGES.offlineSigningChanged).waitFor({ timeout: 30_000 });
    await shots(page, "reopened");
    await signHere(page, "Sam Lee");
    await page.getByTestId("accreditation-form").waitFor({ timeout: 30_000 });
    await handBack(page, "5150", allocationId);
    await poll(async () => (await signingStep())?.status, 60_000).toBe("complete");
    const [sealed] = await rows<{ document_uri: string }>(
      "select document_uri from app_public.sent_signing_documents where distribution_id = $1 and status = 'completed'",
      [distributionId],
    );
    const pdf = Buffer.from(await (await page.request.get(sealed?.document_uri ?? "")).body());
    expect(verifyWithOpenssl(pdf, e2e.server.server.signing.key.certificatePem).ok).toBe(true);
  }, 180_000);
});
