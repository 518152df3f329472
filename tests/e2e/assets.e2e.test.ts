// /assets in a real browser against the real server: the issuer's editable table (create and edit assets and
// rounds, debt rounds with coupon and term, the combined round / tranche / price edit, validation messages),
// offline writes that wait in the outbox, the viewer's read-only table and the broker's table of every issuer.
import type { BrowserContext, Page, Route } from "playwright-core";
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
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
});

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await e2e.server.server.db.query<T>(text, params)).rows;
}

async function openAssets(email: string): Promise<Page> {
  const page = await signIn(await context(), email);
  await waitForPath(page, "/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Assets" }).click();
  await waitForPath(page, "/assets");
  return page;
}

const assetNames = (page: Page) => page.getByTestId("asset-row").locator("td:nth-child(2)").allTextContents();

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("dialog").getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function fill(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole("dialog").getByLabel(label, { exact: true }).fill(value);
}

async function dialogErrors(page: Page): Promise<string[]> {
  const texts = await page.getByRole("dialog").locator('[data-part="error-text"], [role="alert"]').allTextContents();
  return texts.map((text) => text.trim()).filter(Boolean);
}

describe("issuer", () => {
  it("lists its assets newest first, expands to rounds latest opening first with Unlisted and the exchange", async () => {
    const page = await openAssets("issuer@demo.test");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).textContent()).resolves.toBe("Assets");
    const expected = (
      await sql<{ name: string }>(
        `select a.name from app_public.assets a join app_public.accounts o on o.id = a.issuer_id
          where o.name = 'Northwind Renewables, Inc.' order by a.created_on desc`,
      )
    ).map((row) => row.name);
    await poll(() => assetNames(page)).toEqual(expected);

    await page.getByRole("button", { name: "Show rounds of Northwind Series A Preferred" }).click();
    const rounds = page.getByRole("table", { name: "Rounds of Northwind Series A Preferred" });
    await poll(() => rounds.locator("tbody tr td:first-child a").allTextContents()).toEqual([
      "Series B",
      "Series A",
      "Seed",
      "Bridge 2023",
    ]);
    // the rounds, their securities and listings are separate models: each one may still be arriving on the device
    const seriesA = rounds.getByRole("row").filter({ has: page.getByRole("link", { name: "Series A", exact: true }) });
    await poll(() =>
      seriesA
        .getByRole("link", { name: "Northwind Series A Preferred Stock" })
        .getAttribute("href", { timeout: 1_000 })
        .catch(() => null),
    ).toMatch(/^\/security\//);
    await poll(() => seriesA.textContent()).toContain("Meridian Alternative Exchange");
    await poll(() => rounds.getByRole("row").filter({ hasText: "Series B" }).textContent()).toContain("Unlisted");
    expect(await rounds.getByRole("link", { name: "Series B", exact: true }).getAttribute("href")).toMatch(
      /^\/asset-class\/[0-9a-f-]+\/manage$/,
    );

    await page.getByRole("button", { name: "Show rounds of Northwind Infrastructure Fund I" }).click();
    await page.getByRole("button", { name: "Show rounds of Northwind Green Bonds 2030" }).click();
    const tranche = page.getByRole("table", { name: "Rounds of Northwind Green Bonds 2030" });
    await poll(() => tranche.textContent()).toContain("6.50%");
    await poll(() => tranche.textContent()).toContain("5 years");
    await poll(() =>
      page.getByRole("table", { name: "Rounds of Northwind Infrastructure Fund I" }).textContent(),
    ).toContain("Unlisted");
    await screenshot(page, "assets-issuer");
  });

  it("shows no exchange for a round until the securities (with their listings) have loaded, then Unlisted", async () => {
    const ctx = await context();
    // the securities' first load is held at the network: their bootstrap stream and any pull of them
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await ctx.route("**/api/v2/bootstrap?*", async (route: Route) => {
      if (new URL(route.request().url()).searchParams.get("model") === "securities") {
        held++;
        await released;
      }
      await route.continue();
    });
    await ctx.route("**/api/v2/pull", async (route: Route) => {
      if ((route.request().postDataJSON() as { model?: string } | null)?.model === "securities") {
        held++;
        await released;
      }
      await route.continue();
    });
    try {
      const page = await signIn(ctx, "issuer@demo.test");
      await waitForPath(page, "/dashboard");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Assets" }).click();
      await waitForPath(page, "/assets");
      await page.getByRole("button", { name: "Show rounds of Northwind Infrastructure Fund I" }).click();
      const fund = page.getByRole("table", { name: "Rounds of Northwind Infrastructure Fund I" });
      // its round has a security without a listing, not on the device yet: an empty busy cell, not "Unlisted"
      await fund.getByTestId("exchange-loading").first().waitFor({ timeout: 30_000 });
      await poll(() => held).toBeGreaterThan(0);
      expect(await fund.textContent()).not.toContain("Unlisted");
      await screenshot(page, "assets-exchange-loading");
      release();
      await poll(() => fund.textContent()).toContain("Unlisted");
      expect(await fund.getByTestId("exchange-loading").count()).toBe(0);
    } finally {
      release();
    }
  });

  it("creates and edits an asset with the spec's messages; the type is fixed once created", async () => {
    const page = await openAssets("issuer@demo.test");
    await poll(() => page.getByTestId("asset-row").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Create asset" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await poll(() => dialogErrors(page)).toEqual([
      "Name is required.",
      "Authorized total is required.",
      "Asset type required.",
      "Status required.",
    ]);
    await screenshot(page, "assets-create-errors");

    await fill(page, "Name", "Northwind Wind Farm Notes");
    await fill(page, "Authorized total", "2,500,000");
    await choose(page, "Type", "Debt");
    await choose(page, "Status", "Drafted");
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await poll(() => assetNames(page).then((names) => names[0])).toContain("Northwind Wind Farm Notes");
    await poll(() =>
      sql(
        "select authorized_total::text as total, type from app_public.assets where name = 'Northwind Wind Farm Notes'",
      ),
    ).toEqual([{ total: "2500000", type: "debt" }]);

    await page.getByRole("button", { name: "Edit Northwind Wind Farm Notes" }).click();
    expect(await page.getByRole("dialog").getByRole("combobox", { name: "Type" }).isDisabled()).toBe(true);
    await fill(page, "Name", "");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await poll(() => dialogErrors(page)).toEqual(["Name is required."]);
    await fill(page, "Name", "Northwind Wind Notes");
    await choose(page, "Status", "Active");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await poll(() => sql("select status, type from app_public.assets where name = 'Northwind Wind Notes'")).toEqual([
      { status: "active", type: "debt" },
    ]);

    // A debt asset's rounds take coupon and term (makeTranche).
    await page
      .getByRole("row")
      .filter({ hasText: "Northwind Wind Notes" })
      .getByRole("button", { name: "Add round" })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await poll(() => dialogErrors(page)).toEqual([
      "Name is a required field.",
      "Opens on requires a valid date.",
      "Closes on required a valid date.",
      "Dataroom Url is required",
      "Price is required.",
      "Total is required.",
      "Coupon is required",
      "Term is required",
      "Status is required.",
    ]);
    await screenshot(page, "assets-round-errors");
    await fill(page, "Name", "Wind Tranche 1");
    await fill(page, "Opens on", "03012026");
    await fill(page, "Closes on", "09302026");
    await fill(page, "Dataroom Url", "http://dataroom.example/wind");
    await fill(page, "Price", "1000");
    await fill(page, "Total", "1500");
    await fill(page, "Coupon (%)", "5.25");
    await fill(page, "Term (years)", "7");
    await choose(page, "Status", "Drafted");
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await poll(() =>
      sql(
        `select r.terms_url, r.price::text, t.term::text, t.coupon::text from app_public.rounds r
           join app_public.tranche_bond_data t on t.round_id = r.id where r.name = 'Wind Tranche 1'`,
      ),
    ).toEqual([{ terms_url: "https://dataroom.example/wind", price: "1000", term: "7", coupon: "5.25" }]);
  });

  it("edits a round, its tranche and its security's price in one save", async () => {
    const page = await openAssets("issuer@demo.test");
    await page.getByRole("button", { name: "Show rounds of Northwind Green Bonds 2030" }).click();
    await page.getByRole("button", { name: "Edit Tranche A" }).click();
    await fill(page, "Coupon (%)", "6.75");
    await fill(page, "Latest price of Northwind 6.5% Green Notes 2030", "1010");
    await choose(page, "Status", "Closed");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await poll(() =>
      sql(
        `select r.status, t.coupon::text, t.term::text, s.unit_value::text from app_public.rounds r
           join app_public.tranche_bond_data t on t.round_id = r.id join app_public.securities s on s.id = r.security_id
          where r.name = 'Tranche A'`,
      ),
    ).toEqual([{ status: "closed", coupon: "6.75", term: "5", unit_value: "1010" }]);
    await poll(() => page.getByRole("table", { name: "Rounds of Northwind Green Bonds 2030" }).textContent()).toContain(
      "6.75%",
    );
  });

  it("offline: the table still shows, a new asset waits as Pending and reaches the server on reconnect", async () => {
    const ctx = await context();
    const page = await signIn(ctx, "issuer@demo.test");
    await waitForPath(page, "/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Assets" }).click();
    await poll(() => page.getByTestId("asset-row").count()).toBeGreaterThan(2);
    // The service worker installs on the first visit and precaches the app shell.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await setOffline(ctx, true);
    await page.reload();
    await poll(() => page.getByTestId("asset-row").count()).toBeGreaterThan(2);
    await page.getByRole("button", { name: "Create asset" }).click();
    await fill(page, "Name", "Offline Solar Asset");
    await fill(page, "Authorized total", "100");
    await choose(page, "Type", "Equity");
    await choose(page, "Status", "Drafted");
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    const row = page.getByTestId("asset-row").filter({ hasText: "Offline Solar Asset" });
    await poll(() => row.getByTestId("pending-mark").count()).toBe(1);
    await screenshot(page, "assets-offline-pending");
    expect(await sql("select 1 from app_public.assets where name = 'Offline Solar Asset'")).toHaveLength(0);
    await setOffline(ctx, false);
    await poll(() => sql("select status from app_public.assets where name = 'Offline Solar Asset'")).toEqual([
      { status: "drafted" },
    ]);
    await poll(() => row.getByTestId("pending-mark").count()).toBe(0);
  });

  it("a viewer reads the same table without create or edit actions", async () => {
    const page = await openAssets("issuer-viewer@demo.test");
    await poll(() => page.getByTestId("asset-row").count()).toBeGreaterThan(2);
    expect(await page.getByRole("button", { name: "Create asset" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Edit / }).count()).toBe(0);
  });
});

describe("broker", () => {
  it("reads every issuer's assets and rounds, without security links or edits", async () => {
    const page = await openAssets("broker@demo.test");
    await poll(() => page.getByTestId("issuer-group").locator("h2").allTextContents()).toEqual(
      expect.arrayContaining(["Cascade Biotech Holdings", "Northwind Renewables, Inc."]),
    );
    expect(await page.getByRole("button", { name: "Create asset" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Edit / }).count()).toBe(0);
    await page.getByRole("button", { name: "Show rounds of Northwind Series A Preferred" }).click();
    const rounds = page.getByRole("table", { name: "Rounds of Northwind Series A Preferred" });
    await poll(() => rounds.locator("tbody tr").count()).toBe(4);
    expect(await rounds.locator('a[href^="/security/"]').count()).toBe(0);
    expect(await rounds.locator("th").allTextContents()).not.toContain("Security");
    await rounds.getByRole("link", { name: "Series A" }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/asset-class\/[0-9a-f-]+\/manage$/);
    await page.goBack();
    await screenshot(page, "assets-broker");
  });
});

describe("holding rows and empty texts", () => {
  it("issuer: an expanded asset lists its rounds' holdings; a holding row opens /asset-class/{round id}", async () => {
    const page = await openAssets("issuer@demo.test");
    const asset = "Northwind Series A Preferred";
    const expected = await sql<{ investor: string; round: string; round_id: string }>(
      `select i.name as investor, r.name as round, r.id as round_id
         from app_public.holdings h join app_public.rounds r on r.id = h.round_id
         join app_public.assets a on a.id = r.asset_id join app_public.accounts i on i.id = h.investor_id
        where a.name = $1 and h.amount > 0`,
      [asset],
    );
    expect(expected.length).toBeGreaterThan(0);
    await page.getByRole("button", { name: `Show rounds of ${asset}` }).click();
    const holdings = page.getByRole("table", { name: `Holdings of ${asset}` });
    const rows = holdings.getByTestId("holding-row");
    await poll(() => rows.count()).toBe(Math.min(expected.length, 25));
    expect(await rows.first().textContent()).toContain("Issued");
    const investors = await rows.locator("td:nth-child(1)").allTextContents();
    for (const investor of investors) expect(expected.map((row) => row.investor)).toContain(investor);
    await screenshot(page, "assets-holdings");

    // the round link of a row, and a click anywhere else on a row, open the round
    const roundName = (await rows.first().locator("td:nth-child(2)").textContent()) ?? "";
    const roundId = expected.find((row) => row.round === roundName)?.round_id;
    expect(roundId).toBeTruthy();
    expect(await rows.first().getByRole("link", { name: roundName }).getAttribute("href")).toBe(
      `/asset-class/${roundId}`,
    );
    await rows.first().locator("td:nth-child(3)").click();
    await waitForPath(page, `/asset-class/${roundId}`);
    await poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).textContent()).toContain(roundName);
    await screenshot(page, "assets-holding-row-round");
  });

  it("an asset without rounds says No rounds found.", async () => {
    const name = `Empty asset ${Date.now()}`;
    await sql(
      `insert into app_public.assets (issuer_id, name, type, status, authorized_total)
       select id, $1, 'equity', 'drafted', 1000 from app_public.accounts where name = 'Northwind Renewables, Inc.'`,
      [name],
    );
    const page = await openAssets("issuer@demo.test");
    await page.getByRole("button", { name: `Show rounds of ${name}` }).click();
    const row = page.getByTestId("asset-row").filter({ hasText: name });
    await poll(() => row.locator("xpath=following-sibling::tr[1]").textContent()).toBe("No rounds found.");
    expect(await page.getByRole("table", { name: `Holdings of ${name}` }).count()).toBe(0);
  });

  it("an issuer account without assets says No assets found.", async () => {
    const [account] = await sql<{ id: string }>(
      "insert into app_public.accounts (name, type, email) values ('Empty Issuer Co', 'issuer', 'empty@issuer.test') returning id",
    );
    await sql(
      `insert into app_public.users_accounts (user_id, account_id, role)
       select user_id, $1, 'account_owner' from app_public.user_emails where lower(email) = 'multi@demo.test'`,
      [account?.id],
    );
    const page = await signIn(await context(), "multi@demo.test");
    await waitForPath(page, "/account-role");
    await page.goto(`/authenticate/role/${account?.id}`);
    await waitForPath(page, "/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Assets" }).click();
    await waitForPath(page, "/assets");
    await page.getByText("No assets found.").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("asset-row").count()).toBe(0);
  });
});
