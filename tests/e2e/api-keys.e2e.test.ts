// API keys in a real browser against the real server (issue 35 items 1 and 2, docs/API.md "API keys"): the issuer's
// owner adds LedgerlineIO on Settings > Integrations (no longer "Not available"), opens Manage, makes a key on the
// page and copies it from the dialog that shows it once; this test uses the key with plain fetch (a GraphQL read as
// the issuer, no cookie); the owner revokes it on the page and the same fetch gets 401. Offline the section says it
// needs the network. The investor's Portfolio card opens the page of the personal key.
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_TEXT } from "../../sync/http/api-keys.ts";
import { type E2E, newContext, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";
import { axeLines } from "./axe.ts";
import { expectPeopleText } from "./visible-text.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200 });

let e2e: E2E;
let context: BrowserContext | undefined;

beforeAll(async () => {
  e2e = await startE2E();
}, 600_000);
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

async function withKey(key: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL("/api/v2/graphql", e2e.url), {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ query: "{ currentAccount { name } }" }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("API keys in the browser", () => {
  it("makes a key on the LedgerlineIO page, used by plain requests, and revokes it", async () => {
    context = await newContext(e2e.browser, e2e.url);
    const page = await signIn(context, "issuer@demo.test");
    const { rows } = await e2e.server.server.db.query<{ id: string }>(
      "select id from app_public.accounts where name = 'Northwind Renewables, Inc.'",
    );
    await page.goto(`/authenticate/role/${rows[0]?.id}`);
    await waitForPath(page, "/dashboard");

    // Settings > Integrations: LedgerlineIO is available; added, it offers Manage
    await page.goto("/settings/integrations");
    const card = page.getByTestId("integration-ledgerlineIO");
    await card.getByRole("button", { name: "Add" }).click();
    await card.getByRole("button", { name: "Manage" }).click();
    await waitForPath(page, "/ledgerline-io");
    const section = page.getByTestId("api-keys-section");
    await section.getByText("No keys yet.").waitFor();
    await page.getByTestId("webhooks-section").waitFor();

    // make a key: a name is required, then the key is shown once
    await section.getByRole("button", { name: "Make a key" }).click();
    const dialog = page.getByRole("dialog", { name: "Make an API key" });
    await dialog.getByRole("button", { name: "Make key" }).click();
    await dialog.getByText("Name is a required field.").waitFor();
    await dialog.getByLabel("Name").fill("Books sync");
    await dialog.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: /^Viewer/ }).click();
    await dialog.getByRole("button", { name: "Make key" }).click();
    const shown = page.getByRole("dialog", { name: "Your new API key" });
    const key = (await shown.getByTestId("api-key-secret").textContent()) ?? "";
    expect(key).toMatch(/^llk_[0-9a-f]{64}$/);
    await expectPeopleText(page);
    await screenshot(page, "api-keys-secret");
    await shown.getByRole("button", { name: "Done" }).click();
    const row = section.getByRole("listitem").filter({ hasText: "Books sync" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Viewer");
    expect(await row.textContent()).toContain("never used");
    expect(await page.getByText(key).count()).toBe(0);

    // the key, from outside the browser: the issuer's books, no cookie
    const used = await withKey(key);
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ data: { currentAccount: { name: "Northwind Renewables, Inc." } } });
    await page.reload();
    await poll(async () => (await row.textContent()) ?? "").toContain("last used");
    await expectPeopleText(page);
    expect(await axeLines(page)).toEqual([]);

    // revoke on the page: the same request is refused
    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("alertdialog", { name: "Revoke this key?" }).getByRole("button", { name: "Revoke" }).click();
    await poll(async () => (await row.textContent()) ?? "").toContain("Revoked");
    const refused = await withKey(key);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ errors: [{ message: API_KEY_TEXT.invalid }] });

    // offline, the section says keys need the network and offers nothing
    await setOffline(context, true);
    await section.getByText("API keys need the network", { exact: false }).waitFor();
    expect(await section.getByRole("button", { name: "Make a key" }).count()).toBe(0);
    await setOffline(context, false);
    await page.close();
  });

  it("the investor's Portfolio card opens the personal key's page", async () => {
    const investorContext = await newContext(e2e.browser, e2e.url);
    try {
      const page = await signIn(investorContext, "investor@demo.test");
      await page.goto("/settings/integrations");
      const card = page.getByTestId("integration-portfolio");
      expect(await card.getByText("Not available on this server").count()).toBe(0);
      await card.getByRole("button", { name: "Add" }).click();
      await card.getByRole("button", { name: "Manage" }).click();
      await waitForPath(page, "/portfolio-connect");
      const section = page.getByTestId("api-keys-section");
      await section.getByText("Your personal key").waitFor();
      await section.getByRole("button", { name: "Make a key" }).click();
      const dialog = page.getByRole("dialog", { name: "Make an API key" });
      // a personal key only reads: no role to choose
      expect(await dialog.getByRole("combobox", { name: "Role" }).count()).toBe(0);
      await dialog.getByLabel("Name").fill("Tracker");
      await dialog.getByRole("button", { name: "Make key" }).click();
      const shown = page.getByRole("dialog", { name: "Your new API key" });
      const key = (await shown.getByTestId("api-key-secret").textContent()) ?? "";
      // the key stays on screen until closed (here with the dialog's close button)
      await page.waitForTimeout(1000);
      await shown.getByRole("button", { name: "Close" }).click();
      await section.getByText("Tracker").waitFor();
      const used = await withKey(key);
      expect(used.body).toEqual({ data: { currentAccount: { name: "Emma Lawson" } } });
      await expectPeopleText(page);
      expect(await axeLines(page)).toEqual([]);
    } finally {
      await investorContext.close();
    }
  });
});
