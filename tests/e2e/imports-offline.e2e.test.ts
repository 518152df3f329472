// Imports chosen offline (issue 31, item 3): with no network an issuer imports a contacts CSV (checked on the device),
// chooses an OCF package and adds a signing template PDF; they wait on the device (the file with its name and size,
// the PDF previewed), the server has none of them, and they survive offline page loads and a reload (the reload comes
// right after the template is chosen: its command is not lost). The sync review names the files, never their keys, and
// signing out warns of the waiting changes and the kept package. Back online each file is uploaded once and then its
// command applied once (the contacts read from the uploaded file, the template made of it); the template's PDF is
// refused by the server at first: the reason shows where it was chosen, its command waits (nothing refused for want
// of it), and "Try again" sends it; the kept package is previewed by the server by itself.
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

    // the sync review names each change's file and the kept package by name, never by the upload's key
    await page.getByTestId("sync-status").click();
    const review = page.getByRole("dialog", { name: "Sync status" });
    await review.getByText("Import contacts from field.csv").waitFor();
    await review.getByText(`Add signing template ${templateName}`).waitFor();
    await review.getByText(/field-captable\.zip \(.+\) is kept on this device\./).waitFor();
    expect(await review.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
    await page.keyboard.press("Escape");
    await review.waitFor({ state: "detached" });
    // signing out would delete them: it asks first, and counts the package kept without a change
    await page.getByTestId("account-menu").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm
      .getByText("2 changes and 1 file made on this device have not reached the server yet.", { exact: false })
      .waitFor();
    await confirm.getByRole("button", { name: "Keep working" }).click();
    await confirm.waitFor({ state: "detached" });

    // the server refuses the template's PDF (as it would a file it cannot take) until the person tries again
    let refusing = true;
    let refusals = 0;
    await context.route("**/api/v2/uploads/*", async (route) => {
      const key = new URL(route.request().url()).pathname.split("/").pop() ?? "";
      const slot = await e2e.server.server.db
        .query<{ file_name: string }>("select file_name from app_private.upload_slots where key::text = $1", [key])
        .then(
          ({ rows }) => rows[0]?.file_name,
          () => undefined,
        );
      const refuse = refusing && slot === `${templateName}.pdf`;
      if (refuse) refusals++;
      // a request cut by a page load cannot be answered: nothing to do
      await (refuse
        ? route.fulfill({
            status: 422,
            contentType: "application/json",
            body: JSON.stringify({ errors: [{ message: "refused", extensions: { code: "LL422" } }] }),
          })
        : route.continue()
      ).catch(() => undefined);
    });

    await setOffline(context, false);
    await poll(() => count("select 1 from app_public.customers where email = any($1)", [emails]), 60_000).toBe(2);
    await pendingImport.waitFor({ state: "detached", timeout: 30_000 });
    await page.getByTestId("contact-row").filter({ hasText: emails[0] }).waitFor();
    // the refused PDF shows its reason where it was chosen; its template waits, and "Try again" sends it
    await page.goto("/docusign/templates");
    const refused = page.getByTestId("waiting-upload").filter({ hasText: `${templateName}.pdf` });
    await poll(() => refused.getByTestId("waiting-upload-status").textContent(), 60_000).toBe(
      "A signing template must be a PDF.",
    );
    expect(refusals).toBeGreaterThan(0);
    expect(await count("select 1 from app_public.signing_templates where name = $1", [templateName])).toBe(0);
    refusing = false;
    await refused.getByRole("button", { name: `Try ${templateName}.pdf again` }).click();
    // each file uploaded once, then the template made once its file is there
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
