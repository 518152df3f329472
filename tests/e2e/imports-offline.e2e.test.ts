// Imports chosen offline (issue 31, item 3): with no network an issuer imports a contacts CSV (checked on the device),
// chooses an OCF package and adds a signing template PDF; they wait on the device (the file with its name and size,
// the PDF previewed), the server has none of them, and they survive offline page loads and a reload. Back online each
// file is uploaded once and then its command applied once (the contacts read from the uploaded file, the template
// made of it), and the kept package is previewed by the server by itself.
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, serviceWorkerReady, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

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

async function count(sql: string, values: unknown[]): Promise<number> {
  const { rows } = await e2e.server.server.db.query<{ n: number }>(`select count(*)::int as n from (${sql}) s`, values);
  return rows[0]?.n ?? 0;
}

describe("imports chosen offline", () => {
  it("a contacts CSV, an OCF package and a signing template wait on the device across an offline reload, then apply once", async () => {
    const context = await newContext(e2e.browser, e2e.url);
    contexts.push(context);
    const page = await signIn(context, "issuer@demo.test");
    await waitForPath(page, "/dashboard");
    await serviceWorkerReady(page);
    // both screens once online (their rows are then on the device)
    await page.goto("/docusign/templates");
    await page.getByTestId("signing-account").getByRole("button", { name: "Sync template list" }).waitFor();
    await page.goto("/contacts");
    await page.getByTestId("contact-row").first().waitFor();
    const ocfZip = await (await page.request.get("/api/v2/reports/ocf")).body(); // this issuer's own package

    await setOffline(context, true);
    const stamp = Date.now();
    const emails = [`field-a-${stamp}@example.test`, `field-b-${stamp}@example.test`];
    const csv = ["Contact Name,Email", `Field Ada,${emails[0]}`, `Field Alan,${emails[1]}`].join("\n");
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog");
    await dialog
      .getByTestId("contacts-file")
      .setInputFiles({ name: "field.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByTestId("import-ready").waitFor();
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.waitFor({ state: "detached" });
    const pendingImport = page.getByTestId("import-pending");
    expect(await pendingImport.textContent()).toContain(`Import of field.csv (${csv.length} B) is waiting to sync`);

    // an OCF package: the server reads it, so it is only kept (offline page loads, served by the service worker)
    await page.goto("/reports");
    const ocf = page.getByTestId("ocf-import");
    await ocf.getByTestId("ocf-kept-offline").waitFor();
    await ocf
      .getByTestId("ocf-file")
      .setInputFiles({ name: "field-captable.zip", mimeType: "application/zip", buffer: ocfZip });
    await ocf.getByTestId("ocf-kept").getByText("field-captable.zip").waitFor();

    await page.goto("/docusign/templates");
    const account = page.getByTestId("signing-account");
    await account.getByTestId("upload-offline").waitFor();
    const templateName = `Field Subscription ${stamp}`;
    await page
      .locator("#signing-template-file")
      .setInputFiles({ name: `${templateName}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(PDF) });
    const waiting = account.getByTestId("waiting-upload").filter({ hasText: `${templateName}.pdf` });
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain(`${PDF.length} B`);
    expect(await waiting.getByTestId("upload-preview").getAttribute("data")).toMatch(/^blob:/);

    await page.reload();
    const still = page.getByTestId("waiting-upload").filter({ hasText: `${templateName}.pdf` });
    await still.waitFor();
    expect(await still.getByTestId("waiting-upload-status").textContent()).toBe("Waiting for the network");
    await page.goto("/contacts");
    await pendingImport.waitFor();
    expect(await pendingImport.textContent()).toContain("field.csv");
    expect(await count("select 1 from app_public.customers where email = any($1)", [emails])).toBe(0);
    expect(await count("select 1 from app_public.signing_templates where name = $1", [templateName])).toBe(0);

    await setOffline(context, false);
    await poll(() => count("select 1 from app_public.customers where email = any($1)", [emails]), 60_000).toBe(2);
    await pendingImport.waitFor({ state: "detached", timeout: 30_000 });
    await page.getByTestId("contact-row").filter({ hasText: emails[0] }).waitFor();
    // each file uploaded once (the PDF after a retry at times), then the template made once its file is there
    const slots = () =>
      e2e.server.server.db
        .query<{ file_name: string; status: string }>(
          "select file_name, status from app_private.upload_slots where file_name in ($1, $2)",
          ["field.csv", `${templateName}.pdf`],
        )
        .then(({ rows }) => rows.map((slot) => [slot.file_name, slot.status]).sort());
    await poll(slots, 90_000).toEqual([
      [`${templateName}.pdf`, "uploaded"],
      ["field.csv", "uploaded"],
    ]);
    await poll(() => count("select 1 from app_public.signing_templates where name = $1", [templateName]), 90_000).toBe(
      1,
    );
    // the package kept across the offline page loads is read by the server now: its preview shows by itself
    await page.goto("/reports");
    await page.getByTestId("ocf-import").getByTestId("ocf-preview").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("ocf-kept").textContent()).toContain(`field-captable.zip (`);
    await page.getByRole("button", { name: "Discard field-captable.zip" }).click();
    await page.getByTestId("ocf-kept").waitFor({ state: "detached" });
    // nothing left waiting on the device
    await page.goto("/docusign/templates");
    await page.getByTestId("signing-templates").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("waiting-upload").count()).toBe(0);
  });
});
