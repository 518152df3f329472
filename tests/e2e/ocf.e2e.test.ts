// The Open Cap Format package in a real browser (issue 20): the issuer downloads its OCF package from /reports
// (with the summary naming what OCF cannot express), another issuer's owner imports that file with its preview and
// finds the holdings in its ledger, and a bad package is refused in the preview with the file and object named;
// a platform admin creates a new issuer from a package on /admin/.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildPackage, smallPackage, unzipOcf } from "../helpers/ocf.ts";
import { type E2E, newContext, resultsDir, screenshot, signIn, startE2E, waitForPath } from "./app.ts";
import { expectPeopleText } from "./visible-text.ts";

let e2e: E2E;
const contexts: BrowserContext[] = [];
const IMPORTER = "importer@ocf-e2e.test";
const SHOTS = "/tmp/shots/ocf";

async function context(): Promise<BrowserContext> {
  const created = await newContext(e2e.browser, e2e.url);
  contexts.push(created);
  return created;
}

beforeAll(async () => {
  e2e = await startE2E();
  // An issuer with no cap table yet, owned by a user of its own (the demo password, terms accepted).
  await e2e.server.server.db.query(
    `with a as (insert into app_public.accounts (type, name, email, setup)
                values ('issuer', 'Importer Robotics Inc.', 'ir@importer-robotics.example', true) returning id),
     u as (insert into app_public.users (first_name, last_name) values ('Iris', 'Porter') returning id),
     e as (insert into app_public.user_emails (user_id, email, is_verified, is_primary)
           select id, $1, true, true from u),
     s as (insert into app_private.user_secrets (user_id, password_hash)
           select u.id, x.password_hash from u, app_private.user_secrets x
             join app_public.user_emails ue on ue.user_id = x.user_id where ue.email = 'issuer@demo.test'),
     t as (insert into app_public.terms_acceptances (terms_id, user_id)
           select tos.id, u.id from app_public.terms_of_service tos, u where tos.active)
     insert into app_public.users_accounts (user_id, account_id, role) select u.id, a.id, 'account_owner' from u, a`,
    [IMPORTER],
  );
  mkdirSync(SHOTS, { recursive: true });
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
});

async function openReports(email: string): Promise<Page> {
  const page = await signIn(await context(), email);
  await page.goto("/reports");
  await waitForPath(page, "/reports");
  return page;
}

/** Both sizes, each checked for people's words (visible-text.ts) before its picture. */
async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectPeopleText(page, `${name} (desktop)`);
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPeopleText(page, `${name} (phone)`);
  await page.screenshot({ path: join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("OCF package", () => {
  it("downloads the issuer's package, imports it into another issuer with a preview, and refuses a bad package", async () => {
    // 1. Export: the card next to Cap Table and Contacts, with the summary, and the download.
    const issuer = await openReports("issuer@demo.test");
    const card = issuer.getByTestId("report-ocf");
    // the card shows once the reports page has read the session and the device's data: seconds under load
    await expect
      .poll(() => card.getByRole("heading", { name: "OCF package" }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect
      .poll(() => issuer.getByTestId("ocf-summary").textContent(), { timeout: 20_000 })
      .toContain("3 issuances, 5 stakeholders, 1 stock class");
    const summary = (await issuer.getByTestId("ocf-summary").textContent()) ?? "";
    expect(summary).toContain('Debt asset "Northwind Green Bonds 2030" with 1 holding (25.00 units)');
    expect(summary).toContain('Fund asset "Northwind Infrastructure Fund I" with 1 holding (25,000.00 units)');
    await shots(issuer, "ocf-reports");
    const [download] = await Promise.all([
      issuer.waitForEvent("download"),
      card.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ocf_\d{4}_\d{2}_\d{2}\.zip$/);
    const zipPath = join(resultsDir, "ocf-northwind.zip");
    await download.saveAs(zipPath);
    const files = unzipOcf(readFileSync(zipPath));
    expect(files.get("Manifest.ocf.json")?.ocf_version).toBe("1.2.0");
    const issuances = [...files.values()]
      .flatMap((f) => f.items ?? [])
      .filter((i) => i.object_type === "TX_STOCK_ISSUANCE");
    expect(issuances).toHaveLength(3);

    // 2. Import: another issuer's owner previews the file, then imports it.
    const importer = await openReports(IMPORTER);
    const panel = importer.getByTestId("ocf-import");
    // the app's button, reached by keyboard, opens the file chooser; the chosen file's name shows beside it
    const choose = panel.getByRole("button", { name: /^Choose file/ });
    expect(await panel.getByTestId("ocf-file-name").textContent()).toBe("No file chosen");
    // (press focuses the button, then Enter: the card may render again as the reports' data arrives)
    const [chooser] = await Promise.all([importer.waitForEvent("filechooser"), choose.press("Enter")]);
    await chooser.setFiles(zipPath);
    await expect.poll(() => panel.getByTestId("ocf-file-name").textContent()).toBe("ocf-northwind.zip");
    await panel.getByRole("button", { name: "Preview" }).click();
    const preview = panel.getByTestId("ocf-preview");
    await expect.poll(() => preview.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await preview.getByTestId("ocf-preview-issuances").textContent()).toContain("3");
    expect(await preview.getByTestId("ocf-preview-stakeholders").textContent()).toContain(
      "5 (0 matched to your contacts, 5 new)",
    );
    // the app's formats: units 0,0.00, dates as elsewhere (not ISO)
    const financing = preview.getByRole("table", { name: "Financings" }).getByRole("row").nth(1);
    expect(await financing.getByRole("cell").allTextContents()).toEqual([
      "Seed",
      "January 15th 2024",
      "3",
      "740,000.00",
    ]);
    expect(await panel.getByTestId("ocf-problems").textContent()).toContain("No problems");
    const before = await e2e.server.server.db.query<{ n: number }>(
      `select count(*)::int as n from app_public.holdings h join app_public.rounds r on r.id = h.round_id
         join app_public.assets a on a.id = r.asset_id join app_public.accounts ac on ac.id = a.issuer_id
        where ac.name = 'Importer Robotics Inc.'`,
    );
    expect(before.rows[0]?.n).toBe(0);
    await shots(importer, "ocf-import-preview");
    // The first confirm reaches the server but its answer is lost: the card says it failed, and the second click
    // sends the same idempotency key, so the package is imported once (docs/OCF.md "Confirm once").
    const confirmPath = "**/api/v2/imports/ocf/confirm";
    const keys: string[] = [];
    await importer.route(confirmPath, async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      await route.fetch();
      await route.abort("failed");
    });
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    await expect
      .poll(() => panel.getByRole("alert").textContent(), { timeout: 30_000 })
      .toBe(
        "The import's answer did not arrive (the network failed). Import again: a package is never imported twice.",
      );
    await importer.unroute(confirmPath);
    importer.on("request", (request) => {
      if (request.url().includes("/api/v2/imports/ocf/confirm")) keys.push(request.headers()["idempotency-key"] ?? "");
    });
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    await expect
      .poll(() => panel.getByTestId("ocf-imported").textContent(), { timeout: 30_000 })
      .toBe("Imported 3 issuances for 5 stakeholders in 1 stock class.");
    // the package card now counts what was imported
    await expect
      .poll(() => importer.getByTestId("ocf-summary").textContent(), { timeout: 20_000 })
      .toContain("3 issuances, 5 stakeholders, 1 stock class");
    const after = await e2e.server.server.db.query<{ n: number; units: string }>(
      `select count(*)::int as n, sum(h.amount)::text as units from app_public.holdings h
         join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id
         join app_public.accounts ac on ac.id = a.issuer_id where ac.name = 'Importer Robotics Inc.'`,
    );
    expect(after.rows[0]).toEqual({ n: 3, units: "740000" });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);

    // 3. A bad package: the preview lists the problem with its file, and Import stays disabled; nothing written.
    const badPath = join(resultsDir, "ocf-bad.zip");
    writeFileSync(
      badPath,
      buildPackage(smallPackage(), { md5Override: { "Transactions.ocf.json": "0123456789abcdef0123456789abcdef" } }),
    );
    await panel.getByTestId("ocf-file").setInputFiles(badPath);
    await panel.getByRole("button", { name: "Preview" }).click();
    const problems = panel.getByRole("list", { name: "Problems" });
    await expect.poll(() => problems.textContent(), { timeout: 20_000 }).toContain("md5 mismatch");
    expect(await problems.textContent()).toContain("Transactions.ocf.json");
    // the md5 mismatch, and the financing's issuances that were in the refused file
    expect(await panel.textContent()).toMatch(/\d+ problems? must be fixed in the package before it can be imported\./);
    expect(await panel.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
    await shots(importer, "ocf-import-problems");
    // Not a zip at all: refused with the server's message.
    const junkPath = join(resultsDir, "ocf-junk.zip");
    writeFileSync(junkPath, "not a zip");
    await panel.getByTestId("ocf-file").setInputFiles(junkPath);
    await panel.getByRole("button", { name: "Preview" }).click();
    await expect.poll(() => panel.getByRole("alert").textContent(), { timeout: 20_000 }).toContain("not a zip file");
    const still = await e2e.server.server.db.query<{ n: number }>(
      `select count(*)::int as n from app_public.holdings h join app_public.rounds r on r.id = h.round_id
         join app_public.assets a on a.id = r.asset_id join app_public.accounts ac on ac.id = a.issuer_id
        where ac.name = 'Importer Robotics Inc.'`,
    );
    expect(still.rows[0]?.n).toBe(3);
  }, 240_000);

  it("an admin creates a new issuer from a package on /admin/: owner e-mail, preview, confirm, owner invited", async () => {
    const packagePath = join(resultsDir, "ocf-admin.zip");
    writeFileSync(packagePath, buildPackage(smallPackage()));
    const admin = await signIn(await context(), "admin@demo.test");
    await admin.goto("/admin/");
    await waitForPath(admin, "/admin");
    const panel = admin.getByTestId("ocf-import-new-issuer");
    await expect
      .poll(() => panel.getByRole("heading", { name: "Import an issuer (OCF package)" }).isVisible())
      .toBe(true);
    await panel.getByTestId("ocf-file").setInputFiles(packagePath);
    // the owner e-mail is required before the preview
    await panel.getByRole("button", { name: "Preview" }).click();
    await expect.poll(() => panel.textContent()).toContain("Owner email is required.");
    await panel.getByLabel("Owner email").fill("founder@ocf-e2e.test");
    await panel.getByRole("button", { name: "Preview" }).click();
    const preview = panel.getByTestId("ocf-preview");
    await expect.poll(() => preview.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await preview.getByTestId("ocf-preview-new-issuer").textContent()).toContain("Test Robotics, Inc.");
    expect(await preview.getByTestId("ocf-preview-owner").textContent()).toContain(
      "founder@ocf-e2e.test (no sign-in yet: invited by email)",
    );
    expect(await preview.getByTestId("ocf-preview-stakeholders").textContent()).toContain(
      "2 (0 matched to investor accounts, 2 new)",
    );
    const count = async () =>
      (
        await e2e.server.server.db.query<{ n: number }>(
          "select count(*)::int as n from app_public.accounts where name = 'Test Robotics, Inc.' and type = 'issuer'",
        )
      ).rows[0]?.n;
    expect(await count()).toBe(0);
    await shots(admin, "ocf-admin-preview");
    await panel.getByRole("button", { name: "Create issuer and import" }).click();
    await expect
      .poll(() => panel.getByTestId("ocf-imported").textContent(), { timeout: 30_000 })
      .toBe(
        "Created the issuer Test Robotics, Inc. with 2 imported issuances. founder@ocf-e2e.test was invited by email; following the link in the mail makes them its owner.",
      );
    expect(await count()).toBe(1);
    await shots(admin, "ocf-admin-created");
    // the same package again: an issuer of that name exists now, and the preview says so before Import
    await panel.getByRole("button", { name: "Preview" }).click();
    await expect
      .poll(() => panel.getByTestId("ocf-name-taken").textContent(), { timeout: 20_000 })
      .toContain("An issuer named Test Robotics, Inc. already exists.");
    await shots(admin, "ocf-admin-name-taken");
  }, 120_000);
});
