// /securities, /security/{id} and documents in a real browser against the real server: the table (ATS column for
// issuers, filter by name, sort by latest price), creating a security, the security card, uploading a document
// (file types, the 100 MB rule's 413, sharing options 2 per row, live status), download, "Shared With" vs "Shared
// Via", delete, and offline: the documents list, the upload stays open (the file waits on the device: see
// documents-offline.e2e.test.ts), downloads say they need a connection.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 150 });

let e2e: E2E;
const contexts: BrowserContext[] = [];

async function context(): Promise<BrowserContext> {
  const created = await newContext(e2e.browser, e2e.url);
  contexts.push(created);
  return created;
}

beforeAll(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  delete process.env.UPLOAD_MAX_BYTES;
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
});

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await e2e.server.server.db.query<T>(text, params)).rows;
}

const securityNames = (page: Page) => page.getByTestId("security-row").locator("td:first-child a").allTextContents();

async function openSecurities(email: string, home: string): Promise<Page> {
  const page = await signIn(await context(), email);
  await waitForPath(page, home);
  if (home !== "/securities") {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Securities" }).click();
    await waitForPath(page, "/securities");
  }
  return page;
}

async function openSecurity(page: Page, name: string): Promise<void> {
  const id = (await sql<{ id: string }>("select id from app_public.securities where name = $1", [name]))[0]!.id;
  await page.goto(`/security/${id}`);
  await page.getByTestId("security-card").waitFor();
}

async function chooseFile(page: Page, name: string, content: string): Promise<void> {
  await page
    .getByRole("dialog")
    .getByLabel("File")
    .setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from(content) });
}

const byMe = (page: Page) => page.getByRole("table", { name: "Documents Shared By Me" });
const withMe = (page: Page) => page.getByRole("table", { name: "Documents Shared With Me" });

describe("securities table", () => {
  it("issuer: sorted by latest price, ATS column, filter by name, empty text", async () => {
    const page = await openSecurities("issuer@demo.test", "/dashboard");
    await poll(() => securityNames(page)).toEqual([
      "Northwind 6.5% Green Notes 2030",
      "Northwind Infrastructure Fund I LP Units",
      "Northwind Series A Preferred Stock",
    ]);
    const header = await page.getByRole("table", { name: "Securities" }).locator("th").allTextContents();
    expect(header).toContain("ATS");
    const preferred = page.getByTestId("security-row").filter({ hasText: "Series A Preferred Stock" });
    expect(await preferred.textContent()).toContain("Meridian Alternative Exchange");
    expect(await preferred.textContent()).toContain("$1.25");
    expect(await page.getByTestId("security-row").filter({ hasText: "Green Notes" }).textContent()).toContain(
      "Unlisted",
    );
    await screenshot(page, "securities-issuer");

    await page.getByRole("button", { name: /Latest price/ }).click();
    await poll(() => securityNames(page).then((names) => names[0])).toBe("Northwind Series A Preferred Stock");
    await page.getByLabel("Filter by name").fill("FUND");
    await poll(() => securityNames(page)).toEqual(["Northwind Infrastructure Fund I LP Units"]);
    await page.getByLabel("Filter by name").fill("no such security");
    await page.getByText("No securities found.").waitFor();
  });

  it("issuer creates a security with the spec's messages", async () => {
    const page = await openSecurities("issuer@demo.test", "/dashboard");
    await poll(() => page.getByTestId("security-row").count()).toBeGreaterThan(2);
    await page.getByRole("button", { name: "Create security" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await poll(() => page.getByRole("dialog").locator('[data-part="error-text"]').allTextContents()).toEqual([
      "Name is a required field.",
      "Total is required.",
    ]);
    await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill("Northwind Common Stock");
    await page.getByRole("dialog").getByLabel("Total", { exact: true }).fill("25,000,000");
    await page.getByRole("dialog").getByLabel("Symbol", { exact: true }).fill("nwcs");
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await poll(() => securityNames(page)).toContain("Northwind Common Stock");
    await poll(() =>
      sql("select total::text, symbol from app_public.securities where name = 'Northwind Common Stock'"),
    ).toEqual([{ total: "25000000", symbol: "NWCS" }]);
  });

  it("ats: lands on the securities listed on it, without the ATS column or create", async () => {
    const page = await openSecurities("ats@demo.test", "/securities");
    await poll(() => securityNames(page)).toEqual(["Northwind Series A Preferred Stock"]);
    expect(await page.getByRole("table", { name: "Securities" }).locator("th").allTextContents()).not.toContain("ATS");
    expect(await page.getByRole("button", { name: "Create security" }).count()).toBe(0);
  });

  it("issuer viewer: reads securities and documents without create, upload or delete", async () => {
    const page = await openSecurities("issuer-viewer@demo.test", "/dashboard");
    await poll(() => page.getByTestId("security-row").count()).toBeGreaterThan(2);
    expect(await page.getByRole("button", { name: "Create security" }).count()).toBe(0);
    await openSecurity(page, "Northwind Series A Preferred Stock");
    await poll(() => byMe(page).getByTestId("document-row").count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Upload document" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Delete / }).count()).toBe(0);
  });
});

describe("security page and documents", () => {
  it("issuer: card, uploads a shared document, sees it uploaded and downloads it; the exchange sees it Shared Via", async () => {
    const page = await openSecurities("issuer@demo.test", "/dashboard");
    await openSecurity(page, "Northwind Series A Preferred Stock");
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).textContent()).toBe(
      "SecuritiesNorthwind Series A Preferred Stock",
    );
    expect(
      await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Securities" }).count(),
    ).toBe(1);
    const card = await page.getByTestId("security-card").textContent();
    expect(card).toContain("$1.25");
    expect(card).toContain("$12,500,000.00");
    expect(card).toContain("Meridian Alternative Exchange");
    await poll(() =>
      byMe(page).getByTestId("document-row").filter({ hasText: "Series A Offering Memorandum" }).count(),
    ).toBe(1);
    expect(await withMe(page).count()).toBe(0);
    await page.getByText("No documents found").first().waitFor();

    await page.getByRole("button", { name: "Upload document" }).click();
    const options = page.getByRole("dialog").getByTestId("share-options");
    await poll(() => options.locator('[data-part="label"]').allTextContents()).toEqual([
      "Brokers",
      "Investors",
      "Trading systems",
    ]);
    expect(await options.evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length)).toBe(2);
    await chooseFile(page, "setup.exe", "MZ");
    await page.getByRole("dialog").getByRole("button", { name: "Upload" }).click();
    await page.getByRole("dialog").getByText("Only csv, tsv, pdf, xls and txt files can be uploaded.").waitFor();

    await chooseFile(page, "Board minutes.txt", "Minutes of the board, 2026.");
    await options.getByText("Trading systems").click();
    await screenshot(page, "security-upload-dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Upload" }).click();
    await page.getByText("File Successfully Uploaded!").waitFor();
    const row = byMe(page).getByTestId("document-row").filter({ hasText: "Board minutes" });
    await poll(() => row.getByTestId("upload-status").textContent()).toBe("Uploaded");
    expect(await row.textContent()).toContain("Trading systems");
    expect(await row.textContent()).toContain("Northwind Renewables, Inc.");
    const href = await row.getByRole("link", { name: "Download Board minutes" }).getAttribute("href");
    const download = await page.request.get(href ?? "");
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe("Minutes of the board, 2026.");
    await screenshot(page, "security-issuer");

    const ats = await signIn(await context(), "ats@demo.test");
    await waitForPath(ats, "/securities");
    await openSecurity(ats, "Northwind Series A Preferred Stock");
    const shared = withMe(ats).getByTestId("document-row").filter({ hasText: "Board minutes" });
    await poll(() => shared.count()).toBe(1);
    const headers = await withMe(ats).locator("th").allTextContents();
    expect(headers).toContain("Shared Via");
    expect(headers).not.toContain("Upload status");
    expect(await shared.textContent()).toContain("Trading systems");
    expect(await shared.getByRole("button", { name: /Delete/ }).count()).toBe(0);
    await screenshot(ats, "security-ats");
  });

  it("a file over the limit: 413 text, and the row says the upload failed; the owner deletes it", async () => {
    const page = await openSecurities("issuer@demo.test", "/dashboard");
    await openSecurity(page, "Northwind 6.5% Green Notes 2030");
    process.env.UPLOAD_MAX_BYTES = "1024";
    await page.getByRole("button", { name: "Upload document" }).click();
    await chooseFile(page, "Large ledger.csv", "x".repeat(8_000));
    await page.getByRole("dialog").getByRole("button", { name: "Upload" }).click();
    // kept on the device, then refused by the server: the waiting file says why
    await page.getByTestId("waiting-upload-status").filter({ hasText: "Error: File is larger than 100MB" }).waitFor();
    const row = byMe(page).getByTestId("document-row").filter({ hasText: "Large ledger" });
    await poll(() => row.getByTestId("upload-status").textContent()).toBe(
      "Upload failed, please check file size and retry",
    );
    expect(await row.getByRole("link", { name: /Download/ }).count()).toBe(0);

    await row.getByRole("button", { name: "Delete Large ledger" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await poll(() => row.count()).toBe(0);
    await poll(() => sql("select 1 from app_public.documents where name = 'Large ledger'")).toHaveLength(0);
  });

  it("offline: documents still list, uploading stays open, downloading says it needs a connection", async () => {
    const ctx = await context();
    const page = await signIn(ctx, "issuer@demo.test");
    await waitForPath(page, "/dashboard");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await openSecurity(page, "Northwind Series A Preferred Stock");
    await poll(() => byMe(page).getByTestId("document-row").count()).toBeGreaterThan(0);
    await setOffline(ctx, true);
    await page.reload();
    await poll(() => byMe(page).getByTestId("document-row").count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Upload document" }).isDisabled()).toBe(false);
    expect(
      await byMe(page)
        .getByRole("link", { name: /Download/ })
        .count(),
    ).toBe(0);
    await screenshot(page, "security-offline");
  });

  it("broker: reads a security page with the documents shared with brokers", async () => {
    const page = await signIn(await context(), "broker@demo.test");
    await waitForPath(page, "/dashboard");
    await openSecurity(page, "Northwind Series A Preferred Stock");
    await poll(() =>
      withMe(page).getByTestId("document-row").filter({ hasText: "Series A Offering Memorandum" }).count(),
    ).toBe(1);
    expect(await page.getByRole("button", { name: "Upload document" }).count()).toBe(0);
    // Securities > name, but a broker cannot open /securities: the crumb is text, not a link
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.textContent()).toBe("SecuritiesNorthwind Series A Preferred Stock");
    expect(await breadcrumb.getByRole("link").count()).toBe(0);
  });
});
