// Recording dividends on /holding/{id} in a real browser against the real server: the issuer viewer reads the
// paid-out total without a form; the issuer owner gets the server's texts for 0 and a future date (nothing sent),
// records one dividend online and one offline (pending mark, applied once on reconnect) and the total follows.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_DIVIDENDS } from "../../sync/seed/demo-dividends.ts";
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
let holdingId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  // Emma Lawson's equity seed holding (the demo issuer's round), which carries the demo's two dividends.
  const { rows } = await e2e.server.server.db.query<{ id: string }>(
    `select h.id from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
     where a.email = 'investor@demo.test' and a.type = 'investor' order by h.amount desc, h.id limit 1`,
  );
  holdingId = rows[0]?.id ?? "";
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
});

async function context(): Promise<BrowserContext> {
  const created = await newContext(e2e.browser, e2e.url);
  contexts.push(created);
  return created;
}

async function serverPayments(): Promise<number> {
  const { rows } = await e2e.server.server.db.query<{ count: number }>(
    "select count(*)::int as count from app_public.dividend_payments where holding_id = $1",
    [holdingId],
  );
  return rows[0]?.count ?? -1;
}

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
const totalOf = (page: Page) => text(page.getByTestId("paid-out-dividends"));
const syncLabel = (page: Page) => text(page.getByTestId("sync-status"));

async function openHolding(page: Page): Promise<Locator> {
  await page.goto(`/holding/${holdingId}`);
  await waitForPath(page, `/holding/${holdingId}`);
  const card = page.getByTestId("dividends");
  await card.waitFor({ timeout: 30_000 });
  return card;
}

describe("holding dividends", () => {
  it("shows the issuer viewer the paid-out total and no form", async () => {
    expect(DEMO_DIVIDENDS.emmaSeed).toEqual(["1250.50", "1250.50"]);
    const page = await signIn(await context(), "issuer-viewer@demo.test");
    await waitForPath(page, "/dashboard");
    const card = await openHolding(page);
    await expect.poll(() => totalOf(page), { timeout: 30_000 }).toBe("$2,501.00");
    await expect.poll(() => card.getByTestId("dividend-row").count(), { timeout: 30_000 }).toBe(2);
    expect(await card.getByRole("form", { name: "Record Dividend" }).count()).toBe(0);
    expect(await card.getByRole("button", { name: "Record Dividend" }).count()).toBe(0);
  });

  it("lets the issuer record dividends online and offline, with the server's checks", async () => {
    const ctx = await context();
    const page = await signIn(ctx, "issuer@demo.test");
    await waitForPath(page, "/dashboard");
    await serviceWorkerReady(page);
    const card = await openHolding(page);
    await expect.poll(() => totalOf(page), { timeout: 30_000 }).toBe("$2,501.00");
    const form = card.getByRole("form", { name: "Record Dividend" });
    const amount = form.getByLabel("Amount", { exact: true });
    const paidOn = form.getByLabel("Paid On", { exact: true });
    const record = form.getByRole("button", { name: "Record Dividend" });
    const today = new Date().toISOString().slice(0, 10);
    expect(await paidOn.inputValue()).toBe(`${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)}`);

    await amount.fill("0");
    await paidOn.fill("12/31/2099");
    await record.click();
    await form.getByText("Dividend amount must be greater than 0.").waitFor();
    await form.getByText("Paid on must not be in the future.").waitFor();
    await screenshot(page, "holding-dividends-invalid");
    expect(await serverPayments()).toBe(2);

    // Online: applied by the server, the replicated total follows.
    await amount.fill("100.25");
    await paidOn.fill(`${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)}`);
    await record.click();
    await expect.poll(() => totalOf(page), { timeout: 30_000 }).toBe("$2,601.25");
    expect(await form.getByText("Dividend amount must be greater than 0.").count()).toBe(0);
    expect(await serverPayments()).toBe(3);

    // Offline: queued with a pending mark; sent once on reconnect.
    await expect.poll(() => syncLabel(page), { timeout: 30_000 }).toBe("Synced");
    await setOffline(ctx, true);
    await expect.poll(() => syncLabel(page), { timeout: 10_000 }).toBe("Offline");
    await amount.fill("49.75");
    await record.click();
    const pending = card.getByTestId("dividend-row").filter({ has: page.getByTestId("pending-mark") });
    await expect.poll(() => pending.count(), { timeout: 10_000 }).toBe(1);
    expect(await text(pending)).toContain("$49.75");
    expect(await totalOf(page)).toBe("$2,601.25");
    expect(await serverPayments()).toBe(3);
    await screenshot(page, "holding-dividends-offline");

    // The queued dividend outlives a reload; reconnected, it is sent once and the total follows.
    await page.reload();
    await waitForPath(page, `/holding/${holdingId}`);
    await expect.poll(() => pending.count(), { timeout: 30_000 }).toBe(1);
    await card.getByText("The recorded payments show when you are online.").waitFor();
    await setOffline(ctx, false);
    // Reconnected, the page re-checks its session and pulls every model too; on this loaded 2-core machine the
    // queued command has at times taken over 30 s to be answered.
    await expect.poll(() => totalOf(page), { timeout: 60_000 }).toBe("$2,651.00");
    await expect.poll(() => card.getByTestId("pending-mark").count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => card.getByTestId("dividend-row").count(), { timeout: 30_000 }).toBe(4);
    expect(await serverPayments()).toBe(4);
  });
});
