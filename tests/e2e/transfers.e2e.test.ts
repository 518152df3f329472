// A partial transfer in a real browser against the real server (issue 32 item 1, docs/TRANSFERS.md): the Kim Family
// Trust asks, offline, to transfer part of its fund holding to a new investor by e-mail (the device's checks give the
// server's texts first; the request waits with its mark and is sent once on reconnect); the issuer approves it on the
// security page; both holdings, the ledger and the holder's screen follow, and the total is unchanged.
import type { BrowserContext, Locator, Page } from "playwright-core";
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

let e2e: E2E;
let holdingId: string;
let securityId: string;
const NEW_HOLDER = "new-holder@transfers.test";
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  // The Kim Family Trust's holding in the fund (First Close: not on a chain), 25,000 units.
  const { rows } = await e2e.server.server.db.query<{ id: string; security_id: string }>(
    `select h.id, h.security_id from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
       join app_public.rounds r on r.id = h.round_id
      where a.email = 'investor2@demo.test' and r.name = 'First Close'`,
  );
  holdingId = rows[0]?.id ?? "";
  securityId = rows[0]?.security_id ?? "";
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

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
const syncLabel = (page: Page) => text(page.getByTestId("sync-status"));

async function units(): Promise<Record<string, string>> {
  const { rows } = await e2e.server.server.db.query<{ email: string; amount: string }>(
    `select a.email, h.amount::text from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
      where h.security_id = $1 order by a.email`,
    [securityId],
  );
  return Object.fromEntries(rows.map((row) => [row.email, row.amount]));
}

describe("a partial transfer", () => {
  it("is requested offline by the holder, approved by the issuer, and every figure follows", async () => {
    expect(await units()).toEqual({ "investor2@demo.test": "25000" });
    // the issuer keeps a right of first refusal on the fund (it does not stop an approval): the holder reads it
    await e2e.server.server.db.query(
      "insert into app_public.transfer_rules (security_id, first_refusal_days) values ($1, 30)",
      [securityId],
    );
    const holderContext = await context();
    const holder = await signIn(holderContext, "investor2@demo.test");
    await waitForPath(holder, "/portfolio");
    await serviceWorkerReady(holder);
    await holder.goto(`/holding/${holdingId}`);
    const card = holder.getByTestId("transfers");
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => text(holder.getByTestId("holding-units")), { timeout: 30_000 }).toContain("25,000");
    await expect
      .poll(() => text(card.getByTestId("transfer-rules-summary")), { timeout: 30_000 })
      .toBe("The issuer may decline a request within 30 days.");

    // The device's checks, with the server's texts: nothing is queued.
    await card.getByRole("button", { name: "Transfer", exact: true }).click();
    const dialog = holder.getByRole("dialog", { name: "Transfer units" });
    await dialog.getByLabel("Units to transfer").fill("25000.5");
    await dialog.getByLabel("Transferee's email").fill(NEW_HOLDER);
    await dialog.getByRole("button", { name: "Request transfer" }).click();
    await dialog.getByText("This holding has 25000 units available to transfer.").waitFor();
    await dialog.getByText("Choose a reason: sale, gift, estate or other.").waitFor();

    // Offline: the request waits with its mark.
    await expect.poll(() => syncLabel(holder), { timeout: 30_000 }).toBe("Synced");
    await setOffline(holderContext, true);
    await expect.poll(() => syncLabel(holder), { timeout: 10_000 }).toBe("Offline");
    await dialog.getByLabel("Units to transfer").fill("10000.5");
    await dialog.getByRole("combobox", { name: "Reason" }).click();
    await holder.getByRole("option", { name: "Gift" }).click();
    await dialog.getByRole("button", { name: "Request transfer" }).click();
    await dialog.waitFor({ state: "detached" });
    const pending = card.getByTestId("transfer-row").filter({ has: holder.getByTestId("pending-mark") });
    await expect.poll(() => pending.count(), { timeout: 10_000 }).toBe(1);
    expect(await text(pending)).toContain("10,000.5");
    await screenshot(holder, "transfer-requested-offline");
    const { rows: none } = await e2e.server.server.db.query("select 1 from app_public.transfers");
    expect(none).toEqual([]);

    // Reconnected: sent once, the stored request replaces the queued one.
    await setOffline(holderContext, false);
    await expect.poll(() => card.getByTestId("pending-mark").count(), { timeout: 60_000 }).toBe(0);
    const row = card.getByTestId("transfer-row");
    await expect.poll(() => text(row), { timeout: 30_000 }).toContain("Waiting for the issuer");
    expect(await text(row)).toContain(NEW_HOLDER);
    const { rows: requests } = await e2e.server.server.db.query<{ units: string; status: string }>(
      "select units::text, status from app_public.transfers",
    );
    expect(requests).toEqual([{ units: "10000.5", status: "open" }]);

    // The issuer approves it on the security's page.
    const issuer = await signIn(await context(), "issuer@demo.test");
    await waitForPath(issuer, "/dashboard");
    await issuer.goto(`/security/${securityId}`);
    const requestsCard = issuer.getByTestId("security-transfers");
    await requestsCard.getByTestId("transfer-row").waitFor({ timeout: 30_000 });
    expect(await text(requestsCard.getByTestId("transfer-row"))).toContain("Kim Family Trust");
    await requestsCard.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => text(requestsCard.getByTestId("transfer-row")), { timeout: 60_000 }).toContain("Approved");
    await screenshot(issuer, "transfer-approved");

    // Both holdings follow, the total is unchanged, the ledger has both sides.
    expect(await units()).toEqual({ [NEW_HOLDER]: "10000.5", "investor2@demo.test": "14999.5" });
    const { rows: entries } = await e2e.server.server.db.query<{ amount: string }>(
      `select e.amount::text from app_public.ledger_entries e join app_public.transactions x on x.id = e.transaction_id
        where x.chain_data ->> 'kind' = 'transfer' order by e.amount`,
    );
    expect(entries.map((e) => e.amount)).toEqual(["-10000.5", "10000.5"]);
    // The holder's screen follows through the pull.
    await expect.poll(() => text(holder.getByTestId("holding-units")), { timeout: 60_000 }).toContain("14,999.5");
    await expect.poll(() => text(card.getByTestId("transfer-row")), { timeout: 30_000 }).toContain("Approved");
    // a phone does not scroll the page sideways: the table scrolls inside its card
    await holder.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => holder.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await holder.setViewportSize({ width: 1366, height: 900 });
    // its confirmation statement downloads from the row
    const download = holder.waitForEvent("download");
    await card.getByRole("link", { name: "Confirmation (PDF)" }).click();
    expect((await download).suggestedFilename()).toMatch(/^ledgerline-transfer-.+\.pdf$/);
  });
});
