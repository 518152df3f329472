// A reverse split in a real browser against the real server (issue 32 item 2, docs/CORPORATE-ACTIONS.md): the
// issuer, offline, previews a 1-for-3 reverse split of the fund on the security page (the device's checks give the
// server's texts first; the preview shows the holder's units before and after and the cash in lieu), confirms it,
// and on reconnect the server applies it once: the holding and the authorized units follow. Then a redemption from the
// same card's neighbour: the device's own check, a buyback queued offline and applied on reconnect, and a second one
// the server refuses (the first left too few units), its reason shown on the card.
import type { BrowserContext, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, serviceWorkerReady, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

let e2e: E2E;
let securityId: string;
let context: BrowserContext;

beforeAll(async () => {
  e2e = await startE2E();
  // The fund's security: the Kim Family Trust's First Close holding of 25,000 units, not on a chain.
  const { rows } = await e2e.server.server.db.query<{ security_id: string }>(
    `select h.security_id from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
       join app_public.rounds r on r.id = h.round_id
      where a.email = 'investor2@demo.test' and r.name = 'First Close'`,
  );
  securityId = rows[0]?.security_id ?? "";
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();

async function figures() {
  const { rows } = await e2e.server.server.db.query<{ units: string; total: string }>(
    `select (select trim_scale(sum(h.amount))::text from app_public.holdings h where h.security_id = s.id) as units,
            trim_scale(s.total)::text as total
       from app_public.securities s where s.id = $1`,
    [securityId],
  );
  return rows[0];
}

describe("a reverse split", () => {
  it("is previewed and confirmed offline by the issuer and applied once on reconnect", async () => {
    const before = await figures();
    expect(before?.units).toBe("25000");
    context = await newContext(e2e.browser, e2e.url);
    const issuer = await signIn(context, "issuer@demo.test");
    await waitForPath(issuer, "/dashboard");
    await serviceWorkerReady(issuer);
    await issuer.goto(`/security/${securityId}`);
    const card = issuer.getByTestId("corporate-action");
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => text(issuer.getByTestId("sync-status")), { timeout: 30_000 }).toBe("Synced");

    await setOffline(context, true);
    await card.getByLabel("New units").fill("3");
    await card.getByLabel("For every (units held now)").fill("3");
    await card.getByLabel("Cash in lieu price per unit").fill("1.5");
    await card.getByRole("button", { name: "Preview" }).click();
    await expect
      .poll(() => text(card.getByRole("alert")))
      .toBe("A ratio of 3 for 3 changes nothing: choose two different numbers.");

    await card.getByLabel("New units").fill("1");
    await card.getByRole("button", { name: "Preview" }).click();
    const table = card.getByTestId("split-preview");
    await table.waitFor({ timeout: 10_000 });
    const row = table.locator("tbody tr").first();
    expect(await text(row)).toContain("Kim Family Trust");
    expect(await text(row)).toContain("25,000");
    expect(await text(row)).toContain("8,333");
    expect(await text(row)).toContain("0.333333");
    expect(await text(row)).toContain("0.50");
    await card.getByRole("button", { name: "Confirm split" }).click();
    await expect.poll(() => text(card), { timeout: 10_000 }).toContain("A split is waiting to sync.");
    expect(await figures()).toEqual(before);

    await setOffline(context, false);
    await expect.poll(() => text(card), { timeout: 60_000 }).not.toContain("A split is waiting to sync.");
    await expect
      .poll(() => figures(), { timeout: 30_000 })
      .toEqual({
        units: "8333",
        total: String(Math.floor(Number(before?.total) / 3)),
      });
  });

  it("then a redemption: the device's check, two buybacks queued offline, the second refused by the server with its reason", async () => {
    const issuer = context.pages()[0];
    if (!issuer) throw new Error("the issuer's page is gone");
    const card = issuer.getByTestId("redemption");
    const kim = card.getByLabel("Units to buy back from Kim Family Trust", { exact: false });
    // the reverse split has reached the device: the card lists the 8,333 units
    await expect.poll(() => text(card), { timeout: 30_000 }).toContain("8,333");
    await setOffline(context, true);
    await kim.fill("9000");
    await card.getByLabel("Price per unit").fill("2");
    await card.getByRole("button", { name: "Preview redemption" }).click();
    await expect
      .poll(() => text(card.getByRole("alert")))
      .toBe("This holding of Kim Family Trust has only 8333 units: the redemption needs 9000.");
    await kim.fill("333");
    await card.getByRole("button", { name: "Preview redemption" }).click();
    const row = card.getByTestId("redemption-preview").locator("tbody tr").first();
    const cells = await row.locator("td").allTextContents();
    expect(cells.map((cell) => cell.trim())).toEqual([
      "Kim Family Trust",
      "First Close",
      "8,333.00",
      "8,000.00",
      "$666.00",
    ]);
    await card.getByRole("button", { name: "Confirm redemption" }).click();
    await expect.poll(() => text(card)).toContain("A redemption is waiting to sync.");
    // a second buyback the device still allows (it holds 8,333 until the first is applied), the server will not
    await kim.fill("8100");
    await card.getByRole("button", { name: "Preview redemption" }).click();
    await card.getByRole("button", { name: "Confirm redemption" }).click();
    expect((await figures())?.units).toBe("8333");

    await setOffline(context, false);
    await expect
      .poll(() => text(card.getByTestId("action-status")), { timeout: 60_000 })
      .toContain("This holding of Kim Family Trust has only 8000 units: the redemption needs 8100.");
    expect((await figures())?.units).toBe("8000");
  });
});
