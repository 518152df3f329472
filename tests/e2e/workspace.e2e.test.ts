// The issuer and broker workspace in a real browser against the real server: dashboard (both account types, and
// offline), issuers (invitation answers, managed accounts), distributors and account pages, transactions, the
// Proof of Issuance PDF (made on the device, offline) and the vendor default email preference.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, resultsDir, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

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

async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await e2e.server.server.db.query<T>(text, params)).rows;
}

async function accountId(name: string): Promise<string> {
  const [row] = await sql<{ id: string }>("select id from app_public.accounts where name = $1", [name]);
  if (!row) throw new Error(`no account ${name}`);
  return row.id;
}

async function open(email: string, path: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await context();
  const page = await signIn(ctx, email);
  await page.goto(path);
  await waitForPath(page, path);
  return { ctx, page };
}

const tileLabels = async (page: Page) =>
  (await page.getByTestId("dashboard-tile").locator("span:first-child").allTextContents()).map((text) => text.trim());

describe("dashboard", () => {
  it("an issuer: tiles with All Holdings, distributors, at most 3 assets and 5 transactions, messages not available", async () => {
    const { page } = await open("issuer@demo.test", "/dashboard");
    await page.getByTestId("dashboard-tile").first().waitFor();
    expect(await tileLabels(page)).toEqual([
      "Closed rounds",
      "Capital raised",
      "Investors engaged",
      "Distributions",
      "All Holdings",
    ]);
    const hrefs = await page
      .getByTestId("dashboard-tile")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(["/assets", "/capitalization", "/contacts", "/distributions", "/holdings"]);
    const accounts = page.getByTestId("dashboard-accounts");
    expect(await accounts.getByRole("heading").textContent()).toBe("Distributors");
    await accounts.getByRole("link", { name: "Harborview Capital Markets LLC" }).waitFor();
    expect(await accounts.locator("li").count()).toBeLessThanOrEqual(3);
    expect(await page.getByTestId("dashboard-assets").locator("li").count()).toBeLessThanOrEqual(3);
    expect(await page.getByTestId("dashboard-assets").locator("li").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("dashboard-messages").textContent()).toContain("This feature is not available");
    const transactions = page.getByTestId("dashboard-transactions").locator("li");
    await transactions.first().waitFor();
    expect(await transactions.count()).toBeLessThanOrEqual(5);
    await screenshot(page, "dashboard-issuer");
  });

  it("a broker: active rounds, issuers, no All Holdings", async () => {
    const { page } = await open("broker@demo.test", "/dashboard");
    await page.getByTestId("dashboard-tile").first().waitFor();
    expect(await tileLabels(page)).toEqual(["Active rounds", "Capital raised", "Investors engaged", "Distributions"]);
    expect(await page.getByTestId("dashboard-accounts").getByRole("heading").textContent()).toBe("Issuers");
    await page.getByTestId("dashboard-accounts").getByRole("link", { name: "Northwind Renewables, Inc." }).waitFor();
    await screenshot(page, "dashboard-broker");
  });

  it("renders offline from the replicas after an offline reload", async () => {
    const { ctx, page } = await open("issuer@demo.test", "/dashboard");
    await page.getByTestId("dashboard-transactions").locator("li").first().waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const online = await page.getByTestId("dashboard-tiles").textContent();
    await setOffline(ctx, true);
    await page.reload();
    await waitForPath(page, "/dashboard");
    await page.getByTestId("dashboard-transactions").locator("li").first().waitFor();
    await poll(() => page.getByTestId("dashboard-tiles").textContent()).toBe(online);
  });
});

describe("transactions", () => {
  it("lists transactions and opens one: breadcrumb, SANCTIONED BY, id and ledger entries linking to the account", async () => {
    const { page } = await open("issuer@demo.test", "/transactions");
    const first = page.getByTestId("transaction-row").first();
    await first.waitFor();
    await first.getByRole("link").click();
    await page.waitForURL((url) => url.pathname.startsWith("/transaction/"));
    const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    await page.getByTestId("sanctioned-by").waitFor();
    const crumbs = (
      await page.getByRole("navigation", { name: "Breadcrumb" }).locator("li:not([aria-hidden])").allTextContents()
    ).map((t) => t.trim());
    expect(crumbs).toEqual(["Dashboard", "Transactions", id.slice(0, 8)]);
    expect(await page.getByText("SANCTIONED BY").count()).toBe(1);
    const [row] = await sql<{ broker: string | null }>(
      "select b.name as broker from app_public.transactions t left join app_public.accounts b on b.id = t.broker_id where t.id = $1",
      [id],
    );
    expect(await page.getByTestId("sanctioned-by").textContent()).toBe(row?.broker ?? "Unknown");
    expect(await page.getByTestId("transaction-id").textContent()).toBe(id);
    const entries = page.getByTestId("ledger-entry");
    await entries.first().waitFor();
    const [entry] = await sql<{ investor_id: string }>(
      "select investor_id from app_public.ledger_entries where transaction_id = $1",
      [id],
    );
    await screenshot(page, "transaction");
    await entries.first().getByRole("link").click();
    await waitForPath(page, `/investor/${entry?.investor_id}`);
  });
});

describe("issuers and distributors", () => {
  it("a broker answers a sent invitation offline: pending at once, counted, applied on reconnect", async () => {
    const { ctx, page } = await open("broker@demo.test", "/issuers");
    const sent = page.getByTestId("invitation").and(page.locator('[data-status="sent"]')).first();
    await sent.waitFor();
    const title =
      (await page.getByTestId("invitation-card").filter({ has: sent }).getByRole("heading").textContent()) ?? "";
    const card = page
      .getByTestId("invitation-card")
      .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    const before = await card.getByTestId("accepted-count").textContent();
    const [, accepted = "0", total = "0"] = /(\d+) of (\d+) accepted/.exec(before ?? "") ?? [];
    await screenshot(page, "issuers-broker");
    const [invitation] = await sql<{ id: string }>(
      "select b.id from app_public.broker_allocations b join app_public.accounts a on a.id = b.broker_id where a.name = $1 and b.status = 'sent'",
      ["Harborview Capital Markets LLC"],
    );
    const statusOf = async () =>
      (
        await sql<{ status: string }>("select status from app_public.broker_allocations where id = $1", [
          invitation?.id,
        ])
      )[0]?.status;
    await setOffline(ctx, true);
    await sent.getByRole("button", { name: "Accept" }).click();
    await poll(() => card.getByTestId("accepted-count").textContent()).toBe(
      `${Number(accepted) + 1} of ${total} accepted`,
    );
    await card.getByTestId("pending-mark").waitFor();
    expect(await statusOf()).toBe("sent");
    await setOffline(ctx, false);
    await poll(
      async () =>
        (
          await sql<{ status: string }>("select status from app_public.broker_allocations where id = $1", [
            invitation?.id,
          ])
        )[0]?.status,
    ).toBe("accepted");
    await poll(() => card.getByTestId("pending-mark").count()).toBe(0);
  });

  it("a broker creates a fully managed account, with the spec's messages", async () => {
    const { page } = await open("broker@demo.test", "/issuers");
    const form = page.getByTestId("new-managed-account");
    await form.waitFor();
    await form.getByRole("button", { name: "Create account" }).click();
    await form.getByText("Name is required.").waitFor();
    await form.getByText("Email is required.").waitFor();
    const email = `cfo-${Date.now()}@lakeside.test`;
    await form.getByLabel("Name").fill("Lakeside Ventures");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Create account" }).click();
    await page.getByTestId("managed-account").filter({ hasText: email }).waitFor();
    await poll(
      async () =>
        (
          await sql<{ manager: string }>(
            "select m.name as manager from app_public.accounts a join app_public.managed_accounts ma on ma.account_id = a.id join app_public.accounts m on m.id = ma.manager_id where a.email = $1",
            [email],
          )
        )[0]?.manager,
    ).toBe("Harborview Capital Markets LLC");
    // it stays after the replica has it (no pending mark), linking to its issuer page
    await page
      .getByTestId("managed-account")
      .filter({ hasText: email })
      .getByRole("link", { name: "Lakeside Ventures" })
      .waitFor();
  });

  it("an issuer lists distributors and opens one; a broker opens an issuer page", async () => {
    const { page } = await open("issuer@demo.test", "/distributors");
    await page.getByTestId("distributor-row").first().waitFor();
    await page.getByRole("link", { name: "Harborview Capital Markets LLC" }).click();
    await waitForPath(page, `/distributor/${await accountId("Harborview Capital Markets LLC")}`);
    await poll(() => page.getByTestId("account-name").textContent()).toBe("Harborview Capital Markets LLC");

    const broker = await open("broker@demo.test", `/issuer/${await accountId("Northwind Renewables, Inc.")}`);
    const [issuer] = await sql<{ email: string; alpha3: string | null; url: string | null; slug: string | null }>(
      "select a.email, c.alpha3, a.url, a.slug from app_public.accounts a left join app_public.countries c on c.id = a.jurisdiction_id where a.name = $1",
      ["Northwind Renewables, Inc."],
    );
    await poll(() => broker.page.getByTestId("account-email").textContent()).toBe(issuer?.email);
    expect(await broker.page.getByTestId("account-jurisdiction").textContent()).toBe(issuer?.alpha3 ?? "—");
    expect(await broker.page.getByTestId("account-logo").count()).toBe(issuer?.slug ? 1 : 0);
    await screenshot(broker.page, "issuer-page");
  });
});

describe("investors", () => {
  it("an investor opens its transactions, a transaction, its issuer's page and its own investor page", async () => {
    const emma = await accountId("Emma Lawson");
    const issuerId = await accountId("Northwind Renewables, Inc.");
    const { page } = await open("investor@demo.test", "/transactions");
    const rows = page.getByTestId("transaction-row");
    await rows.first().waitFor();
    const [count] = await sql<{ n: number }>(
      "select count(distinct transaction_id)::int as n from app_public.ledger_entries where investor_id = $1",
      [emma],
    );
    await poll(() => rows.count()).toBe(count?.n);
    await rows.first().getByRole("link").click();
    await page.getByTestId("ledger-entry").first().waitFor();

    await page.goto(`/issuer/${issuerId}`);
    await waitForPath(page, `/issuer/${issuerId}`);
    await poll(() => page.getByTestId("account-name").textContent()).toBe("Northwind Renewables, Inc.");

    await page.goto(`/investor/${emma}`);
    await waitForPath(page, `/investor/${emma}`);
    await page.getByTestId("investor-asset").first().waitFor();
  });
});

describe("Proof of Issuance", () => {
  it("is made on the device, offline, for exactly one selected investor", async () => {
    const emma = await accountId("Emma Lawson");
    const { ctx, page } = await open("issuer@demo.test", `/investor/${emma}`);
    const asset = page.getByTestId("investor-asset").first();
    await asset.waitFor();
    const assetName = (await asset.getByRole("heading").textContent()) ?? "";
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await setOffline(ctx, true);

    await asset.getByRole("button", { name: "Proof of Issuance" }).click();
    const popup = page.getByRole("dialog");
    const download = popup.getByRole("button", { name: "Download" });
    // preselected: this investor
    expect(await download.isDisabled()).toBe(false);
    const boxes = popup.getByTestId("investors-popup").locator("label");
    if ((await boxes.count()) > 1) {
      const other = boxes.filter({ hasNotText: "Emma Lawson" }).first();
      await other.click();
      expect(await download.isDisabled()).toBe(true); // two selected
      await other.click();
    }
    await popup.getByTestId("investors-popup").locator("label").filter({ hasText: "Emma Lawson" }).click();
    expect(await download.isDisabled()).toBe(true); // none selected
    await popup.getByTestId("investors-popup").locator("label").filter({ hasText: "Emma Lawson" }).click();
    await screenshot(page, "investors-popup");
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toBe(`Emma_Lawson_proof_of_issuance_${emma.replace(/-/g, "").slice(0, 8)}.pdf`);
    const path = join(resultsDir, "proof-of-issuance.pdf");
    await file.saveAs(path);
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    if (existsSync("/usr/bin/pdftotext")) {
      const text = execFileSync("/usr/bin/pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
      for (const piece of [
        "Proof Of Issuance",
        "Statement Date",
        "Asset Details",
        "Share Holder Name",
        "Emma Lawson",
        "Northwind Renewables, Inc.",
        assetName,
        "Holdings Details",
        "Round Name",
        "Issued On",
        "Total Units",
        "transfer agent",
      ]) {
        expect(text).toContain(piece);
      }
    }
  });
});

describe("vendor default email preference", () => {
  it("an issuer owner switches it (queued, then on the server); a viewer cannot", async () => {
    const issuerId = await accountId("Northwind Renewables, Inc.");
    const current = async () =>
      (
        await sql<{ send: boolean }>(
          "select send_distribution as send from app_public.vendor_default_email_preferences where account_id = $1",
          [issuerId],
        )
      )[0]?.send ?? true;
    const before = await current();
    const { page } = await open("issuer@demo.test", "/settings/account");
    const settings = page.getByTestId("default-settings");
    await settings.waitFor();
    const toggle = settings.getByRole("checkbox");
    expect(await toggle.isChecked()).toBe(before);
    await settings.getByText("Send distribution emails").click();
    await poll(current).toBe(!before);
    await poll(() => toggle.isChecked()).toBe(!before);
    await screenshot(page, "settings-account");

    const viewer = await open("issuer-viewer@demo.test", "/settings/account");
    const viewerToggle = viewer.page.getByTestId("default-settings").getByRole("checkbox");
    await viewerToggle.waitFor({ state: "attached" });
    expect(await viewerToggle.isDisabled()).toBe(true);
  });
});
