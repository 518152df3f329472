// A document chosen offline (issue 31, item 3): an issuer adds a security document (a small PDF) with no network;
// it waits on the device with its name, size and a preview, its row shows at once; after an offline reload it still
// waits; back online it uploads once, downloads intact and exists once.
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 150 });

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
  await e2e?.close();
});

const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

describe("a security document chosen offline", () => {
  it("waits on the device across an offline reload, then uploads once and downloads intact", async () => {
    const context = await newContext(e2e.browser, e2e.url);
    contexts.push(context);
    const page = await signIn(context, "issuer@demo.test");
    await waitForPath(page, "/dashboard");
    // the service worker serves the app for the offline reload
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const { rows } = await e2e.server.server.db.query<{ id: string }>(
      "select id from app_public.securities where name = 'Northwind Series A Preferred Stock'",
    );
    await page.goto(`/security/${rows[0]!.id}`);
    await page.getByTestId("security-card").waitFor();
    // the sharing options are read once online (kept for offline use)
    await page.getByRole("button", { name: "Upload document" }).click();
    await page.getByRole("dialog").getByTestId("share-options").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    await setOffline(context, true);
    await page.getByRole("button", { name: "Upload document" }).click();
    await page
      .getByRole("dialog")
      .getByLabel("File")
      .setInputFiles({ name: "Offline minutes.pdf", mimeType: "application/pdf", buffer: Buffer.from(PDF) });
    await page.getByRole("dialog").getByTestId("share-options").getByText("Investors").click();
    await page.getByRole("dialog").getByRole("button", { name: "Upload" }).click();
    await page.getByText("Kept on this device: it uploads when you are back online.").waitFor();

    const waiting = page.getByTestId("waiting-upload").filter({ hasText: "Offline minutes.pdf" });
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain(`${PDF.length} B`);
    expect(await waiting.getByTestId("upload-preview").getAttribute("data")).toMatch(/^blob:/);
    const byMe = page.getByRole("table", { name: "Documents Shared By Me" });
    await poll(() => byMe.getByTestId("document-row").filter({ hasText: "Offline minutes" }).count()).toBe(1);

    await page.reload();
    await page.getByTestId("security-card").waitFor();
    const still = page.getByTestId("waiting-upload").filter({ hasText: "Offline minutes.pdf" });
    await still.waitFor();
    expect(await still.getByTestId("waiting-upload-status").textContent()).toBe("Waiting for the network");
    expect(await still.getByTestId("upload-preview").getAttribute("data")).toMatch(/^blob:/);
    const none = await e2e.server.server.db.query("select 1 from app_public.documents where name = 'Offline minutes'");
    expect(none.rows).toHaveLength(0);

    await setOffline(context, false);
    await poll(() => page.getByTestId("waiting-upload").count(), 60_000).toBe(0);
    const row = byMe.getByTestId("document-row").filter({ hasText: "Offline minutes" });
    await poll(() => row.getByTestId("upload-status").textContent(), 60_000).toBe("Uploaded");
    const documents = await e2e.server.server.db.query<{ id: string; upload_status: string }>(
      "select id, upload_status from app_public.documents where name = 'Offline minutes'",
    );
    expect(documents.rows).toHaveLength(1);
    expect(documents.rows[0]!.upload_status).toBe("uploaded");
    const href = await row.getByRole("link", { name: "Download Offline minutes" }).getAttribute("href");
    const download = await page.request.get(href ?? "");
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe(PDF);
    const slots = await e2e.server.server.db.query(
      "select 1 from app_private.upload_slots where file_name like 'Offline minutes%'",
    );
    expect(slots.rows).toHaveLength(1);
  });
});
