// Accreditation verification end to end (issue 31 item 4, issue 35; docs/ACCREDITATION.md "Screens"): the issuer
// adds Compliance and sets its validity, requires the qualification on a distribution of its allocation; the
// investor tries InvestReady (its local stand-in, in a new tab), which declines; then, offline, picks a letter, adds a 2 MB photo and a PDF and submits; an offline reload keeps it; online it
// arrives once; the issuer rejects with a reason, the investor sees it and submits again, the issuer approves; the
// step is complete with its expiry and the evidence downloads intact. Screenshots of each new screen at both sizes.
import { mkdirSync, rmSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../helpers/browser.ts";
import { type InvestReadyStandIn, startInvestReadyStandIn } from "../helpers/investready.ts";
import { startTestServer } from "../helpers/server.ts";
import { type E2E, newContext, resultsDir, screenshot, setOffline, signIn, snapshotBuild } from "./app.ts";
import { axeLines } from "./axe.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200 });

let e2e: E2E;
let standIn: InvestReadyStandIn;
const contexts: BrowserContext[] = [];

/** startE2E (app.ts) with the server configured for InvestReady's local stand-in (tests/helpers/investready.ts). */
beforeAll(async () => {
  standIn = await startInvestReadyStandIn();
  const servedDir = snapshotBuild();
  mkdirSync(resultsDir, { recursive: true });
  const server = await startTestServer({
    distDir: servedDir,
    investready: { clientId: standIn.clientId, clientSecret: standIn.clientSecret, baseUrl: standIn.url },
  });
  const warmUp = server.client();
  await warmUp.signIn("issuer@demo.test");
  await warmUp.graphql("{ currentUser { id } }");
  const browser = await launchBrowser();
  e2e = {
    server,
    servedDir,
    browser,
    url: server.url,
    async close() {
      await browser.close();
      await server.close();
      rmSync(servedDir, { recursive: true, force: true });
    },
  };
}, 600_000);
afterAll(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
  await e2e?.close();
  await standIn?.close();
});

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await e2e.server.server.db.query<T>(sql, params)).rows;
}

/** Signs in and opens `path` in a fresh tab (the outbox sends from the tab that leads the database). */
async function openAs(email: string, path: string): Promise<Page> {
  const context = await newContext(e2e.browser, e2e.url);
  contexts.push(context);
  const first = await signIn(context, email);
  const page = await context.newPage();
  await first.close();
  await page.goto(path);
  return page;
}

/** The screen at 1440x900 and 390x844: screenshots, no sideways scroll on the phone, nothing axe objects to. */
async function bothSizes(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `${name}-1440`);
  expect(await axeLines(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeLines(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const PDF = Buffer.from(`%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`);

/** A real JPEG drawn by the browser, padded after its end marker to 2 MB (it still decodes as an image). */
async function photo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 120;
    canvas.height = 80;
    const context = canvas.getContext("2d");
    if (context) {
      context.fillStyle = "#13294b";
      context.fillRect(0, 0, 120, 80);
      context.fillStyle = "#f5b700";
      context.fillRect(10, 10, 60, 40);
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

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("accreditation verification", () => {
  it("an offline submission with evidence, a rejection, a resubmission and an approval with its expiry", async () => {
    const [target] = await rows<{ id: string; allocation_id: string; investor_id: string; issuer_id: string }>(
      `select d.id, d.allocation_id, d.investor_id, al.owner_id as issuer_id
       from app_public.distributions d
       join app_public.allocations al on al.id = d.allocation_id
       join app_public.accounts a on a.id = d.investor_id
       where a.email = 'investor2@demo.test' and d.status = 'open' and not d.locked
       order by d.created_on limit 1`,
    );
    if (!target) throw new Error("no open distribution of investor2@demo.test");

    // The issuer adds Compliance, then sets how long approvals hold.
    const issuer = await openAs("issuer@demo.test", "/settings/integrations");
    const compliance = issuer.getByTestId("integration-compliance");
    await compliance.waitFor();
    expect(await compliance.textContent()).not.toContain("Not available on this server");
    await compliance.getByRole("button", { name: "Add" }).click();
    const validity = compliance.getByTestId("compliance-valid-days");
    await poll(() => validity.textContent()).toContain("90 days");
    await compliance.getByRole("button", { name: "Manage" }).click();
    const dialog = issuer.getByRole("dialog");
    await dialog.getByLabel("Approvals stay valid for (days)").fill("0");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Enter a whole number of days from 1 to 3650.").waitFor();
    await dialog.getByLabel("Approvals stay valid for (days)").fill("120");
    await dialog.getByRole("button", { name: "Save" }).click();
    await poll(() => validity.textContent()).toContain("120 days");
    await poll(
      async () =>
        (
          await rows<{ days: number }>(
            "select accreditation_valid_days as days from app_public.accounts where id = $1",
            [target.issuer_id],
          )
        )[0]?.days,
    ).toBe(120);
    await bothSizes(issuer, "accreditation-compliance-card");

    // ... and requires the verification on the investor's distribution (its allocation page's Qualifications card).
    await issuer.goto(`/distribute-allocation/${target.allocation_id}/distribution?distribution=${target.id}`);
    const qualifications = issuer.getByTestId("distribution-qualifications");
    await qualifications.waitFor();
    await chooseOption(issuer, "Add qualification", "Accreditation verification");
    await qualifications.getByRole("button", { name: "Add Qualification" }).click();
    const stepOf = () =>
      rows<{ id: string; status: string }>(
        `select s.id, s.status from app_public.steps s join app_public.processes p on p.id = s.process_id
         where p.distribution_id = $1 and s.type = 'accreditation'`,
        [target.id],
      );
    await poll(async () => (await stepOf()).length).toBe(1);
    const [step] = await stepOf();

    // The round's rules: verified accreditation required, self-certification allowed (the round's edit dialog).
    await issuer.goto("/assets");
    await issuer.getByRole("button", { name: "Show rounds of Northwind Green Bonds 2030" }).click();
    await issuer.getByRole("button", { name: "Edit Tranche A" }).click();
    const roundDialog = issuer.getByRole("dialog");
    await roundDialog.getByText("Requires verified accreditation").click();
    await roundDialog.getByText("Allow self-certification").click();
    await roundDialog.getByRole("button", { name: "Save" }).click();
    await poll(() =>
      rows(
        `select r.accreditation_required, r.self_certification_allowed from app_public.rounds r
         join app_public.allocations al on al.round_id = r.id where al.id = $1`,
        [target.allocation_id],
      ),
    ).toEqual([{ accreditation_required: true, self_certification_allowed: true }]);

    // The investor, offline: a letter, a 2 MB photo and a PDF.
    const investor = await openAs("investor2@demo.test", `/distribution/${target.id}`);
    await poll(() => investor.getByTestId("step-title").textContent()).toBe("Accreditation verification");
    await investor.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const form = investor.getByTestId("accreditation-form");
    await form.waitFor();
    // the round allows a self-certification now: the step offers it (its schema follows the round)
    await poll(() => form.textContent()).toContain("Self-certification");
    await bothSizes(investor, "accreditation-step");

    // InvestReady first (the server is configured for it): its page in the frame; it declines, with its reason.
    standIn.users.set("kim@investready.example", {
      name: "Daniel Kim",
      status: "rejected",
      reason: "Income could not be confirmed.",
    });
    standIn.signInAs = "kim@investready.example";
    await form.getByRole("button", { name: "Verify with InvestReady" }).click();
    const [provider] = await Promise.all([
      investor.context().waitForEvent("page"),
      form.getByRole("link", { name: "Continue at InvestReady" }).click(),
    ]);
    // InvestReady's sign-in sends the investor back to the server, whose page says the result
    await provider.waitForURL((url) => url.pathname === "/api/v2/integration/investready/callback", {
      timeout: 30_000,
    });
    await provider.close();
    await poll(
      async () =>
        (
          await rows<{ status: string }>(
            "select status from app_public.accreditations where step_id = $1 and provider = 'investready'",
            [step?.id],
          )
        ).map((row) => row.status),
      60_000,
    ).toEqual(["rejected"]);
    await poll(() => investor.getByTestId("accreditation-reason").textContent(), 60_000).toContain(
      "Income could not be confirmed.",
    );
    // the step's failure pops up (the onboarding's failure dialog)
    const declined = investor.getByRole("alertdialog");
    await declined.waitFor();
    await declined.getByRole("button", { name: "OK" }).click();
    await declined.waitFor({ state: "detached" });
    const jpeg = await photo(investor);
    await setOffline(investor.context(), true);
    await form.getByRole("button", { name: "Submit again" }).click();
    const error = form.getByTestId("accreditation-error");
    await poll(() => error.textContent()).toBe("Choose how you will show that you are accredited.");
    await form.getByLabel("A letter from a professional").check();
    await form.getByRole("button", { name: "Submit again" }).click();
    await poll(() => error.textContent()).toBe("Add at least one document as evidence.");
    const input = form.getByTestId("evidence-input");
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await investor.getByText("Evidence must be a PDF or an image (PNG, JPEG, WebP or HEIC).").waitFor();
    await input.setInputFiles({ name: "ID photo.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await input.setInputFiles({ name: "CPA letter.pdf", mimeType: "application/pdf", buffer: PDF });
    await poll(() => form.getByTestId("evidence-file").count()).toBe(2);
    await poll(() => form.getByTestId("evidence-preview").count()).toBe(2);
    // the draft is kept on the device: an offline reload before submitting keeps the method and both files
    await investor.reload();
    const draft = investor.getByTestId("accreditation-form");
    await poll(() => draft.getByTestId("evidence-file").count()).toBe(2);
    await poll(() => draft.getByTestId("evidence-preview").count()).toBe(2);
    expect(await draft.getByLabel("A letter from a professional").isChecked()).toBe(true);
    expect(await draft.getByTestId("evidence-file-status").first().textContent()).toBe("Waiting for the network");
    // the step's failure (InvestReady's answer) pops up again on the reload
    const popupAgain = investor.getByRole("alertdialog");
    await popupAgain.waitFor();
    await popupAgain.getByRole("button", { name: "OK" }).click();
    await popupAgain.waitFor({ state: "detached" });
    await draft.getByRole("button", { name: "Submit again" }).click();

    const queued = investor.getByTestId("accreditation-queued");
    await queued.getByText("Saved on this device. It will be sent for review when you are back online.").waitFor();
    await poll(() => queued.getByTestId("evidence-file").count()).toBe(2);
    expect(await queued.textContent()).toContain("2.0 MB");
    expect(await queued.textContent()).toContain(`${PDF.length} B`);
    expect(await queued.getByRole("img", { name: "Preview of ID photo.jpg" }).getAttribute("src")).toMatch(/^blob:/);
    await bothSizes(investor, "accreditation-step-offline");
    await investor.reload();
    const kept = investor.getByTestId("accreditation-queued");
    await poll(() => kept.getByTestId("evidence-file").count()).toBe(2);
    expect(await kept.getByTestId("evidence-file-status").first().textContent()).toBe("Waiting for the network");
    expect(
      await rows("select 1 from app_public.accreditations where investor_id = $1 and provider = 'built_in'", [
        target.investor_id,
      ]),
    ).toEqual([]);

    // Online: it arrives once, with both files.
    await setOffline(investor.context(), false);
    const verifications = () =>
      rows<{ id: string; status: string; expires_on: Date | null }>(
        `select id, status, expires_on from app_public.accreditations
         where step_id = $1 and provider = 'built_in' order by submitted_on`,
        [step?.id],
      );
    await poll(async () => (await verifications()).map((row) => row.status), 60_000).toEqual(["submitted"]);
    const evidence = async () =>
      rows<{ name: string; upload_status: string }>(
        `select e.name, s.status as upload_status from app_public.accreditation_evidence e
         join app_private.upload_slots s on s.key = e.file_key where e.accreditation_id = $1 order by e.position`,
        [(await verifications())[0]?.id],
      );
    await poll(async () => (await evidence()).map((row) => `${row.name}:${row.upload_status}`), 60_000).toEqual([
      "ID photo.jpg:uploaded",
      "CPA letter.pdf:uploaded",
    ]);
    const waiting = investor.getByTestId("accreditation-waiting");
    await poll(() => waiting.textContent()).toMatch(/^Waiting for review by /);

    // The issuer sees it on the distribution and follows the link to the review, then rejects with a reason.
    await issuer.goto(`/distribute-allocation/${target.allocation_id}/distribution?distribution=${target.id}`);
    const onDistribution = issuer.getByTestId("distribution-accreditation");
    await poll(() => onDistribution.textContent(), 60_000).toContain("Accreditation: Waiting for review");
    await onDistribution.getByRole("link", { name: "Review accreditation" }).click();
    await issuer.waitForURL((url) => url.pathname === "/accreditations");
    const toReview = issuer.getByTestId("accreditations-to-review");
    const card = toReview.getByTestId("accreditation-card").filter({ hasText: "A letter from a professional" });
    await poll(() => card.count()).toBe(1);
    await poll(() => card.getByTestId("evidence-download").getByRole("link").count(), 60_000).toBe(2);
    await bothSizes(issuer, "accreditation-review");
    await card.getByRole("button", { name: /^Reject / }).click();
    const reject = issuer.getByRole("dialog");
    await reject.getByRole("button", { name: "Reject" }).click();
    await reject.getByText("A reason is required to reject.").waitFor();
    await reject.getByLabel("Reason").fill("The letter is not signed.");
    await reject.getByRole("button", { name: "Reject" }).click();
    await poll(async () => (await verifications()).map((row) => row.status)).toEqual(["rejected"]);

    // The investor sees the reason and submits again.
    await poll(() => investor.getByTestId("accreditation-reason").textContent(), 60_000).toContain(
      "The letter is not signed.",
    );
    const popup = investor.getByRole("alertdialog");
    await popup.waitFor();
    await popup.getByRole("button", { name: "OK" }).click();
    await popup.waitFor({ state: "detached" });
    await bothSizes(investor, "accreditation-step-rejected");
    const again = investor.getByTestId("accreditation-form");
    await again.getByLabel("A letter from a professional").check();
    await again.getByTestId("evidence-input").setInputFiles({
      name: "Signed CPA letter.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await again.getByRole("button", { name: "Submit again" }).click();
    await poll(async () => (await verifications()).map((row) => row.status), 60_000).toEqual(["rejected", "submitted"]);

    // A viewer of the issuer sees it waiting, without the buttons.
    const viewer = await openAs("issuer-viewer@demo.test", "/accreditations");
    const seen = viewer.getByTestId("accreditations-to-review").getByTestId("accreditation-card");
    await poll(() => seen.count(), 60_000).toBe(1);
    await viewer.getByText("You can see verifications but only owners and admins can decide them.").waitFor();
    expect(await seen.getByRole("button").count()).toBe(0);

    // The issuer approves: valid for the account's 120 days.
    await poll(() => card.count(), 60_000).toBe(1);
    await card.getByRole("button", { name: /^Approve / }).click();
    await poll(async () => (await verifications()).map((row) => row.status), 60_000).toEqual(["rejected", "approved"]);
    const approved = (await verifications())[1];
    const days = Math.round(((approved?.expires_on?.getTime() ?? 0) - Date.now()) / 86_400_000);
    expect(days).toBe(120);
    await poll(() => issuer.getByTestId("accreditations-decided").getByTestId("accreditation-card").count()).toBe(3);
    expect(await issuer.getByTestId("accreditations-decided").textContent()).toContain("Verified by InvestReady");
    await poll(async () => (await stepOf())[0]?.status).toBe("complete");

    // The investor's step is complete with its expiry.
    const expiry = investor.getByTestId("accreditation-expiry");
    await poll(() => expiry.textContent(), 60_000).toMatch(/^Verified until \d{2}\/\d{2}\/\d{4}\.$/);
    await bothSizes(investor, "accreditation-step-approved");

    // The evidence downloads intact, for the reviewer.
    const decided = issuer.getByTestId("accreditations-decided").getByTestId("accreditation-card");
    const first = decided.filter({ hasText: "ID photo.jpg" });
    const photoHref = await first.getByRole("link", { name: "Download ID photo.jpg" }).getAttribute("href");
    const pdfHref = await first.getByRole("link", { name: "Download CPA letter.pdf" }).getAttribute("href");
    const photoBody = await issuer.request.get(photoHref ?? "");
    expect(photoBody.status()).toBe(200);
    expect(Buffer.from(await photoBody.body()).equals(jpeg)).toBe(true);
    const pdfBody = await issuer.request.get(pdfHref ?? "");
    expect(Buffer.from(await pdfBody.body()).equals(PDF)).toBe(true);
  }, 600_000);
});
