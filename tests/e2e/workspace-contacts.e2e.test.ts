// /contacts in a real browser against the real server: the list from the replica, the form's messages, edit in
// place, the CSV import (bad rows named, nothing sent; a clean file uploaded and imported whole; a row the server
// refuses named; offline, the rows queued and imported on reconnect), who may change contacts, and the offline flow:
// add offline, reload offline and still see it pending, reconnect and find exactly one row.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });

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
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
});

async function serverContacts(email: string): Promise<Array<{ name: string | null; email: string }>> {
  const { rows } = await e2e.server.server.db.query<{ name: string | null; email: string }>(
    "select name, email from app_public.customers where lower(email) = lower($1)",
    [email],
  );
  return rows;
}

async function uploadedFiles(fileName: string): Promise<Array<{ status: string; content: string | null }>> {
  const { rows } = await e2e.server.server.db.query<{ status: string; content: string | null }>(
    "select status, content from app_private.upload_slots where file_name = $1",
    [fileName],
  );
  return rows;
}

async function openContacts(email: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await context();
  const page = await signIn(ctx, email);
  await page.goto("/contacts");
  await waitForPath(page, "/contacts");
  return { ctx, page };
}

const rowOf = (page: Page, text: string) => page.getByTestId("contact-row").filter({ hasText: text });

let unique = 0;
const fresh = (tag: string) => `${tag}-${Date.now()}-${++unique}@e2e.test`;

describe("contacts of an issuer owner", () => {
  it("lists the replica's contacts with contact name, account name and email", async () => {
    const { page } = await openContacts("issuer@demo.test");
    await page.getByTestId("contact-row").first().waitFor();
    const headers = await page.getByTestId("contacts-table").locator("thead th").allTextContents();
    expect(headers.slice(0, 3)).toEqual(["Contact Name", "Account Name", "Email"]);
    // a demo contact made by a distribution: Daniel Kim of the Kim Family Trust
    const kim = rowOf(page, "investor2@demo.test");
    await kim.waitFor();
    expect(await kim.locator("td").nth(0).textContent()).toContain("Daniel Kim");
    expect(await kim.locator("td").nth(1).textContent()).toBe("Kim Family Trust");
    await screenshot(page, "contacts-issuer");
  });

  it("adds a contact with the spec's messages and edits it in place", async () => {
    const { page } = await openContacts("issuer@demo.test");
    await page.getByTestId("contact-row").first().waitFor();
    await page.getByRole("button", { name: "Add contact" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await dialog.getByText("Contact Name is required.").waitFor();
    await dialog.getByText("Email is required.").waitFor();
    await dialog.getByLabel("Contact Name").fill("Grace Hopper");
    await dialog.getByLabel("Email").fill("grace@");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await dialog.getByText("Please enter a valid email address.").waitFor();
    await dialog.getByLabel("Email").fill("investor2@demo.test");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await dialog.getByText("A contact with this email already exists.").waitFor();
    const email = fresh("grace");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await dialog.waitFor({ state: "detached" });

    const row = rowOf(page, email);
    await row.waitFor();
    // the server has it, and the replica shows it without a pending mark
    await poll(async () => (await serverContacts(email)).length).toBe(1);
    await poll(() => row.getAttribute("data-pending")).toBeNull();

    await row.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByTestId("contact-edit-row");
    await edit.getByLabel("Contact Name").fill(" ");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.getByText("Contact Name is required.").waitFor();
    await edit.getByLabel("Contact Name").fill("Grace B. Hopper");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await poll(async () => (await serverContacts(email))[0]?.name).toBe("Grace B. Hopper");
    await poll(() => rowOf(page, email).locator("td").first().textContent()).toContain("Grace B. Hopper");
  });

  it("imports a CSV file: bad rows are named and nothing is sent; a clean file is imported whole", async () => {
    const { page } = await openContacts("issuer@demo.test");
    await page.getByTestId("contact-row").first().waitFor();
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog");
    const good = fresh("import-good");
    const bad = ["Contact Name,Email", `Good Row,${good}`, `,${fresh("noname")}`, "No Email,", "Bad Email,nope"].join(
      "\n",
    );
    await dialog
      .getByTestId("contacts-file")
      .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    const errors = dialog.getByTestId("import-errors");
    await errors.waitFor();
    expect(await errors.locator("li").allTextContents()).toEqual([
      "Row 3: Contact Name is required.",
      "Row 4: Email is required.",
      "Row 5: Please enter a valid email address.",
    ]);
    expect(await dialog.getByRole("button", { name: "Import" }).isDisabled()).toBe(true);
    await screenshot(page, "contacts-import-errors");

    const first = fresh("import-a");
    const second = fresh("import-b");
    const clean = ["Contact Name,Email", `Ada Import,${first}`, `Alan Import,${second}`].join("\n");
    await dialog
      .getByTestId("contacts-file")
      .setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(clean) });
    await dialog.getByTestId("import-ready").waitFor();
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.waitFor({ state: "detached" });
    await rowOf(page, first).waitFor();
    await rowOf(page, second).waitFor();
    await poll(async () => (await serverContacts(first)).length + (await serverContacts(second)).length).toBe(2);
    expect(await serverContacts(good)).toEqual([]);
    // online, the file itself went up (makeFileLocation, multipart POST) and the server read it
    expect(await uploadedFiles("good.csv")).toEqual([{ status: "uploaded", content: clean }]);
  });

  it("a row the server refuses after the device's check (an email added meanwhile) is named and nothing is imported", async () => {
    const { page } = await openContacts("issuer@demo.test");
    await page.getByTestId("contact-row").first().waitFor();
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog");
    const kept = fresh("race-kept");
    const taken = fresh("race-taken");
    await dialog.getByTestId("contacts-file").setInputFiles({
      name: "race.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(["Contact Name,Email", `Kept Row,${kept}`, `Taken Row,${taken}`].join("\n")),
    });
    await dialog.getByTestId("import-ready").waitFor();
    // another device adds the second email before this one imports
    await e2e.server.server.db.query(
      `with investor as (insert into app_public.accounts (name, type, email) values ('Elsewhere', 'investor', $1)
                         returning id)
       insert into app_public.customers (account_id, investor_id, email, name)
       select a.id, investor.id, $1, 'Elsewhere' from app_public.accounts a, investor
        where a.name = 'Northwind Renewables, Inc.'`,
      [taken],
    );
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.waitFor({ state: "detached" });
    const refused = page.getByTestId("import-rejected");
    await refused.waitFor({ timeout: 20_000 });
    expect(await refused.locator("li").allTextContents()).toEqual(["Row 3: A contact with this email already exists."]);
    expect(await serverContacts(kept)).toEqual([]);
    await screenshot(page, "contacts-import-refused");
    await refused.getByRole("button", { name: "Dismiss" }).click();
    await refused.waitFor({ state: "detached" });
  });

  it("offers the example file for download", async () => {
    const { page } = await openContacts("issuer@demo.test");
    await page.getByRole("button", { name: "Import CSV" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download example file" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("contacts.csv");
  });
});

describe("offline", () => {
  it("adds a contact offline, keeps it pending across an offline reload, and sends it exactly once", async () => {
    const { ctx, page } = await openContacts("issuer@demo.test");
    await page.getByTestId("contact-row").first().waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await setOffline(ctx, true);
    const email = fresh("offline");
    await page.getByRole("button", { name: "Add contact" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Contact Name").fill("Offline Olivia");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await dialog.waitFor({ state: "detached" });
    const row = rowOf(page, email);
    await row.getByTestId("pending-mark").waitFor();

    await page.reload();
    await waitForPath(page, "/contacts");
    await rowOf(page, email).getByTestId("pending-mark").waitFor();
    expect(await rowOf(page, email).locator("td").first().textContent()).toContain("Offline Olivia");
    expect(await serverContacts(email)).toEqual([]);
    await screenshot(page, "contacts-offline-pending");

    await setOffline(ctx, false);
    await poll(async () => (await serverContacts(email)).length).toBe(1);
    await poll(() => rowOf(page, email).getAttribute("data-pending")).toBeNull();
    expect(await rowOf(page, email).count()).toBe(1);
    expect(await serverContacts(email)).toEqual([{ name: "Offline Olivia", email }]);
  });
});

describe("offline import", () => {
  it("keeps the checked file on the device and imports it once back online (uploaded first, then read)", async () => {
    const { ctx, page } = await openContacts("issuer@demo.test");
    await page.getByTestId("contact-row").first().waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await setOffline(ctx, true);
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog");
    const first = fresh("offline-import-a");
    const second = fresh("offline-import-b");
    await dialog.getByTestId("contacts-file").setInputFiles({
      name: "offline.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(["Contact Name,Email", `Off Ada,${first}`, `Off Alan,${second}`].join("\n")),
    });
    await dialog.getByTestId("import-ready").waitFor();
    expect(await dialog.getByTestId("import-offline").textContent()).toBe(
      "You are offline: the contacts will be imported when you reconnect.",
    );
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByTestId("import-pending").textContent()).toContain("Import of offline.csv (");
    expect(await serverContacts(first)).toEqual([]);

    await setOffline(ctx, false);
    await poll(async () => (await serverContacts(first)).length + (await serverContacts(second)).length).toBe(2);
    await rowOf(page, first).waitFor();
    await page.getByTestId("import-pending").waitFor({ state: "detached" });
    expect(await uploadedFiles("offline.csv")).toEqual([
      { status: "uploaded", content: ["Contact Name,Email", `Off Ada,${first}`, `Off Alan,${second}`].join("\n") },
    ]);
  });
});

describe("who may change contacts", () => {
  for (const email of ["issuer-viewer@demo.test", "agent@demo.test", "ats@demo.test"]) {
    it(`${email} reads but cannot add, import or edit`, async () => {
      const { page } = await openContacts(email);
      await page.getByRole("heading", { name: "Contacts" }).waitFor();
      expect(await page.getByRole("button", { name: "Add contact" }).isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Import CSV" }).isDisabled()).toBe(true);
      // the viewer's issuer and the ats keep contact lists (the ats: Emma Lawson); the agent has none
      if (email !== "agent@demo.test") {
        const first = page.getByTestId("contact-row").first();
        await first.waitFor();
        expect(await first.getByRole("button", { name: /^Edit/ }).isDisabled()).toBe(true);
      } else {
        await page.getByText("No contacts found.").waitFor();
      }
    });
  }
});
