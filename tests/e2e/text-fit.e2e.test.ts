// Text that fits is not cut (issue 22 items 5 and 12) at 1440 px: account names in the top bar, the issuer and
// asset names in portfolio rows, grid headers, onboarding step titles (never broken inside a word), and a refused
// invitation's badge beside its status badge in the allocation pane.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type E2E, screenshot, signIn, startE2E } from "./app.ts";

let e2e: E2E;
const contexts: BrowserContext[] = [];

async function context(): Promise<BrowserContext> {
  const created = await e2e.browser.newContext({
    baseURL: e2e.url,
    viewport: { width: 1440, height: 900 },
    serviceWorkers: "allow",
  });
  contexts.push(created);
  return created;
}

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const row = (await e2e.server.server.db.query<T>(text, params)).rows[0];
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });

/** The elements (by their text) whose content is wider than their box: cut by an ellipsis or by overflow. */
async function cut(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.textContent?.trim()} (${element.scrollWidth} > ${element.clientWidth})`),
  );
}

/** The words of the elements' text that are split over two lines. */
async function splitWords(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) => {
    const split: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  });
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

describe("text is not cut where there is room (1440 px)", () => {
  it("the top bar shows the whole account name of the broker and the ats", async () => {
    for (const [email, name] of [
      ["broker@demo.test", "Harborview Capital Markets LLC"],
      ["ats@demo.test", "Meridian Alternative Exchange"],
    ] as const) {
      const page = await signIn(await context(), email);
      const label = page.getByTestId("account-menu").getByText(name, { exact: true });
      await label.waitFor();
      expect(await cut(label)).toEqual([]);
    }
  });

  it("on a 1366 px laptop the issuer's top bar shows every link, none behind the list's edge", async () => {
    const page = await signIn(await context(), "issuer@demo.test");
    await page.setViewportSize({ width: 1366, height: 800 });
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Contacts" }).waitFor();
    await page.getByTestId("sync-status").waitFor();
    expect(await cut(nav)).toEqual([]);
  });

  it("portfolio rows show the whole issuer and asset names; the holdings grid its whole headers", async () => {
    const investor = await signIn(await context(), "investor@demo.test");
    const issuerCells = investor.locator(".ag-row .ag-cell[col-id=issuer]");
    await poll(() => issuerCells.count()).toBeGreaterThan(0);
    await poll(() => cut(issuerCells)).toEqual([]);
    await poll(() =>
      cut(
        investor.locator(
          ".ag-row .ag-cell[col-id=asset] .ag-cell-value, .ag-row [col-id=asset] a, .ag-row [col-id=asset] button",
        ),
      ),
    ).toEqual([]);
    await screenshot(investor, "text-fit-portfolio");

    const issuer = await signIn(await context(), "issuer@demo.test");
    await issuer.goto("/holdings");
    const headers = issuer.locator(".ag-header-cell .ag-header-cell-text");
    await poll(() => headers.allTextContents()).toContain("Total Value");
    await poll(() => cut(headers)).toEqual([]);
    await poll(() => cut(issuer.locator(".ag-row .ag-cell"))).toEqual([]);
    await screenshot(issuer, "text-fit-holdings");
  });

  it("onboarding step titles wrap between words, never inside one", async () => {
    const { id } = await one<{ id: string }>(
      `select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
        join app_public.accounts a on a.id = d.investor_id
        where a.email = 'investor@demo.test' and al.name = 'Series A Direct'`,
    );
    const page = await signIn(await context(), "investor@demo.test");
    await page.goto(`/distribution/${id}`);
    const steps = page.getByRole("navigation", { name: "Onboarding steps" }).getByRole("button");
    await poll(() => steps.count()).toBeGreaterThan(3);
    expect(await splitWords(steps)).toEqual([]);
    expect(await cut(steps)).toEqual([]);
    await screenshot(page, "text-fit-onboarding-steps");
  });
});

describe("a refused invitation's badge in the allocation pane (issue 22 item 12)", () => {
  it("sits beside or below the status badge, whole, never over it", async () => {
    const db = e2e.server.server.db;
    const { id: direct } = await one<{ id: string }>(
      "select id from app_public.allocations where name = 'Series A Direct'",
    );
    // A refusal with a long reason, as a server rule would give.
    await db.query(`
      create or replace function app_private.e2e_text_fit_refusal() returns trigger language plpgsql as $$
      begin
        if new.allocation_id = '${direct}' and new.amount > 90000 then
          raise exception 'Only 5,000 units remain in this allocation; ask the issuer for more.' using errcode = 'LL422';
        end if;
        return new;
      end $$`);
    await db.query(`create trigger e2e_text_fit_refusal before insert on app_public.distributions
      for each row execute function app_private.e2e_text_fit_refusal()`);
    try {
      const page: Page = await signIn(await context(), "issuer@demo.test");
      await page.goto(`/distribute-allocation/${direct}/invite`);
      const email = `text-fit-${Date.now()}@e2e.test`;
      const form = page.getByRole("form", { name: "Invite an investor" });
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Amount (units)").fill("95000");
      await form.getByRole("button", { name: "Send Invitation" }).click();
      const row = page.locator(`[data-testid=distribution-row][data-email="${email}"]`);
      const refused = row.getByTestId("rejected-mark");
      await refused.waitFor({ timeout: 30_000 });
      // The status a queued invitation shows is the one it keeps (Onboarding), beside the refusal.
      const status = row.locator("td").last().locator("span").first();
      expect((await status.textContent())?.trim()).toBe("Onboarding");
      const [a, b] = [await status.boundingBox(), await refused.boundingBox()];
      if (!a || !b) throw new Error("badges not laid out");
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap).toBe(false);
      // Its whole text is inside its box.
      expect(
        await refused.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1),
      ).toBe(true);
      await screenshot(page, "text-fit-refused-badge");
    } finally {
      await db.query("drop trigger if exists e2e_text_fit_refusal on app_public.distributions");
      await db.query("drop function if exists app_private.e2e_text_fit_refusal()");
    }
  });
});
