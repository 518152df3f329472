// An in-person session in the field with no network (issue 31 item 1 and its "Done when"; docs/CLIENT.md "In-person
// sessions"). The broker's own allocation asks for a question set, a built-in signature and accreditation; the broker
// invites a new investor (no user yet) while online, so the device holds the steps and the signing document, then the
// network goes (the relay cut and the browser offline). The broker starts "Complete with the investor" (a code of 4
// to 6 digits), hands the device over: the focused screen has no navigation and shows the investor's steps in order;
// the investor gives their account details (the onboarding's own form, from lists the device kept), answers the
// question set, signs, and gives a 2 MB photo of an ID and a PDF letter as evidence; two offline reloads and a closed
// tab (a new page in the same context) lose nothing and stay on the focused screen; the back button and Hand back ask
// for the code (a wrong one keeps the screen). On reconnect the account is set up and every step arrives once as
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
import {
  answerQuestions,
  BROKER,
  brokerRound,
  choose,
  idPhoto,
  keptSigningSteps,
  LETTER,
  ok,
  rowsOf,
  signHere,
  stepsOf as stepsIn,
} from "../helpers/in-person-e2e.ts";
import { TEMPLATE_FIELDS, templatePdf, verifyWithOpenssl } from "../helpers/signing-pdf.ts";
import { type E2E, newContext, screenshot, serviceWorkerReady, setOffline, signIn, startE2E } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200 });

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

const rows = <T>(sql: string, params: unknown[] = []): Promise<T[]> => rowsOf<T>(e2e, sql, params);

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

let round: Awaited<ReturnType<typeof brokerRound>> | null = null;
let broker: BrowserContext | null = null;

const stepsOf = (distributionId: string) => stepsIn(e2e, distributionId);

describe("an in-person session with no network", () => {
  it("the broker hands the device to a new investor, who completes every step offline; all arrives once", async () => {
    round = await brokerRound(e2e);
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
    // the account details first, offline, in the onboarding's own form (its lists kept while online)
    const details = page.getByTestId("in-person-account");
    await choose(page, "Investor type", "Individual");
    expect(await details.getByLabel("First name").inputValue()).toBe("");
    await details.getByLabel("First name").fill("Rosa");
    await details.getByLabel("Last name").fill("Diaz");
    await details.getByLabel("Date of birth").fill("03/14/1985");
    await details.getByLabel("SSN / Tax ID").fill("321-54-9876");
    await details.getByLabel("Phone").fill("+1 503 555 0142");
    await details.getByLabel("Street address").fill("48 Quarry Lane");
    await details.getByLabel("City").fill("Portland");
    await choose(page, "State", "Oregon");
    await details.getByLabel("Postal code").fill("97209");
    await details.getByText("I attest that the information I provided is true, correct and complete.").click();
    await details.getByRole("button", { name: "Set up account" }).click();
    await details.getByTestId("in-person-account-done").waitFor({ timeout: 30_000 });
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
    // the account details: the investor's account set up, hosted, with both times; the tax id as its last four
    await poll(
      async () =>
        (
          await rows<{ name: string; setup: boolean; tax_short: string; at_device: boolean; received: boolean }>(
            `select a.name, a.setup, p.tax_short, s.account_set_up_at_device is not null as at_device,
                    s.account_set_up_received_at is not null as received
             from app_public.in_person_sessions s join app_public.accounts a on a.id = s.investor_id
             left join app_private.account_personal_data p on p.account_id = a.id`,
          )
        )[0],
      60_000,
    ).toEqual({ name: INVESTOR, setup: true, tax_short: "9876", at_device: true, received: true });
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
