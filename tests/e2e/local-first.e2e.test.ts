// Issue 4's browser scenario: a change made offline through a real screen is kept on the device across an offline
// reload, shown as waiting in the top bar's sync status, sent exactly once on reconnect, and reaches a second
// signed-in browser through the live stream without a reload. And a change the server refuses is shown as rejected,
// with its reason, in the sync review, where it can be discarded.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type E2E,
  newContext,
  screenshot,
  serviceWorkerReady,
  setOffline,
  signIn,
  startE2E,
  waitForPath,
} from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
});

async function openContacts(email: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(e2e.browser, e2e.url);
  contexts.push(ctx);
  const page = await signIn(ctx, email);
  await page.goto("/contacts");
  await waitForPath(page, "/contacts");
  await page.getByTestId("contact-row").first().waitFor();
  return { ctx, page };
}

async function serverRows(email: string): Promise<Array<{ name: string | null }>> {
  const { rows } = await e2e.server.server.db.query<{ name: string | null }>(
    "select name from app_public.customers where lower(email) = lower($1)",
    [email],
  );
  return rows;
}

async function addContact(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole("button", { name: "Add contact" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Contact Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Add contact" }).click();
  await dialog.waitFor({ state: "detached" });
}

const rowOf = (page: Page, text: string) => page.getByTestId("contact-row").filter({ hasText: text });
const syncLabel = (page: Page) => page.getByTestId("sync-status").textContent();
let unique = 0;
const fresh = (tag: string) => `${tag}-${Date.now()}-${++unique}@e2e.test`;

describe("local-first", () => {
  it("keeps an offline change across a reload, sends it once, and a second device receives it live", async () => {
    const { ctx, page } = await openContacts("issuer@demo.test");
    const { page: other } = await openContacts("issuer-viewer@demo.test");
    await serviceWorkerReady(page);
    await poll(() => syncLabel(page)).toBe("Synced");

    await setOffline(ctx, true);
    await poll(() => syncLabel(page)).toBe("Offline");
    const email = fresh("field");
    await addContact(page, "Field Felicia", email);
    await rowOf(page, email).getByTestId("pending-mark").waitFor();
    await poll(() => syncLabel(page)).toBe("Offline · 1 waiting");

    await page.reload();
    await waitForPath(page, "/contacts");
    await rowOf(page, email).getByTestId("pending-mark").waitFor();
    await poll(() => syncLabel(page)).toBe("Offline · 1 waiting");
    expect(await serverRows(email)).toEqual([]);
    expect(await rowOf(other, email).count()).toBe(0);
    await screenshot(page, "local-first-offline-waiting");

    await setOffline(ctx, false);
    await poll(async () => (await serverRows(email)).length).toBe(1);
    await poll(() => rowOf(page, email).getAttribute("data-pending")).toBeNull();
    await poll(() => syncLabel(page)).toBe("Synced");
    // The other browser never reloaded: the change arrived through the stream.
    await rowOf(other, email).waitFor({ timeout: 30_000 });
    expect(await rowOf(other, email).count()).toBe(1);
    expect(await serverRows(email)).toEqual([{ name: "Field Felicia" }]);
  });

  it("shows a change the server refused as rejected, with its reason, and discards it", async () => {
    const { ctx, page } = await openContacts("issuer@demo.test");
    await serviceWorkerReady(page);
    await poll(() => syncLabel(page)).toBe("Synced");
    await setOffline(ctx, true);
    await poll(() => syncLabel(page)).toBe("Offline");
    const email = fresh("clash");
    await addContact(page, "Offline Oscar", email);
    // Meanwhile a colleague, online on another device, adds the same email: this device cannot know while offline.
    const { page: colleague } = await openContacts("issuer@demo.test");
    await addContact(colleague, "Server Sam", email);
    await poll(async () => (await serverRows(email)).length).toBe(1);
    await setOffline(ctx, false);
    await poll(() => syncLabel(page)).toBe("1 change rejected");
    await page.getByTestId("sync-status").click();
    const review = page.getByRole("dialog", { name: "Sync status" });
    const command = review.getByTestId("outbox-command");
    await command.getByText("A contact with this email already exists.").waitFor();
    expect(await command.getAttribute("data-status")).toBe("rejected");
    await screenshot(page, "local-first-rejected-review");
    await command.getByRole("button", { name: "Discard" }).click();
    await review.getByText("No changes are waiting to be sent.").waitFor();
    await poll(() => syncLabel(page)).toBe("Synced");
    expect(await serverRows(email)).toEqual([{ name: "Server Sam" }]);
  });

  it("asks before signing out while changes wait, and keeps them when the user stays", async () => {
    const { ctx, page } = await openContacts("issuer@demo.test");
    await poll(() => syncLabel(page)).toBe("Synced");
    await setOffline(ctx, true);
    const email = fresh("stay");
    await addContact(page, "Staying Stella", email);
    await page.getByTestId("account-menu").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("1 change made on this device has not reached the server yet.", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Keep working" }).click();
    await waitForPath(page, "/contacts");
    await rowOf(page, email).getByTestId("pending-mark").waitFor();
    await setOffline(ctx, false);
    await poll(async () => (await serverRows(email)).length).toBe(1);
  });
});
