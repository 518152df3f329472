// A page load starts reading the screen's rows from the local database of the account last stored on the device
// while the session request still runs (src/data/hooks.tsx prewarmLocalData, issue 8). Another user signed in on the
// same device must never see the previous user's rows: the screen shows only what the confirmed session's own
// database holds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCALE_EMAIL, seedScale } from "../../sync/seed/scale.ts";
import { signInAs } from "../sync/harness.ts";
import { type E2E, newContext, screenshot, signIn, startE2E, waitForPath } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });
const SCALE_HOLDINGS = 12;

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await seedScale(e2e.server.server.db, { holdings: SCALE_HOLDINGS });
});
afterAll(async () => {
  await e2e?.close();
});

async function holdingEmails(issuerEmail: string): Promise<string[]> {
  const { rows } = await e2e.server.server.db.query<{ email: string }>(
    `select distinct inv.email from app_public.holdings h
       join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id
       join app_public.accounts i on i.id = a.issuer_id join app_public.accounts inv on inv.id = h.investor_id
       where h.amount > 0 and i.id in (select account_id from app_public.users_accounts ua
         join app_public.user_emails e on e.user_id = ua.user_id where lower(e.email) = lower($1))`,
    [issuerEmail],
  );
  return rows.map((row) => row.email.toLowerCase());
}

describe("early reads of a page load", () => {
  it("never show the previous user's holdings to another user signed in on the same device", async () => {
    const ctx = await newContext(e2e.browser, e2e.url);
    try {
      const page = await signIn(ctx, "issuer@demo.test");
      await page.goto("/holdings");
      await waitForPath(page, "/holdings");
      await poll(async () =>
        /^1 - [1-9]\d* of [1-9]\d*$/.test((await page.getByTestId("grid-footer").textContent()) ?? ""),
      ).toBe(true);
      // A reload of the same user's /holdings: the entry script read the rows from the device before RxDB opened
      // (src/data/early-read.ts), and the live query took that read over instead of reading the holdings again.
      await page.reload();
      await waitForPath(page, "/holdings");
      await poll(async () =>
        /^1 - [1-9]\d* of [1-9]\d*$/.test((await page.getByTestId("grid-footer").textContent()) ?? ""),
      ).toBe(true);
      await poll(() => page.evaluate(() => performance.getEntriesByName("ll:adopt:holdings").length)).toBe(1);
      expect(await page.evaluate(() => performance.getEntriesByName("ll:early-read:holdings").length)).toBe(1);
      expect(await page.evaluate(() => performance.getEntriesByName("ll:read:holdings").length)).toBe(0);

      const previous = await holdingEmails("issuer@demo.test");
      const next = await holdingEmails(SCALE_EMAIL);
      expect(previous.length).toBeGreaterThan(0);
      expect(next.length).toBeGreaterThan(0);
      expect(previous.filter((email) => next.includes(email))).toEqual([]);

      // Another user signs in on this device: a new session cookie, while the device still stores the previous
      // user's session (and database). Every investor email the grid ever shows from now on is recorded.
      const scale = await signInAs(e2e.server.client(), SCALE_EMAIL);
      const origin = new URL(page.url()).origin;
      await ctx.clearCookies();
      await ctx.addCookies([{ name: "ll_session", value: scale.client.session ?? "", url: origin }]);
      expect(await page.evaluate(() => localStorage.getItem("ll.session"))).toContain("Northwind");
      await ctx.addInitScript(() => {
        const seen = new Set<string>();
        (window as unknown as { __seenEmails: Set<string> }).__seenEmails = seen;
        const record = () => {
          for (const cell of document.querySelectorAll('[role="gridcell"][col-id="investorEmail"]')) {
            const text = cell.textContent?.trim().toLowerCase();
            if (text) seen.add(text);
          }
        };
        new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
      });
      // The session request answers after the previous user's database has opened (as on a slow network), so the
      // early reads surely start on it: the case this test is about, whatever the machine's speed.
      await ctx.route("**/api/v2/graphql", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto("/holdings");
      await waitForPath(page, "/holdings");
      await poll(() => page.getByTestId("grid-footer").textContent()).toBe(
        `1 - ${SCALE_HOLDINGS} of ${SCALE_HOLDINGS}`,
      );
      // the early reads did start, on the previous user's database (the case this test is about): the entry's read of
      // its rows and the prewarmed RxDB database's; neither was shown, and the grid read the new user's own database
      expect(await page.evaluate(() => performance.getEntriesByName("ll:early-reads").length)).toBe(1);
      expect(await page.evaluate(() => performance.getEntriesByName("ll:early-read:holdings").length)).toBe(1);
      expect(await page.evaluate(() => performance.getEntriesByName("ll:read:holdings").length)).toBeGreaterThan(0);
      const seen = await page.evaluate(() => [...(window as unknown as { __seenEmails: Set<string> }).__seenEmails]);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((email) => previous.includes(email))).toEqual([]);
      expect(seen.every((email) => next.includes(email))).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem("ll.session"))).not.toContain("Northwind");
      await screenshot(page, "early-reads-other-user");
    } finally {
      await ctx.close();
    }
  });
});
