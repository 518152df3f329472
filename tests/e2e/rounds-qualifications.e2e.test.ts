// Qualifications with order and payment edits on the allocation page, in a real browser against the real server
// (issue 6): the allocation's owner adds two qualifications to the allocation and reorders them, adds one to a
// distribution (offline, synced when back online) whose qualification label then shows on the distribution tab and
// on its row of the distributions list, and edits then deletes a payment.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

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

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await e2e.server.server.db.query<T>(sql, params)).rows;
}
async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await rows<T>(sql, params);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

async function open(email: string, path: string): Promise<Page> {
  const ctx = await newContext(e2e.browser, e2e.url);
  contexts.push(ctx);
  const page = await signIn(ctx, email);
  await page.goto(path);
  await waitForPath(page, path);
  return page;
}

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("qualifications with order and payment edits", () => {
  it("the owner orders qualifications on the allocation, adds one to a distribution, edits and deletes a payment", async () => {
    const allocation = await one<{ id: string; owner_id: string }>(
      "select id, owner_id from app_public.allocations where name = 'Series A Direct'",
    );
    // the demo issuer owns its round's direct allocation
    const owner = { email: "issuer@demo.test" };
    const tag = Date.now();
    const kyc = `KYC ${tag}`;
    const accreditation = `Accreditation ${tag}`;
    await e2e.server.server.db.query(
      `insert into app_public.vendor_qualifications (account_id, name, steps) values ($1, $2, '[]'::jsonb), ($1, $3, '[]'::jsonb)`,
      [allocation.owner_id, kyc, accreditation],
    );
    const distribution = await one<{ id: string; email: string }>(
      `select d.id, (select a.email from app_public.accounts a where a.id = d.investor_id) as email
       from app_public.distributions d
       where d.allocation_id = $1 and not d.locked
         and not exists (select 1 from app_public.distribution_qualifications q where q.distribution_id = d.id)
       order by d.created_on limit 1`,
      [allocation.id],
    );
    const orderSql = `select v.name from app_public.allocation_qualifications q
      join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
      where q.allocation_id = $1 and v.name = any($2) order by q.execute_order, q.created_on, q.id`;
    const order = async () =>
      (await rows<{ name: string }>(orderSql, [allocation.id, [kyc, accreditation]])).map((r) => r.name);

    // Allocation tab: add two qualifications, then move the second one up.
    const page = await open(owner.email, `/distribute-allocation/${allocation.id}/allocation`);
    const card = page.getByTestId("allocation-qualifications");
    await card.waitFor();
    await chooseOption(page, "Add qualification", kyc);
    await card.getByRole("button", { name: "Add Qualification" }).click();
    await card.getByTestId("qualification-row").filter({ hasText: kyc }).waitFor();
    await chooseOption(page, "Add qualification", accreditation);
    await card.getByRole("button", { name: "Add Qualification" }).click();
    await poll(order).toEqual([kyc, accreditation]);
    const names = () =>
      card
        .getByTestId("qualification-row")
        .allTextContents()
        .then((texts) =>
          texts.map((t) => (t.includes(kyc) ? kyc : t.includes(accreditation) ? accreditation : null)).filter(Boolean),
        );
    await poll(names).toEqual([kyc, accreditation]);
    await card.getByRole("button", { name: `Move ${accreditation} up` }).click();
    await poll(names).toEqual([accreditation, kyc]);
    await poll(order).toEqual([accreditation, kyc]);
    await poll(() => card.getByTestId("pending-mark").count()).toBe(0);
    await screenshot(page, "allocation-qualifications");

    // Distribution tab: 'No Qualifications' until one is added, then the qualification label of its process.
    await page.goto(`/distribute-allocation/${allocation.id}/distribution?distribution=${distribution.id}`);
    const dq = page.getByTestId("distribution-qualifications");
    await dq.getByText("No Qualifications").first().waitFor();
    // The right-hand distributions list shows the same label on the distribution's row.
    const paneLabel = page
      .getByTestId("distribution-row")
      .and(page.locator(`[data-email="${distribution.email}"]`))
      .getByTestId("qualification-label");
    await poll(() => paneLabel.textContent()).toBe("No Qualifications");
    // offline: the choice comes from the replica, the command waits in the outbox with its pending mark
    await setOffline(page.context(), true);
    await chooseOption(page, "Add qualification", kyc);
    await dq.getByRole("button", { name: "Add Qualification" }).click();
    await dq.getByTestId("qualification-row").filter({ hasText: kyc }).getByTestId("pending-mark").waitFor();
    expect(
      (
        await rows("select id from app_public.distribution_qualifications where distribution_id = $1", [
          distribution.id,
        ])
      ).length,
    ).toBe(0);
    await setOffline(page.context(), false);
    await poll(
      async () =>
        (
          await rows("select id from app_public.distribution_qualifications where distribution_id = $1", [
            distribution.id,
          ])
        ).length,
    ).toBe(1);
    const process = await one<{ status: string }>(
      "select status from app_public.processes where distribution_id = $1",
      [distribution.id],
    );
    const label = process.status === "not_started" ? "Not Started" : "Not Finished";
    await poll(() => dq.getByTestId("qualification-row").filter({ hasText: kyc }).count()).toBe(1);
    await poll(() => dq.getByText(label, { exact: true }).first().isVisible()).toBe(true);
    await poll(() => dq.getByText("No Qualifications").count()).toBe(0);
    await poll(() => paneLabel.textContent()).toBe(label);
    await poll(() => dq.getByTestId("pending-mark").count()).toBe(0);

    // Payments: record one, edit its amount, delete it.
    const payments = page.getByTestId("payments");
    const paymentAmounts = async () =>
      (
        await rows<{ amount: string }>(
          "select amount::text as amount from app_public.distribution_payments where distribution_id = $1 and amount in (321.5, 456.75)",
          [distribution.id],
        )
      ).map((r) => r.amount);
    await payments.getByLabel("Payment Amount").fill("321.50");
    await payments.getByRole("button", { name: "Add Payment" }).click();
    await poll(paymentAmounts).toEqual(["321.50"]);
    const row = payments.getByTestId("payment-row").filter({ hasText: "$321.50" });
    await poll(() => row.getByTestId("pending-mark").count()).toBe(0);
    await row.getByRole("button", { name: "Edit" }).click();
    const editor = payments.locator('input[name="editPaymentAmount"]');
    await editor.fill("");
    await payments.getByRole("button", { name: "Save" }).click();
    await payments.getByText("Payment amount is required").waitFor();
    await editor.fill("456.75");
    await payments.getByRole("button", { name: "Save" }).click();
    await poll(paymentAmounts).toEqual(["456.75"]);
    const edited = payments.getByTestId("payment-row").filter({ hasText: "$456.75" });
    await poll(() => edited.getByTestId("pending-mark").count()).toBe(0);
    await screenshot(page, "distribution-qualifications-payments");
    await edited.getByRole("button", { name: "Delete" }).click();
    await poll(paymentAmounts).toEqual([]);
    await poll(() => payments.getByTestId("payment-row").filter({ hasText: "$456.75" }).count()).toBe(0);

    // Removing the distribution's only qualification brings back 'No Qualifications'; the allocation's one goes too.
    await dq.getByRole("button", { name: `Remove ${kyc}` }).click();
    await poll(
      async () =>
        (
          await rows("select id from app_public.distribution_qualifications where distribution_id = $1", [
            distribution.id,
          ])
        ).length,
    ).toBe(0);
    await dq.getByText("No Qualifications").first().waitFor();
    await poll(() => paneLabel.textContent()).toBe("No Qualifications");
    await page.goto(`/distribute-allocation/${allocation.id}/allocation`);
    await card.getByRole("button", { name: `Remove ${kyc}` }).click();
    await poll(order).toEqual([accreditation]);
    await poll(names).toEqual([accreditation]);
  });
});
