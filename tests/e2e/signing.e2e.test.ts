// E-signature through the real screens (issue 17 items 3, 5 and 6). Built-in provider: the issuer uploads a PDF
// template and maps its roles and fields (every validation text on the way), attaches a question set, tries it on the
// test page (mock values, the filled PDF preview), deletes an unlocked copy after the confirmation, locks it (no
// longer editable, the Active toggle instead of Delete), activates it and adds it to the qualifications; the investor
// answers the question set, reads the step online (kept on the device), then signs it offline across an offline
// reload; on reconnect the server seals it and the step completes; the issuer sees the completed document and
// downloads the signed PDF (openssl verifies it); a second investor's document changes while they sign offline: the
// step reopens with the reason and signing the current document online succeeds; a viewer reads without controls.
// Offline the mapping screens read from the replicas, an edit queues as a command and is applied on reconnect, and
// syncing templates says it needs the network. The same against the DocuSign stand-in, Connect completing the step.
// axe-core and desktop + phone screenshots (no sideways scrolling) of each screen.
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docusignProvider } from "../../sync/signing/docusign.ts";
import { type DocusignStandIn, startDocusignStandIn } from "../helpers/docusign.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { verifyWithOpenssl } from "../helpers/signing-pdf.ts";
import { type E2E, newContext, screenshot, setOffline, signIn, startE2E } from "./app.ts";
import { axeLines } from "./axe.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200 });

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
}, 600_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await e2e?.close();
});

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await e2e.server.server.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row: ${sql}`);
  return rows[0];
}

async function openAs(email: string, path: string): Promise<{ page: Page; ctx: BrowserContext }> {
  const ctx = await newContext(e2e.browser, e2e.url);
  contexts.push(ctx);
  const first = await signIn(ctx, email);
  const page = await ctx.newPage();
  await first.close();
  await page.goto(path);
  return { page, ctx };
}

/** Desktop and phone screenshots of the page as it is now (and no accessibility finding on it). */
async function shots(page: Page, name: string): Promise<void> {
  // From the top: axe's target-size rule counts a control scrolled under the sticky top bar as obscured, wherever the
  // last fill or click left the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await axeLines(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `signing-${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, `signing-${name}-phone`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function choose(scope: Page | ReturnType<Page["getByTestId"]>, page: Page, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/**
 * A template as an issuer makes one for the built-in provider: a PDF whose form fields are named <Role>.<label>
 * (docs/SIGNING.md): the investor's name, units, state, signature and date, and a field of the issuer left unmapped.
 */
async function templatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText("Subscription Agreement", { x: 72, y: 720, size: 18, font });
  const form = doc.getForm();
  const fields = [
    "Investor.name",
    "Investor.amount",
    "Investor.state",
    "Investor.signature",
    "Investor.date",
    "Issuer.name",
  ];
  fields.forEach((name, index) => {
    page.drawText(name, { x: 72, y: 660 - index * 50, size: 10, font });
    form.createTextField(name).addToPage(page, { x: 220, y: 650 - index * 50, width: 260, height: 22 });
  });
  return Buffer.from(await doc.save());
}

describe("signing templates", () => {
  it("maps, locks and activates a template; the test page; offline reading and queued edits", async () => {
    const { page, ctx } = await openAs("issuer@demo.test", "/docusign/templates");
    const account = page.getByTestId("signing-account");
    await account.getByRole("button", { name: "Sync template list" }).waitFor({ timeout: 30_000 });
    const templates = page.getByTestId("signing-templates");
    await templates.getByText("No templates found.").waitFor({ timeout: 30_000 });
    // the built-in provider: upload a PDF; its form fields become the roles and fields
    await page.locator("#signing-template-file").setInputFiles({
      name: "Subscription Agreement.pdf",
      mimeType: "application/pdf",
      buffer: await templatePdf(),
    });
    await templates.getByRole("link", { name: "Subscription Agreement" }).waitFor({ timeout: 60_000 });
    await poll(
      async () =>
        (
          await one<{ sync_status: string }>(
            "select sync_status from app_public.signing_templates where name = 'Subscription Agreement'",
          )
        ).sync_status,
      60_000,
    ).toBe("synced");
    const { id: templateId } = await one<{ id: string }>(
      "select id from app_public.signing_templates where name = 'Subscription Agreement'",
    );
    await shots(page, "templates");

    // the sync states: loading while the provider is read, its error text when it fails
    await e2e.server.server.db.query(
      `update app_public.signing_accounts set sync_status = 'error', failure = 'provider unreachable'
       where account_id = (select id from app_public.accounts where name = 'Northwind Renewables, Inc.')`,
    );
    await account.getByText("Error loading templates, please try agian.").waitFor({ timeout: 30_000 });
    // 'Sync template list' again: the provider is read again (built-in: the uploaded PDFs)
    await account.getByRole("button", { name: "Sync template list" }).click();
    await poll(() => account.getByText("Error loading templates, please try agian.").count()).toBe(0);
    await poll(async () => (await account.textContent()) ?? "").not.toContain("Never synced");

    // the template: its details, no mapped template yet; a name is required
    await templates.getByRole("link", { name: "Subscription Agreement" }).click();
    const create = page.getByTestId("signing-new-mapped");
    await create.getByRole("button", { name: "Create" }).click();
    await create.getByText("Template name is required.").waitFor();
    await create.getByLabel("Name").fill("Series A subscription");
    await create.getByRole("button", { name: "Create" }).click();
    const mappedLink = page
      .getByTestId("signing-mapped-templates")
      .getByRole("link", { name: "Series A subscription" });
    await mappedLink.waitFor({ timeout: 30_000 });
    await poll(async () => (await page.getByTestId("signing-mapped-templates").textContent()) ?? "").toContain(
      "Unlocked",
    );
    await shots(page, "template");
    await mappedLink.click();
    const mapped = await one<{ id: string }>(
      "select id from app_public.mapped_signing_templates where name = 'Series A subscription'",
    );
    expect(new URL(page.url()).pathname).toBe(`/docusign/templates/${templateId}/${mapped.id}`);

    // roles: 'not mapped' until mapped; static roles need a name and a valid e-mail
    const roles = page.getByTestId("signing-roles");
    await roles.getByTestId("signing-role").first().waitFor({ timeout: 30_000 });
    expect(await roles.getByTestId("signing-role").count()).toBe(2);
    expect(await roles.textContent()).toContain("not mapped");
    const investorRole = roles
      .getByTestId("signing-role")
      .filter({ has: page.getByTestId("signing-name").getByText("Investor", { exact: true }) });
    await choose(investorRole, page, "Map to (Investor)", "Investor");
    await investorRole.getByRole("button", { name: "Save" }).click();
    const issuerRole = roles
      .getByTestId("signing-role")
      .filter({ has: page.getByTestId("signing-name").getByText("Issuer", { exact: true }) });
    await choose(issuerRole, page, "Map to (Issuer)", "Static");
    await issuerRole.getByRole("button", { name: "Save" }).click();
    await issuerRole.getByText("To name required for static field.").waitFor();
    await issuerRole.getByText("To email required for static field.").waitFor();
    await issuerRole.getByLabel("To name").fill("Olivia Chen");
    await issuerRole.getByLabel("To email").fill("olivia@");
    await issuerRole.getByRole("button", { name: "Save" }).click();
    await issuerRole.getByText("Valid email required").waitFor();
    await issuerRole.getByLabel("To email").fill("olivia@northwind.example");
    await issuerRole.getByRole("button", { name: "Save" }).click();
    await poll(
      async () =>
        (
          await e2e.server.server.db.query(
            "select name, map_to, to_name, to_email from app_public.signing_roles where mapped_signing_template_id = $1 order by name",
            [mapped.id],
          )
        ).rows,
    ).toEqual([
      { name: "Investor", map_to: "investor", to_name: null, to_email: null },
      { name: "Issuer", map_to: "static", to_name: "Olivia Chen", to_email: "olivia@northwind.example" },
    ]);

    // the document's fields: a custom mapping needs its value
    await page.getByTestId("signing-documents").getByRole("link").first().click();
    const fields = page.getByTestId("signing-fields");
    await fields.getByTestId("signing-field").first().waitFor({ timeout: 30_000 });
    const nameField = fields
      .getByTestId("signing-field")
      .filter({ has: page.getByTestId("signing-name").getByText("Investor.name", { exact: true }) });
    await choose(nameField, page, "Map to (Investor.name)", "Investor name");
    await nameField.getByRole("button", { name: "Save" }).click();
    const amountField = fields
      .getByTestId("signing-field")
      .filter({ has: page.getByTestId("signing-name").getByText("Investor.amount", { exact: true }) });
    await choose(amountField, page, "Map to (Investor.amount)", "Units of the distribution");
    await amountField.getByRole("button", { name: "Save" }).click();
    const stateField = fields
      .getByTestId("signing-field")
      .filter({ has: page.getByTestId("signing-name").getByText("Investor.state", { exact: true }) });
    await choose(stateField, page, "Map to (Investor.state)", "Custom value");
    await stateField.getByRole("button", { name: "Save" }).click();
    await stateField.getByText("Value required for custom field.").waitFor();
    await stateField.getByLabel("Value").fill("Delaware");
    await stateField.getByRole("button", { name: "Save" }).click();
    await poll(
      async () =>
        (
          await e2e.server.server.db.query(
            "select name, map_to, value from app_public.signing_fields where mapped_signing_template_id = $1 order by name",
            [mapped.id],
          )
        ).rows,
    ).toEqual([
      { name: "Investor.amount", map_to: "distribution.amount", value: null },
      { name: "Investor.date", map_to: "date.signed", value: null },
      { name: "Investor.name", map_to: "investor.name", value: null },
      { name: "Investor.signature", map_to: "signature", value: null },
      { name: "Investor.state", map_to: "custom", value: "Delaware" },
      { name: "Issuer.name", map_to: "not mapped", value: null },
    ]);
    await shots(page, "document");

    // Back goes up one level
    await page.getByTestId("signing-back").click();
    const details = page.getByTestId("signing-mapped-template");
    await details.waitFor({ timeout: 30_000 });

    // a question set asked before signing (the demo issuer's)
    const questions = page.getByTestId("signing-questions");
    await questions.getByText("No question sets attached.").waitFor();
    await questions.getByRole("button", { name: "Add" }).click();
    await questions.getByText("Please select a question set to add.").waitFor();
    await choose(questions, page, "Question set", "Northwind Investor Qualification");
    await questions.getByRole("button", { name: "Add" }).click();
    await poll(
      async () =>
        (
          await e2e.server.server.db.query(
            "select count(*)::int as n from app_public.mapped_signing_template_question_sets where mapped_signing_template_id = $1",
            [mapped.id],
          )
        ).rows[0],
    ).toEqual({ n: 1 });
    await questions.getByText("Northwind Investor Qualification").waitFor();

    // offline: the screen reads from the replicas; an edit queues; syncing says it needs the network
    await setOffline(ctx, true);
    await page.reload();
    await details.waitFor({ timeout: 30_000 });
    await poll(async () => (await account.getByTestId("needs-network").textContent()) ?? "").toBe(
      "Syncing templates needs the network: you are offline.",
    );
    expect(await account.getByRole("button", { name: "Sync template list" }).isDisabled()).toBe(true);
    await details.getByLabel("Name").fill("Series A subscription agreement");
    await details.getByRole("button", { name: "Save" }).click();
    await details.getByText("Pending sync").waitFor();
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Series A subscription agreement");
    await shots(page, "offline");
    await setOffline(ctx, false);
    await poll(
      async () =>
        (await one<{ name: string }>("select name from app_public.mapped_signing_templates where id = $1", [mapped.id]))
          .name,
    ).toBe("Series A subscription agreement");

    // the test page: mock values of each mapped field, the static value, 'not mapped'
    await details.getByRole("link", { name: "Test mapping" }).click();
    const testFields = page.getByTestId("signing-test-fields");
    await testFields.getByTestId("signing-test-field").first().waitFor({ timeout: 30_000 });
    expect(
      await testFields
        .getByTestId("signing-test-field")
        .filter({ has: page.getByTestId("signing-name").getByText("Investor.name", { exact: true }) })
        .textContent(),
    ).toContain("Jane Investor");
    expect(
      await testFields
        .getByTestId("signing-test-field")
        .filter({ has: page.getByTestId("signing-name").getByText("Investor.state", { exact: true }) })
        .textContent(),
    ).toContain("Delaware");
    expect(await page.getByTestId("signing-test-roles").textContent()).toContain("Olivia Chen");
    await shots(page, "test");
    // the built-in provider's preview: the template filled with the mock values
    const preview = await page.getByRole("link", { name: "Preview the filled PDF" }).getAttribute("href");
    const previewPdf = await page.request.get(preview ?? "");
    expect(previewPdf.status()).toBe(200);
    expect((await previewPdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await page.getByRole("link", { name: "Back" }).click();

    // an unlocked copy can be deleted, after the confirmation
    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "Subscription Agreement" })
      .click();
    await create.getByLabel("Name").fill("Draft copy");
    await create.getByRole("button", { name: "Create" }).click();
    await page.getByTestId("signing-mapped-templates").getByRole("link", { name: "Draft copy" }).click();
    await details.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you'd like to delete this?" });
    await confirm.waitFor();
    await screenshot(page, "signing-delete-confirm-desktop");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await poll(
      async () =>
        (
          await e2e.server.server.db.query(
            "select id from app_public.mapped_signing_templates where name = 'Draft copy'",
          )
        ).rows.length,
    ).toBe(0);
    await page.goto(`/docusign/templates/${templateId}/${mapped.id}`);

    // lock: no longer editable, no Delete, the Active toggle instead
    await details.getByRole("button", { name: "Lock" }).click();
    await details.getByText("Locked", { exact: true }).waitFor({ timeout: 30_000 });
    await poll(() => details.getByRole("button", { name: "Delete" }).count()).toBe(0);
    expect(await details.getByLabel("Name").isDisabled()).toBe(true);
    await page.getByTestId("signing-sent").getByText("No documents sent yet.").waitFor();
    // locked and not active: its usage is disabled
    await details.getByText("Mapped template has been edited.", { exact: false }).waitFor();
    await details.getByText("Active", { exact: true }).click();
    await poll(() => details.getByText("Mapped template has been edited.", { exact: false }).count()).toBe(0);
    await details.getByRole("button", { name: "Add to qualifications" }).click();
    await details.getByText("In qualifications").waitFor({ timeout: 30_000 });
    const stored = await one<{ locked: boolean; active: boolean; vendor_qualification_id: string | null }>(
      "select locked, active, vendor_qualification_id from app_public.mapped_signing_templates where id = $1",
      [mapped.id],
    );
    expect(stored).toMatchObject({ locked: true, active: true });
    expect(stored.vendor_qualification_id).not.toBeNull();
    await shots(page, "locked");

    // the investor meets it in onboarding (an allocation requiring it): the question set, then signing inline
    const issuer = e2e.server.client();
    await issuer.signIn("issuer@demo.test");
    const northwind = await one<{ id: string }>(
      "select id from app_public.accounts where name = 'Northwind Renewables, Inc.'",
    );
    await issuer.selectAccount(northwind.id);
    const round = await one<{ id: string }>("select id from app_public.rounds where name = 'Series A'");
    const allocationId = crypto.randomUUID();
    const made = await issuer.graphql(
      "mutation ($a: AllocationInput!) { createAllocation(input: { allocation: $a }) { allocation { id } } }",
      {
        a: {
          id: allocationId,
          roundId: round.id,
          name: "Signed subscriptions",
          status: "open",
          opensOn: "2026-01-01T00:00:00Z",
          closesOn: "2027-12-31T00:00:00Z",
        },
      },
    );
    expect(made.errors).toBeUndefined();
    // invited before the allocation requires anything: an onboarding with no steps yet reads as being prepared
    const early = await issuer.graphql<{ makeDistribution: { distribution: { id: string } } }>(
      `mutation ($a: UUID!) { makeDistribution(input: { allocationId: $a, accountEmail: "investor2@demo.test", amount: "10" }) { distribution { id } } }`,
      { a: allocationId },
    );
    expect(early.errors).toBeUndefined();
    const waiting = await openAs(
      "investor2@demo.test",
      `/distribution/${early.data?.makeDistribution.distribution.id}`,
    );
    await poll(() => waiting.page.getByTestId("no-steps").textContent()).toBe(
      "Your onboarding steps are being prepared.",
    );
    expect(await waiting.page.getByText("No further action is required").count()).toBe(0);
    await shots(waiting.page, "investor-steps-prepared");
    await waiting.ctx.close();
    const linked = await issuer.graphql(
      "mutation ($q: AllocationQualificationInput!) { createAllocationQualification(input: { allocationQualification: $q }) { allocationQualification { id } } }",
      { q: { allocationId, vendorQualificationId: stored.vendor_qualification_id, executeOrder: 1 } },
    );
    expect(linked.errors).toBeUndefined();
    const invited = await issuer.graphql<{ makeDistribution: { distribution: { id: string } } }>(
      `mutation ($a: UUID!) { makeDistribution(input: { allocationId: $a, accountEmail: "investor@demo.test", amount: "25" }) { distribution { id } } }`,
      { a: allocationId },
    );
    expect(invited.errors).toBeUndefined();
    const distributionId = invited.data?.makeDistribution.distribution.id ?? "";

    const investor = await openAs("investor@demo.test", `/distribution/${distributionId}`);
    const questionsStep = investor.page.getByTestId("question-set-step");
    await questionsStep.waitFor({ timeout: 30_000 });
    await choose(investor.page, investor.page, "Accredited investor", "Yes");
    await choose(investor.page, investor.page, "Net worth band", "$1M to $5M");
    await choose(investor.page, investor.page, "Source of funds", "Savings");
    await questionsStep.getByRole("button", { name: "Submit answers" }).click();

    const signing = investor.page.getByTestId("signing-step");
    await signing.waitFor({ timeout: 30_000 });
    // titled for the investor, not with the issuer's name for its mapped template ("Series A subscription")
    expect(await investor.page.getByTestId("step-title").textContent()).toBe("Sign the subscription agreement");
    await poll(async () => (await signing.getByTestId("signing-values").textContent()) ?? "").toContain("Delaware");
    expect(await signing.getByTestId("signing-values").textContent()).toContain("Emma Lawson");
    await shots(investor.page, "investor-step");
    // shown online, the step is kept on the device (the template file and the values): offline it is signed from
    // there (docs/SIGNING.md "Signing offline"), even after an offline reload served by the service worker
    await investor.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await poll(() =>
      investor.page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name?.endsWith("--signing"))),
    ).toBe(true);
    await setOffline(investor.ctx, true);
    await investor.page.reload();
    const offline = investor.page.getByTestId("signing-offline");
    await offline.waitFor({ timeout: 30_000 });
    await offline
      .getByText("You are offline. You can sign the document kept on this device", { exact: false })
      .waitFor();
    expect(await offline.getByTestId("signing-values").textContent()).toContain("Emma Lawson");
    expect(await offline.getByRole("link", { name: "Open the document" }).getAttribute("href")).toMatch(/^blob:/);
    // consent and a typed name, then Sign
    await offline.getByRole("button", { name: "Sign" }).click();
    await offline.getByText("Please agree to sign electronically.").waitFor();
    await offline.getByText("Type your full name to sign.").waitFor();
    await shots(investor.page, "investor-step-offline");
    await offline.getByText("I agree to sign this document electronically", { exact: false }).click();
    await offline.getByLabel("Type your full name to sign").fill("Emma Lawson");
    await offline.getByRole("button", { name: "Sign" }).click();
    await investor.page.getByText("Saved on this device", { exact: false }).first().waitFor({ timeout: 30_000 });
    await investor.page.reload();
    await investor.page.getByText("Saved on this device", { exact: false }).first().waitFor({ timeout: 30_000 });
    expect((await e2e.server.server.db.query("select 1 from app_private.offline_signatures")).rows).toHaveLength(0);
    // back online: the signature is sent once, the server checks what was shown and seals it; the step completes
    await setOffline(investor.ctx, false);
    await poll(
      async () =>
        (
          await e2e.server.server.db.query<{ status: string }>(
            `select s.status from app_public.steps s join app_public.processes p on p.id = s.process_id
             where p.distribution_id = $1 and s.type = 'signing'`,
            [distributionId],
          )
        ).rows[0]?.status,
    ).toBe("complete");
    await investor.page.getByText("Process complete!", { exact: false }).first().waitFor({ timeout: 30_000 });
    await shots(investor.page, "investor-signed");

    // the issuer sees the signed document among the sent documents, and downloads it: the stored signed PDF
    const sentDoc = await one<{ id: string; status: string; document_uri: string; document_sha256: string }>(
      "select id, status, document_uri, document_sha256 from app_public.sent_signing_documents where distribution_id = $1",
      [distributionId],
    );
    expect(sentDoc.status).toBe("completed");
    const sentList = page.getByTestId("signing-sent");
    await sentList.getByText("Emma Lawson").waitFor({ timeout: 30_000 });
    expect(await sentList.textContent()).toContain("completed");
    const href = await sentList.getByRole("link", { name: "Download" }).getAttribute("href");
    expect(href).toBe(sentDoc.document_uri);
    const download = await page.request.get(href ?? "");
    expect(download.status()).toBe(200);
    const bytes = await download.body();
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(sentDoc.document_sha256);
    expect(verifyWithOpenssl(bytes, e2e.server.server.signing.key.certificatePem).ok).toBe(true);
    expect(
      (await e2e.server.server.db.query<{ status: string }>("select status from app_private.offline_signatures")).rows,
    ).toEqual([{ status: "sealed" }]);
    await shots(page, "sent");

    // the investor finds the signed PDF among their documents, and it is the same file
    await investor.page.goto("/investor-documents");
    const mine = investor.page.getByTestId("signed-document");
    await mine.first().waitFor({ timeout: 30_000 });
    const investorHref = await mine.first().getByRole("link", { name: "Download" }).getAttribute("href");
    expect(investorHref).toBe(sentDoc.document_uri);
    const investorCopy = await investor.page.request.get(investorHref ?? "");
    expect(investorCopy.status()).toBe(200);
    expect(
      createHash("sha256")
        .update(await investorCopy.body())
        .digest("hex"),
    ).toBe(sentDoc.document_sha256);
    await shots(investor.page, "investor-documents");

    // a second signer: the document changes on the server while the device signs offline; on reconnect nothing is
    // sealed, the step reopens with the reason, and signing the current document (online) succeeds
    const earlyId = early.data?.makeDistribution.distribution.id ?? "";
    // invited before the qualification was linked to the allocation: the issuer adds it to this distribution
    const added = await issuer.graphql(
      "mutation ($d: UUID!, $v: [UUID]!) { makeDistributionQualifications(input: { distributionId: $d, vendorQualificationIds: $v }) { clientMutationId } }",
      { d: earlyId, v: [stored.vendor_qualification_id] },
    );
    expect(added.errors).toBeUndefined();
    const second = await openAs("investor2@demo.test", `/distribution/${earlyId}`);
    const secondQuestions = second.page.getByTestId("question-set-step");
    await secondQuestions.waitFor({ timeout: 30_000 });
    await choose(second.page, second.page, "Accredited investor", "Yes");
    await choose(second.page, second.page, "Net worth band", "$1M to $5M");
    await choose(second.page, second.page, "Source of funds", "Savings");
    await secondQuestions.getByRole("button", { name: "Submit answers" }).click();
    await second.page.getByTestId("signing-step").waitFor({ timeout: 30_000 });
    await poll(() =>
      second.page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name?.endsWith("--signing"))),
    ).toBe(true);
    await setOffline(second.ctx, true);
    const secondOffline = second.page.getByTestId("signing-offline");
    await secondOffline.waitFor({ timeout: 30_000 });
    await secondOffline.getByText("I agree to sign this document electronically", { exact: false }).click();
    await secondOffline.getByLabel("Type your full name to sign").fill("Daniel Kim");
    await secondOffline.getByRole("button", { name: "Sign" }).click();
    await second.page.getByText("Saved on this device", { exact: false }).first().waitFor({ timeout: 30_000 });
    const changed = await issuer.graphql(
      `mutation ($id: UUID!) { updateDistributionById(input: { id: $id, patch: { amount: "12" } }) { clientMutationId } }`,
      { id: earlyId },
    );
    expect(changed.errors).toBeUndefined();
    await setOffline(second.ctx, false);
    await second.page
      .getByTestId("signing-reopened")
      .getByText("The document changed after you signed it offline: please review and sign again.")
      .waitFor({ timeout: 60_000 });
    await shots(second.page, "investor-step-reopened");
    const current = second.page.getByTestId("signing-step");
    await current.waitFor({ timeout: 30_000 });
    expect(await current.getByTestId("signing-values").textContent()).toContain("12");
    await current.getByText("I agree to sign this document electronically", { exact: false }).click();
    await current.getByLabel("Type your full name to sign").fill("Daniel Kim");
    await current.getByRole("button", { name: "Sign" }).click();
    await poll(
      async () =>
        (
          await e2e.server.server.db.query<{ status: string }>(
            "select status from app_public.sent_signing_documents where distribution_id = $1",
            [earlyId],
          )
        ).rows,
    ).toEqual([{ status: "completed" }]);
    expect(
      (
        await e2e.server.server.db.query<{ status: string }>(
          `select o.status from app_private.offline_signatures o join app_public.steps s on s.id = o.step_id
           join app_public.processes p on p.id = s.process_id where p.distribution_id = $1`,
          [earlyId],
        )
      ).rows,
    ).toEqual([{ status: "reopened" }]);

    // a viewer of the issuer reads the same screens without any control that changes them
    const viewer = await openAs("issuer-viewer@demo.test", `/docusign/templates/${templateId}/${mapped.id}`);
    const viewerDetails = viewer.page.getByTestId("signing-mapped-template");
    await viewerDetails.getByText("In qualifications").waitFor({ timeout: 30_000 });
    await viewer.page
      .getByTestId("signing-account")
      .getByText("Only owners and admins can change signing templates.")
      .waitFor();
    expect(await viewer.page.getByRole("button", { name: "Sync template list" }).isDisabled()).toBe(true);
    for (const name of ["Lock", "Delete", "Add to qualifications", "Save"])
      expect(await viewer.page.getByRole("button", { name, exact: true }).count()).toBe(0);
    expect(await viewer.page.locator("#signing-template-file").count()).toBe(0);
  }, 300_000);
});

describe("signing templates with DocuSign (the stand-in)", () => {
  let standIn: DocusignStandIn | null = null;
  let server: TestServer | null = null;
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it("syncs the template list, maps it, and the investor's step completes when Connect reports the envelope signed", async () => {
    standIn = await startDocusignStandIn();
    standIn.consentGranted = true;
    server = await startTestServer({
      distDir: e2e.servedDir,
      signing: { docusign: docusignProvider(standIn.settings), connectKey: standIn.settings.connectKey },
    });
    const db = server.server.db;
    const row = async <T>(sql: string, params: unknown[] = []) => {
      const { rows } = await db.query<T>(sql, params);
      if (!rows[0]) throw new Error(`no row: ${sql}`);
      return rows[0];
    };
    const ctx = await newContext(e2e.browser, server.url);
    contexts.push(ctx);
    const first = await signIn(ctx, "issuer@demo.test");
    const page = await ctx.newPage();
    await first.close();
    await page.goto("/docusign/templates");

    // DocuSign: no upload; 'Sync template list' reads the account's templates
    const account = page.getByTestId("signing-account");
    await account.getByText("Synced on", { exact: false }).waitFor({ timeout: 30_000 });
    await account.getByRole("button", { name: "Sync template list" }).click();
    expect(await page.locator("#signing-template-file").count()).toBe(0);
    const templateLink = page
      .getByTestId("signing-templates")
      .getByRole("link", { name: "Subscription Agreement (DocuSign)" });
    await templateLink.waitFor({ timeout: 60_000 });
    await templateLink.click();
    const create = page.getByTestId("signing-new-mapped");
    await create.getByLabel("Name").fill("DocuSign subscription");
    await create.getByRole("button", { name: "Create" }).click();
    await page.getByTestId("signing-mapped-templates").getByRole("link", { name: "DocuSign subscription" }).click();

    const roles = page.getByTestId("signing-roles");
    for (const [name, option] of [
      ["Investor", "Investor"],
      ["Issuer", "Issuer"],
    ] as const) {
      const role = roles
        .getByTestId("signing-role")
        .filter({ has: page.getByTestId("signing-name").getByText(name, { exact: true }) });
      await choose(role, page, `Map to (${name})`, option);
      await role.getByRole("button", { name: "Save" }).click();
    }
    const mapped = await row<{ id: string }>(
      "select id from app_public.mapped_signing_templates where name = 'DocuSign subscription'",
    );
    await expect
      .poll(
        async () =>
          (
            await db.query(
              "select count(*)::int as n from app_public.signing_roles where mapped_signing_template_id = $1 and map_to <> 'not mapped'",
              [mapped.id],
            )
          ).rows[0],
        { timeout: 30_000 },
      )
      .toEqual({ n: 2 });
    await page.getByTestId("signing-documents").getByRole("link").first().click();
    const fields = page.getByTestId("signing-fields");
    for (const [name, option] of [
      ["Investor.name", "Investor name"],
      ["Investor.units", "Units of the distribution"],
      ["Issuer.name", "Issuer name"],
    ] as const) {
      const field = fields
        .getByTestId("signing-field")
        .filter({ has: page.getByTestId("signing-name").getByText(name, { exact: true }) });
      await choose(field, page, `Map to (${name})`, option);
      await field.getByRole("button", { name: "Save" }).click();
    }
    await expect
      .poll(
        async () =>
          (
            await db.query(
              "select count(*)::int as n from app_public.signing_fields where mapped_signing_template_id = $1 and map_to <> 'not mapped'",
              [mapped.id],
            )
          ).rows[0],
        { timeout: 30_000 },
      )
      .toEqual({ n: 5 });
    await page.getByTestId("signing-back").click();
    const details = page.getByTestId("signing-mapped-template");
    await details.getByRole("button", { name: "Lock" }).click();
    await details.getByText("Active", { exact: true }).click();
    await details.getByRole("button", { name: "Add to qualifications" }).click();
    await details.getByText("In qualifications").waitFor({ timeout: 30_000 });
    const stored = await row<{ vendor_qualification_id: string }>(
      "select vendor_qualification_id from app_public.mapped_signing_templates where id = $1",
      [mapped.id],
    );

    // an allocation requiring it, an investor invited
    const issuer = server.client();
    await issuer.signIn("issuer@demo.test");
    const northwind = await row<{ id: string }>(
      "select id from app_public.accounts where name = 'Northwind Renewables, Inc.'",
    );
    await issuer.selectAccount(northwind.id);
    const round = await row<{ id: string }>("select id from app_public.rounds where name = 'Series A'");
    const allocationId = crypto.randomUUID();
    const made = await issuer.graphql(
      "mutation ($a: AllocationInput!) { createAllocation(input: { allocation: $a }) { allocation { id } } }",
      {
        a: {
          id: allocationId,
          roundId: round.id,
          name: "DocuSign subscriptions",
          status: "open",
          opensOn: "2026-01-01T00:00:00Z",
          closesOn: "2027-12-31T00:00:00Z",
        },
      },
    );
    expect(made.errors).toBeUndefined();
    const linked = await issuer.graphql(
      "mutation ($q: AllocationQualificationInput!) { createAllocationQualification(input: { allocationQualification: $q }) { allocationQualification { id } } }",
      { q: { allocationId, vendorQualificationId: stored.vendor_qualification_id, executeOrder: 1 } },
    );
    expect(linked.errors).toBeUndefined();
    const invited = await issuer.graphql<{ makeDistribution: { distribution: { id: string } } }>(
      `mutation ($a: UUID!) { makeDistribution(input: { allocationId: $a, accountEmail: "investor@demo.test", amount: "40" }) { distribution { id } } }`,
      { a: allocationId },
    );
    expect(invited.errors).toBeUndefined();
    const distributionId = invited.data?.makeDistribution.distribution.id ?? "";

    // the investor's step: DocuSign's embedded signing page, and a link to it
    const investorCtx = await newContext(e2e.browser, server.url);
    contexts.push(investorCtx);
    const investorFirst = await signIn(investorCtx, "investor@demo.test");
    const investor = await investorCtx.newPage();
    await investorFirst.close();
    await investor.goto(`/distribution/${distributionId}`);
    const provider = investor.getByTestId("signing-provider");
    await provider.waitFor({ timeout: 30_000 });
    const src = await provider.locator("iframe").getAttribute("src");
    expect(src?.startsWith(`${standIn.url}/signing/`)).toBe(true);
    // the page's Content-Security-Policy lets DocuSign's origin into the frame: its page shows there
    await provider
      .frameLocator("iframe")
      .getByText("Please review and act on these documents")
      .waitFor({ timeout: 15_000 });
    expect(await provider.getByRole("link", { name: "Open the signing page in a new tab." }).getAttribute("href")).toBe(
      src,
    );
    const envelope = [...standIn.envelopes.values()].at(-1);
    expect(
      envelope?.templateRoles
        .find((r) => r.roleName === "Investor")
        ?.tabs?.textTabs?.find((t) => t.tabLabel === "Investor.units")?.value,
    ).toBe("40");
    await screenshot(investor, "signing-docusign-step-desktop");
    // DocuSign keeps its online flow: offline the step says so
    await poll(() =>
      investor.evaluate(async () => (await indexedDB.databases()).some((d) => d.name?.endsWith("--signing"))),
    ).toBe(true);
    await setOffline(investorCtx, true);
    await investor
      .getByTestId("step-offline")
      .getByText("This document is signed with DocuSign, which needs the network.", { exact: false })
      .waitFor({ timeout: 30_000 });
    await setOffline(investorCtx, false);
    await provider.waitFor({ timeout: 30_000 });

    // DocuSign Connect reports the envelope completed: the open page follows the step to its end
    const { body, signature } = standIn.completeEnvelope(envelope?.envelopeId ?? "");
    const connect = await fetch(`${server.url}/api/v2/signing/docusign/connect`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-DocuSign-Signature-1": signature },
      body,
    });
    expect(connect.status).toBe(200);
    await investor.getByText("Process complete!", { exact: false }).first().waitFor({ timeout: 30_000 });

    // the issuer sees the completed document
    const sent = page.getByTestId("signing-sent");
    await sent.getByText("Emma Lawson").waitFor({ timeout: 30_000 });
    // (live: the document reads "sent" until the change reaches the issuer's device)
    await sent.getByText("completed").waitFor({ timeout: 30_000 });
    await screenshot(page, "signing-docusign-sent-desktop");
  }, 240_000);
});
