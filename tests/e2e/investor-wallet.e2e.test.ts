// The investor's wallet and the portfolio's Tokenized column in a real browser against the real server, from the
// replicas (the token positions travel in the holding documents): the demo investor's deployed Crypto and non-crypto
// tokens (minted on the embedded chain at seed: the balances are the chain's) as cards with precision, prices, sell and
// spot values, N/A, Trade and Not Listed; the token on the product's test chain and the token Emma holds none of
// hidden; the same cards with the network off; Tokenized Yes for the holdings minted on the chain; the Paid-Out
// Dividends column (the demo dividends), online and offline.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_CRYPTO_TOKEN,
  DEMO_HIDDEN_CHAIN_TOKEN,
  DEMO_SECURITY_TOKEN,
  DEMO_ZERO_TOKEN,
} from "../../sync/seed/demo-tokens.ts";
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

const cardOf = (page: Page, name: string) =>
  page.getByTestId("wallet-card").filter({ has: page.getByRole("heading", { name }) });
const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();

async function expectWallet(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("wallet-card").count(), { timeout: 30_000 }).toBe(2);
  const names = await page.getByTestId("wallet-card").getByRole("heading").allTextContents();
  expect(names.sort()).toEqual([DEMO_SECURITY_TOKEN, DEMO_CRYPTO_TOKEN].sort());
  expect(names).not.toContain(DEMO_HIDDEN_CHAIN_TOKEN);
  expect(names).not.toContain(DEMO_ZERO_TOKEN);

  // Crypto, precision 2: Emma's seed holding of 200,000 minted; buy 1.25, sell 1.20, spot 1.2225.
  const crypto = cardOf(page, DEMO_CRYPTO_TOKEN);
  expect(await text(crypto.getByTestId("wallet-amount"))).toBe("200,000.00 NWST");
  expect(await text(crypto.getByTestId("wallet-price"))).toBe("$1.25");
  expect(await text(crypto.getByTestId("wallet-sell-value"))).toBe("$240,000.00");
  expect(await text(crypto.getByTestId("wallet-spot-value"))).toBe("$244,500.00");
  const trade = crypto.getByRole("link", { name: "Trade" });
  expect(await trade.getAttribute("href")).toBe("https://www.coinbase.com/price/nwst");
  expect(await crypto.getByRole("button", { name: "Not Listed" }).count()).toBe(0);

  // Not crypto, precision 0, no prices: N/A and a disabled Not Listed.
  const security = cardOf(page, DEMO_SECURITY_TOKEN);
  expect(await text(security.getByTestId("wallet-amount"))).toBe("25 NWGN");
  expect(await text(security.getByTestId("wallet-price"))).toBe("N/A");
  expect(await text(security.getByTestId("wallet-sell-value"))).toBe("N/A");
  expect(await text(security.getByTestId("wallet-spot-value"))).toBe("N/A");
  expect(await security.getByRole("button", { name: "Not Listed" }).isDisabled()).toBe(true);
  expect(await security.getByRole("link", { name: "Trade" }).count()).toBe(0);
}

describe("wallet", () => {
  it("shows a card per deployed token held, hides the test chain and zero amounts, and works offline", async () => {
    const ctx = await context();
    const page = await signIn(ctx, "investor@demo.test");
    await waitForPath(page, "/portfolio");
    await serviceWorkerReady(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Wallet" }).click();
    await waitForPath(page, "/wallet");
    await expectWallet(page);
    await screenshot(page, "wallet");

    await setOffline(ctx, true);
    await page.reload();
    await page.getByRole("status").filter({ hasText: "Offline" }).waitFor();
    await expectWallet(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "wallet-offline-phone");
    await setOffline(ctx, false);
  });

  it("shows the empty text to an investor without tokens", async () => {
    const page = await signIn(await context(), "newinvestor@demo.test");
    await page.goto("/wallet");
    await page.getByText("No tokens found in your wallet.").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("wallet-card").count()).toBe(0);
  });
});

describe("portfolio tokenized", () => {
  it("reads Yes for the holdings minted on the chain (a trade address there)", async () => {
    const page = await signIn(await context(), "investor@demo.test");
    await waitForPath(page, "/portfolio");
    const grid = page.getByRole("treegrid").or(page.getByRole("grid")).first();
    const tokenizedOf = (name: RegExp) =>
      text(
        grid
          .getByRole("row")
          .filter({ has: page.getByRole("button", { name }) })
          .locator('[col-id="tokenized"]'),
      );
    await grid.getByRole("button", { name: /^Northwind Series A Preferred/ }).click();
    await expect.poll(() => tokenizedOf(/^Seed/), { timeout: 30_000 }).toBe("Yes");
    await grid.getByRole("button", { name: /^Northwind Green Bonds 2030/ }).click();
    // also has a trade address on the product's test chain, which alone would read No
    await expect.poll(() => tokenizedOf(/^Tranche A/), { timeout: 30_000 }).toBe("Yes");
    await screenshot(page, "portfolio-tokenized");
  });

  it("shows the dividends paid out per holding, summed on the round and asset, once the column is turned on", async () => {
    const ctx = await context();
    const page = await signIn(ctx, "investor@demo.test");
    await waitForPath(page, "/portfolio");
    await serviceWorkerReady(page);
    const grid = page.getByRole("treegrid").or(page.getByRole("grid")).first();
    const dividendsOf = (row: Locator) => text(row.locator('[col-id="paidOutDividends"]'));
    const rowWith = (name: RegExp) => grid.getByRole("row").filter({ has: page.getByRole("button", { name }) });
    // Off by default (spec: only nine columns are on).
    expect(await grid.locator('[col-id="paidOutDividends"]').count()).toBe(0);
    await page.getByRole("toolbar", { name: "Portfolio toolbar" }).getByRole("button", { name: "Columns" }).click();
    // AG Grid renders only the columns in view: a few default ones make room for it.
    for (const name of ["Issuer", "Round", "Units", "Value", "Investment", "Cost Basis", "Paid-Out Dividends"]) {
      await page.getByRole("menuitem", { name }).click();
    }
    await page.keyboard.press("Escape");

    // Expanding rows keeps the column the user turned on.
    await grid.getByRole("button", { name: /^Northwind Series A Preferred/ }).click();
    await grid.getByRole("button", { name: /^Seed/ }).click();
    // The demo's two dividends of 1,250.50 on Emma's seed holding, exact.
    await expect.poll(() => dividendsOf(rowWith(/^Seed/)), { timeout: 30_000 }).toBe("$2,501.00");
    expect(await dividendsOf(rowWith(/^Northwind Series A Preferred/))).toBe("$2,501.00");
    const holding = grid.getByRole("row").filter({ has: page.getByRole("link", { name: "Holding" }) });
    expect(await dividendsOf(holding.first())).toBe("$2,501.00");
    // Not issued yet: a distribution has no dividends (Emma's Series A distribution, onboarding).
    await grid.getByRole("button", { name: /^Series A/ }).click();
    const distribution = grid.getByRole("row").filter({ has: page.getByRole("link", { name: "Distribution" }) });
    await expect.poll(() => dividendsOf(distribution.first()), { timeout: 30_000 }).toBe("N/A");
    expect(await dividendsOf(rowWith(/^Series A/))).toBe("N/A");

    // From the replica with the network off.
    await setOffline(ctx, true);
    await page.reload();
    await page.getByRole("status").filter({ hasText: "Offline" }).waitFor();
    await grid.getByRole("button", { name: /^Northwind Series A Preferred/ }).click();
    await expect
      .poll(() => dividendsOf(rowWith(/^Northwind Series A Preferred/)), { timeout: 30_000 })
      .toBe("$2,501.00");
    await screenshot(page, "portfolio-dividends");
    await setOffline(ctx, false);
  });
});
