// A reverse split in a real browser against the real server (issue 32 item 2, docs/CORPORATE-ACTIONS.md): the
// issuer, offline, previews a 1-for-3 reverse split of the fund on the security page (the device's checks give the
// server's texts first; the preview shows the holder's units before and after and the cash in lieu), confirms it,
// and on reconnect the server applies it once: the holding and the authorized units follow. Then a redemption from the
// same card's neighbour: the device's own check, a buyback queued offline and applied on reconnect, and a second one
// the server refuses (the first left too few units), its reason shown on the card. Last, a note converts into the
// fund's units on the note's page: previewed (note units, units after, fraction, cash in lieu), confirmed, applied by
// the server, and the holdings follow.
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
    expect(cells.map((cell) => cell.trim())).toEqual(["Kim Family Trust", "First Close", "8,333", "8,000", "$666.00"]);
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

  it("last, a note converts into the fund's units on the note's page, and the holdings follow", async () => {
    const issuer = context.pages()[0];
    if (!issuer) throw new Error("the issuer's page is gone");
    // a convertible note of the issuer's, not on a chain: its own security and a round with bond data, two holders at
    // 1 of principal per unit (as an issuance writes them: a transaction, the holding, its ledger entry)
    const one = async (sql: string, params: unknown[]) =>
      ((await e2e.server.server.db.query<{ id: string }>(sql, params)).rows[0]?.id ?? "") as string;
    const issuerId = await one("select issuer_id as id from app_public.securities where id = $1", [securityId]);
    const noteId = await one(
      "insert into app_public.securities (issuer_id, name, total) values ($1, 'Northwind Convertible Notes', 5000) returning id",
      [issuerId],
    );
    const debtId = await one(
      `insert into app_public.rounds (asset_id, security_id, name, terms_url, price, opens_on, closes_on, status, total)
       select asset_id, $1, 'Notes 2024', 'https://northwind.example/notes', 1, '2024-01-01', '2024-12-31', 'closed', 5000
         from app_public.rounds where name = 'Tranche A' returning id`,
      [noteId],
    );
    await e2e.server.server.db.query(
      "insert into app_public.tranche_bond_data (round_id, term, coupon) values ($1, 2, 5)",
      [debtId],
    );
    for (const [email, amount] of [
      ["investor@demo.test", "1000"],
      ["investor2@demo.test", "250.5"],
    ] as const) {
      const investorId = await one("select id from app_public.accounts where email = $1", [email]);
      const tx = await one(
        "insert into app_public.transactions (issuer_id, round_id, created_on) values ($1, $2, '2024-06-01') returning id",
        [issuerId, debtId],
      );
      const holding = await one(
        `insert into app_public.holdings (security_id, round_id, investor_id, amount, purchase_price, issued_on)
         values ($1, $2, $3, $4, 1, '2024-06-01') returning id`,
        [noteId, debtId, investorId, amount],
      );
      await e2e.server.server.db.query(
        `insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount, created_on)
         values ($1, $2, $3, $4, '2024-06-01')`,
        [tx, holding, investorId, amount],
      );
    }

    await issuer.goto(`/security/${noteId}`);
    const card = issuer.getByTestId("conversion");
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole("combobox", { name: "Convert into" }).click();
    await issuer.getByRole("option", { name: /^First Close/ }).click();
    await card.getByLabel("Conversion price per unit").fill("0.8");
    await card.getByRole("button", { name: "Preview conversion" }).click();
    const rows = card.getByTestId("conversion-preview").locator("tbody tr");
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(3);
    const cells = async (index: number) =>
      (await rows.nth(index).locator("td, th").allTextContents()).map((c) => c.trim());
    const lines = [await cells(0), await cells(1)].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    // 1,000 x 1 / 0.8 = 1,250 units; 250.5 / 0.8 = 313.125: 313 units and 0.125 paid at 0.8 = $0.10
    expect(lines).toEqual([
      ["Emma Lawson", "Notes 2024", "1,000", "1,250", "0", "$0.00"],
      ["Kim Family Trust", "Notes 2024", "250.50", "313", "0.125", "$0.10"],
    ]);
    expect(await cells(2)).toEqual(["Total", "", "1,250.50", "1,563", "", "$0.10"]);
    await card.getByRole("button", { name: "Confirm conversion" }).click();

    // applied by the server once: the note holdings are at 0, the fund's new holdings carry the whole units
    const held = async () =>
      (
        await e2e.server.server.db.query<{ name: string; security: string; amount: string }>(
          `select a.name, s.name as security, trim_scale(h.amount)::text as amount
             from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
             join app_public.securities s on s.id = h.security_id
            where h.security_id in ($1, $2) and a.email in ('investor@demo.test', 'investor2@demo.test')`,
          [noteId, securityId],
        )
      ).rows
        .map((row) => `${row.security === "Northwind Convertible Notes" ? "note" : "fund"} ${row.name} ${row.amount}`)
        .sort();
    await expect
      .poll(held, { timeout: 60_000 })
      .toEqual([
        "fund Emma Lawson 1250",
        "fund Kim Family Trust 313",
        "fund Kim Family Trust 8000",
        "note Emma Lawson 0",
        "note Kim Family Trust 0",
      ]);
    await expect.poll(() => text(card), { timeout: 60_000 }).not.toContain("A conversion is waiting to sync.");
  });
});
