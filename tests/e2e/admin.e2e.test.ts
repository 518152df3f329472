// The admin console and the audit trail in a real browser (issue 19, docs/ADMIN.md): a platform admin sees the
// platform's figures and activity on /admin/, creates an onboarding form definition, edits it into a second version
// and previews it as an investor would see it (the onboarding renderer checks the answers; nothing is sent), looks at
// the types (adds an asset type and changes its accounting type while unused) and downloads a platform report; then,
// offline, reads the figures, the trail, the forms and the types from the device, downloads a report kept there, and
// adds a sharing option that waits in the outbox and arrives once back online; an issuer sees its account's Activity
// (with its members' sign-ins) under settings and exports it, and makes a qualification of the admin's form (the
// version it picked) on its direct allocation.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

let e2e: E2E;
const contexts: BrowserContext[] = [];
const SHOTS = process.env.LL_SHOTS_DIR ?? "/tmp/shots/admin";

async function context(): Promise<BrowserContext> {
  const created = await newContext(e2e.browser, e2e.url);
  contexts.push(created);
  return created;
}

beforeAll(async () => {
  e2e = await startE2E();
  mkdirSync(SHOTS, { recursive: true });
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
});

async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function choose(scope: ReturnType<Page["locator"]>, page: Page, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, "utf8") };
}

describe("admin console and audit trail", () => {
  it("an admin reads the figures, versions and previews a form, downloads a report; an issuer exports its Activity", async () => {
    // 1. The admin home: figures and the platform's activity (the admin's own sign-in is in it).
    const adminCtx = await context();
    const admin = await signIn(adminCtx, "admin@demo.test");
    await waitForPath(admin, "/admin");
    await expect
      .poll(() => admin.getByTestId("figure-accounts-value").textContent(), { timeout: 30_000 })
      .toMatch(/^\d+$/);
    const { rows: accounts } = await e2e.server.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_public.accounts",
    );
    expect(Number(await admin.getByTestId("figure-accounts-value").textContent())).toBe(accounts[0]?.n);
    const trail = admin.getByTestId("audit-trail");
    await expect.poll(() => trail.locator('[data-kind="sign_in"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => admin.getByTestId("ocf-import-new-issuer").isVisible()).toBe(true);
    await shots(admin, "admin-home");

    // 2. Forms: a new definition, version 1.
    await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Forms" }).click();
    await waitForPath(admin, "/admin/forms");
    await admin.getByRole("button", { name: "New form" }).click();
    const editor = admin.getByTestId("form-editor");
    await editor.getByRole("button", { name: "Create form" }).click();
    await expect.poll(() => editor.getByText("Key is required.").isVisible()).toBe(true);
    await editor.getByLabel("Key", { exact: true }).first().fill("accredited-investor");
    await editor.getByLabel("Name", { exact: true }).fill("Accredited investor");
    await editor.getByLabel("Title", { exact: true }).fill("Accreditation");
    await editor.getByLabel("About", { exact: true }).fill("We must confirm you are an accredited investor.");
    await editor.getByLabel("Button text").fill("Confirm");
    const first = editor.getByTestId("form-field").first();
    await first.getByLabel("Key", { exact: true }).fill("netWorth");
    await first.getByLabel("Label", { exact: true }).fill("Net worth (USD)");
    await choose(first, admin, "Type", "integer");
    await first.getByLabel("Error text").fill("Enter your net worth as a whole number.");
    await editor.getByRole("button", { name: "Create form" }).click();
    const list = admin.getByTestId("form-definitions");
    await expect
      .poll(() => list.getByText("accredited-investor · Version 1").isVisible(), { timeout: 30_000 })
      .toBe(true);

    // 3. A second version: another title and a Yes/No field.
    await list.getByRole("button", { name: /Accredited investor/ }).click();
    const edited = admin.getByTestId("form-editor");
    await edited.getByLabel("Title", { exact: true }).fill("Accreditation (2026)");
    await edited.getByRole("button", { name: "Add field" }).click();
    const second = edited.getByTestId("form-field").nth(1);
    await second.getByLabel("Key", { exact: true }).fill("accredited");
    await second.getByLabel("Label", { exact: true }).fill("I am an accredited investor");
    await choose(second, admin, "Type", "boolean (Yes / No)");
    await edited.getByRole("button", { name: "Save new version" }).click();
    await expect
      .poll(() => list.getByText("accredited-investor · Version 2").isVisible(), { timeout: 30_000 })
      .toBe(true);
    const versions = admin.getByTestId("form-versions");
    await expect.poll(() => versions.locator("li").count(), { timeout: 30_000 }).toBe(2);
    expect(await versions.textContent()).toContain("Version 1 · Accreditation");

    // 4. The preview: the investor's form, its checks, nothing sent.
    await admin.getByTestId("form-editor").getByRole("button", { name: "Preview" }).click();
    const preview = admin.getByTestId("form-preview");
    expect(await preview.getByTestId("step-title").textContent()).toBe("Accreditation (2026)");
    expect(await preview.getByText("We must confirm you are an accredited investor.").isVisible()).toBe(true);
    await preview.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => preview.getByText("Enter your net worth as a whole number.").isVisible()).toBe(true);
    await preview.getByLabel("Net worth (USD)").fill("2500000");
    await choose(preview, admin, "I am an accredited investor", "Yes");
    await preview.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => preview.getByTestId("preview-answers").textContent()).toContain("Net worth (USD)2500000");
    const { rows: stored } = await e2e.server.server.db.query<{ version: number }>(
      "select version from app_public.form_definitions where key = 'accredited-investor' order by version",
    );
    expect(stored.map((row) => row.version)).toEqual([1, 2]);
    await shots(admin, "admin-forms");

    // 5. Types with their usage, and a platform report.
    await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Types" }).click();
    await waitForPath(admin, "/admin/types");
    const equity = admin.getByTestId("asset-type-row").filter({ hasText: "equity" }).first();
    await expect.poll(() => equity.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await equity.getByRole("button", { name: "Delete Equity" }).isDisabled()).toBe(true);
    // an unused type's accounting type can change; a used one's is shown only
    expect(await equity.getByRole("combobox").count()).toBe(0);
    const assetTypes = admin.getByTestId("asset-types");
    await assetTypes.getByLabel("Type", { exact: true }).fill("e2e_notes");
    await assetTypes.getByLabel("Name", { exact: true }).fill("E2E notes");
    await assetTypes.getByRole("button", { name: "Add asset type" }).click();
    const notes = admin.getByTestId("asset-type-row").filter({ hasText: "e2e_notes" });
    await expect.poll(() => notes.isVisible(), { timeout: 30_000 }).toBe(true);
    await choose(notes, admin, "Accounting type of E2E notes", "fund");
    await expect
      .poll(
        async () =>
          (
            await e2e.server.server.db.query<{ accounting_type: string }>(
              "select accounting_type from app_public.asset_types where type = 'e2e_notes'",
            )
          ).rows[0]?.accounting_type,
        { timeout: 30_000 },
      )
      .toBe("fund");
    await shots(admin, "admin-types");
    await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
    await waitForPath(admin, "/admin/reports");
    const report = await downloaded(admin, () =>
      admin.getByTestId("platform-report-memberships").getByRole("button", { name: "Download CSV" }).click(),
    );
    expect(report.name).toMatch(/^platform_memberships_\d{4}_\d{2}_\d{2}\.csv$/);
    expect(report.text.split("\r\n")[0]).toContain("email");
    expect(report.text).toContain("multi@demo.test");
    await shots(admin, "admin-reports");

    // 6. Offline: the reports kept on the device download; the figures, the trail, the forms and the types read from
    // the device; a new sharing option waits in the outbox and arrives once back online.
    await setOffline(adminCtx, true);
    await expect
      .poll(() => admin.getByTestId("platform-report-memberships").getByRole("button").isDisabled())
      .toBe(true);
    const accountsReport = await downloaded(admin, () =>
      admin.getByTestId("platform-report-accounts").getByRole("button", { name: "Download CSV" }).click(),
    );
    expect(accountsReport.text.split("\r\n")[0]).toBe("type,status,accounts,activeMembers");
    expect(accountsReport.text).toContain("\r\nissuer,");
    await shots(admin, "admin-reports-offline");
    await admin.getByRole("link", { name: "Ledgerline home" }).click();
    await waitForPath(admin, "/admin");
    await expect.poll(() => admin.getByText(/^Offline: shown as the server made it/).isVisible()).toBe(true);
    expect(Number(await admin.getByTestId("figure-accounts-value").textContent())).toBe(accounts[0]?.n);
    expect(await admin.getByTestId("audit-trail").locator('[data-kind="sign_in"]').count()).toBeGreaterThan(0);
    await shots(admin, "admin-home-offline");
    await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Forms" }).click();
    await expect
      .poll(() => admin.getByTestId("form-definitions").getByText("accredited-investor · Version 2").isVisible())
      .toBe(true);
    await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Types" }).click();
    const sharing = admin.getByTestId("sharing-shares");
    await expect.poll(() => sharing.getByTestId("sharing-share-row").count()).toBeGreaterThan(0);
    const shareForm = sharing.locator("form").last();
    await choose(shareForm, admin, "Document", "holding");
    await choose(shareForm, admin, "From", "agent");
    await choose(shareForm, admin, "Shared with", "ats");
    await shareForm.getByLabel("Name", { exact: true }).fill("Agents to trading systems");
    await shareForm.getByRole("button", { name: "Add sharing option" }).click();
    await expect
      .poll(() => admin.getByText("Saved on this device: sent when you are back online.").isVisible())
      .toBe(true);
    await shots(admin, "admin-types-offline");
    await setOffline(adminCtx, false);
    await expect
      .poll(() => sharing.getByTestId("sharing-share-row").filter({ hasText: "Agents to trading systems" }).count(), {
        timeout: 30_000,
      })
      .toBe(1);

    // 7. The issuer's Activity: its account's trail only, with its members' sign-ins, exported as CSV.
    const issuer = await signIn(await context(), "issuer@demo.test");
    await waitForPath(issuer, "/dashboard");
    await issuer.goto("/settings/account");
    await issuer.getByRole("link", { name: "Activity" }).click();
    await waitForPath(issuer, "/settings/activity");
    const activity = issuer.getByTestId("audit-trail");
    await expect.poll(() => activity.locator('[data-kind="sign_in"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const exported = await downloaded(issuer, () => activity.getByRole("button", { name: "Export CSV" }).click());
    expect(exported.name).toMatch(/^account_activity_\d{4}_\d{2}_\d{2}\.csv$/);
    // the card's words (issue 37): sentences, kinds and details, no stored JSON, command names or ids
    expect(exported.text.split("\r\n")[0]).toBe("When,What,Kind,Who,Email,Account,Device,IP,User agent,Details");
    expect(exported.text).toMatch(/signed in,Sign-ins,/);
    expect(exported.text).not.toMatch(/[{}]|sign_in|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(exported.text).toContain("Northwind Renewables, Inc.");
    expect(exported.text).not.toContain("Ledgerline Operations");
    await shots(issuer, "issuer-activity");

    // 8. The issuer makes a qualification of the admin's form (the version it sees) on its direct allocation.
    const { rows: allocations } = await e2e.server.server.db.query<{ id: string }>(
      "select id from app_public.allocations where name = 'Series A Direct'",
    );
    await issuer.goto(`/distribute-allocation/${allocations[0]?.id}/allocation`);
    const qualifications = issuer.getByTestId("allocation-qualifications");
    await choose(
      qualifications,
      issuer,
      "Add a form as a qualification",
      "Accredited investor (accredited-investor, version 2)",
    );
    await qualifications.getByRole("button", { name: "Add Form" }).click();
    await expect
      .poll(
        async () =>
          (
            await e2e.server.server.db.query<{ steps: unknown }>(
              `select v.steps from app_public.allocation_qualifications q
                 join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
                where q.allocation_id = $1 and v.name = 'Accredited investor (version 2)'`,
              [allocations[0]?.id],
            )
          ).rows[0]?.steps,
        { timeout: 30_000 },
      )
      .toEqual([{ type: "form", renderAttributes: {}, schema: { formKey: "accredited-investor", formVersion: 2 } }]);
    await expect
      .poll(() =>
        qualifications.getByTestId("qualification-row").filter({ hasText: "Accredited investor (version 2)" }).count(),
      )
      .toBe(1);
    await shots(issuer, "issuer-form-qualification");
  }, 300_000);
});
