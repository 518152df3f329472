// Issue 13, items 13 and 17 in a real browser against the real server:
//  - offline, invitations queued under two allocations show under their own allocation only, with its own totals;
//  - an invitation the server refuses is opened from the sync status review in its form, with the values sent and
//    the reason; the corrected amount is sent (a new command replacing the refused one) and accepted, once.
// The product has no "remaining units" rule yet; the second test gives its allocation one for the duration of the test
// (a trigger in the test server's own in-memory database), so the server refuses an invitation the way it would.
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, resultsDir, setOffline, signIn, startE2E, waitForPath } from "./app.ts";
import { expectPeopleText } from "./visible-text.ts";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
}, 600_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
});

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await e2e.server.server.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row: ${sql}`);
  return rows[0];
}
const allocationId = async (name: string) =>
  (await one<{ id: string }>("select id from app_public.allocations where name = $1", [name])).id;

async function open(email: string, path: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(e2e.browser, e2e.url);
  contexts.push(ctx);
  const page = await signIn(ctx, email);
  await page.goto(path);
  await waitForPath(page, path);
  return { ctx, page };
}

let unique = 0;
const fresh = (tag: string) => `${tag}-${Date.now()}-${++unique}@e2e.test`;
const paneRow = (page: Page, email: string) => page.locator(`[data-testid=distribution-row][data-email="${email}"]`);
const syncLabel = (page: Page) => page.getByTestId("sync-status").textContent();
const summary = async (page: Page) => ({
  distributions: await page.getByTestId("summary-distributions").textContent(),
  units: await page.getByTestId("summary-units").textContent(),
});

async function invite(page: Page, email: string, amount: string, name = ""): Promise<void> {
  const form = page.getByRole("form", { name: "Invite an investor" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Amount (units)").fill(amount);
  await form.getByLabel("Contact Name (optional)").fill(name);
  await form.getByRole("button", { name: "Send Invitation" }).click();
  await paneRow(page, email).waitFor();
}

async function shoot(page: Page, name: string, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForTimeout(300);
  await expectPeopleText(page, name);
  await page.screenshot({ path: join(resultsDir, `${name}.png`) });
}
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe("offline invitations under two allocations", () => {
  it("lists each queued invitation under its own allocation only, with that allocation's count and units", async () => {
    const employees = await allocationId("Series A Employees");
    const direct = await allocationId("Series A Direct");
    const stored = await one<{ n: number; units: string }>(
      "select count(*)::int as n, coalesce(sum(amount), 0)::text as units from app_public.distributions where allocation_id = $1",
      [direct],
    );
    const { ctx, page } = await open("issuer@demo.test", `/distribute-allocation/${employees}/invite`);
    await poll(() => syncLabel(page)).toBe("Synced");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await setOffline(ctx, true);
    await poll(() => syncLabel(page)).toBe("Offline");

    const [e1, e2, d1] = [fresh("emp1"), fresh("emp2"), fresh("dir1")];
    await invite(page, e1, "1000.5");
    await invite(page, e2, "1833.33");
    await page.goto(`/distribute-allocation/${direct}/invite`);
    await waitForPath(page, `/distribute-allocation/${direct}/invite`);
    await invite(page, d1, "12000");
    await poll(() => syncLabel(page)).toBe("Offline · 3 waiting");

    // Series A Direct: its stored distributions and its one queued invitation, none of the other allocation's.
    expect(await paneRow(page, e1).count()).toBe(0);
    expect(await paneRow(page, e2).count()).toBe(0);
    await poll(() => page.getByTestId("distribution-row").count()).toBe(stored.n + 1);
    const directUnits = Number(stored.units) + 12000;
    expect(await summary(page)).toEqual({
      distributions: String(stored.n + 1),
      units: directUnits.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    });

    // Series A Employees (no stored distributions): its two queued invitations only.
    await page.goto(`/distribute-allocation/${employees}/invite`);
    await waitForPath(page, `/distribute-allocation/${employees}/invite`);
    await paneRow(page, e2).waitFor();
    expect(await paneRow(page, d1).count()).toBe(0);
    expect(await page.getByTestId("distribution-row").count()).toBe(2);
    expect(await summary(page)).toEqual({ distributions: "2", units: "2,833.83" });

    await setOffline(ctx, false);
    await poll(() => syncLabel(page)).toBe("Synced");
    await poll(
      async () =>
        (
          await one<{ n: number }>("select count(*)::int as n from app_public.distributions where allocation_id = $1", [
            employees,
          ])
        ).n,
    ).toBe(2);
    expect(await summary(page)).toEqual({ distributions: "2", units: "2,833.83" });
  });
});

describe("correcting a refused invitation", () => {
  it("opens the refused invitation from the sync status review with its values and reason, and sends it corrected", async () => {
    const direct = await allocationId("Series A Direct");
    const db = e2e.server.server.db;
    // The allocation has 5,000 units left (a fixture rule: see the top of the file).
    await db.query(`
      create or replace function app_private.e2e_remaining_units() returns trigger language plpgsql as $$
      begin
        if new.allocation_id = '${direct}' and new.amount > 5000 then
          raise exception 'Only 5,000 units remain in this allocation.' using errcode = 'LL422';
        end if;
        return new;
      end $$`);
    await db.query(`create trigger e2e_remaining_units before insert on app_public.distributions
      for each row execute function app_private.e2e_remaining_units()`);
    try {
      const { page } = await open("issuer@demo.test", `/distribute-allocation/${direct}/invite`);
      await page.setViewportSize(DESKTOP);
      await poll(() => syncLabel(page)).toBe("Synced");
      const stored = await one<{ n: number; units: string }>(
        "select count(*)::int as n, coalesce(sum(amount), 0)::text as units from app_public.distributions where allocation_id = $1",
        [direct],
      );
      const units = (value: number) =>
        value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const before = { distributions: String(stored.n), units: units(Number(stored.units)) };
      await poll(() => summary(page)).toEqual(before);
      const email = fresh("refused");

      await invite(page, email, "12000", "Rita Refused");
      await paneRow(page, email).getByTestId("rejected-mark").waitFor({ timeout: 30_000 });
      await poll(() => syncLabel(page)).toBe("1 change rejected");
      // a refused invitation is no distribution: the totals are unchanged
      expect(await summary(page)).toEqual(before);
      const refused = await one<{ key: string; status: string; error_message: string; id: string }>(
        `select idempotency_key::text as key, status, error_message, variables->'input'->>'id' as id
           from app_private.command_log where variables->'input'->>'accountEmail' = $1`,
        [email],
      );
      expect(refused).toMatchObject({
        status: "rejected",
        error_message: "Only 5,000 units remain in this allocation.",
      });

      await page.getByTestId("sync-status").click();
      const review = page.getByRole("dialog", { name: "Sync status" });
      const item = review.getByTestId("outbox-command");
      await item.getByText("Only 5,000 units remain in this allocation.").waitFor();
      expect(await item.getAttribute("data-status")).toBe("rejected");
      expect(await item.getByTestId("outbox-command-summary").textContent()).toBe(`${email} · 12,000.00 units`);
      await shoot(page, "outbox-rejected-review-desktop", DESKTOP);
      await shoot(page, "outbox-rejected-review-phone", PHONE);

      await item.getByRole("button", { name: "Edit" }).click();
      const editor = page.getByRole("dialog", { name: "Correct invitation" });
      await editor.waitFor();
      await editor.getByText("Only 5,000 units remain in this allocation.").waitFor();
      expect(await editor.getByLabel("Email").inputValue()).toBe(email);
      expect(await editor.getByLabel("Amount (units)").inputValue()).toBe("12000");
      expect(await editor.getByLabel("Contact Name (optional)").inputValue()).toBe("Rita Refused");
      await shoot(page, "outbox-edit-form-phone", PHONE);
      await shoot(page, "outbox-edit-form-desktop", DESKTOP);

      await editor.getByLabel("Amount (units)").fill("4,500");
      await editor.getByRole("button", { name: "Send again" }).click();
      await editor.waitFor({ state: "detached" });

      // Accepted once, under a new key; the refused command is gone from the device.
      await poll(async () => {
        const { rows } = await db.query<{ amount: string }>(
          "select amount::text from app_public.distributions where id = $1 and allocation_id = $2",
          [refused.id, direct],
        );
        return rows.map((row) => Number(row.amount));
      }).toEqual([4500]);
      const { rows: log } = await db.query<{ key: string; status: string; amount: string }>(
        `select idempotency_key::text as key, status, variables->'input'->>'amount' as amount
           from app_private.command_log where variables->'input'->>'accountEmail' = $1 order by applied_on`,
        [email],
      );
      expect(log).toHaveLength(2);
      expect(log[0]).toMatchObject({ key: refused.key, status: "rejected", amount: "12000" });
      expect(log[1]).toMatchObject({ status: "accepted", amount: "4500" });
      expect(log[1]?.key).not.toBe(refused.key);
      await poll(() => syncLabel(page)).toBe("Synced");
      await poll(() => paneRow(page, email).getByTestId("rejected-mark").count()).toBe(0);
      await poll(() => paneRow(page, email).getByTestId("pending-mark").count()).toBe(0);
      await poll(() => summary(page)).toEqual({
        distributions: String(stored.n + 1),
        units: units(Number(stored.units) + 4500),
      });
    } finally {
      await db.query("drop trigger if exists e2e_remaining_units on app_public.distributions");
      await db.query("drop function if exists app_private.e2e_remaining_units()");
    }
  });
});
