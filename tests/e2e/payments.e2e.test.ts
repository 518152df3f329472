// Payments through the real screens with the built-in provider (issue 18): the issuer adds the payment integration
// in /settings/integrations (its process shows the current step), syncs the provider on the payment provider page,
// maps the provider's issuer and the Series A offering (which adds a Payment step to the round's onboarding), and the
// card then offers Manage; the investor pays IN THE ONBOARDING STEP (amount due, Pay), which creates a trade at the
// provider and shows its status on the step; the issuer confirms the funds on the payment's page and the payment
// lands once on the distribution, in paid-in capital, and completes the step (the distribution is closed: Pending);
// the issuer then issues it. Offline, the provider page disables Sync and the mappings and says they need the
// network; the integrations with nothing behind them say so. The same against the TransactAPI stand-in (the
// investor's party and account made there first), whose status callbacks (with the account's secret) arrive twice:
// one paid payment.
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { northCapitalProvider } from "../../sync/payments/north-capital.ts";
import { finishOtherSteps } from "../helpers/payment-step.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { startTransactApiStandIn, type TransactApiStandIn } from "../helpers/transact-api.ts";
import { type E2E, newContext, screenshot, setOffline, signIn, startE2E } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200 });

let e2e: E2E;
let browserContext: BrowserContext | null = null;

beforeAll(async () => {
  e2e = await startE2E();
}, 600_000);
afterAll(async () => {
  await browserContext?.close();
  await e2e?.close();
});

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await e2e.server.server.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row: ${sql}`);
  return rows[0];
}

describe("payments with the built-in provider", () => {
  it("connects, maps the offering and applies the investor's payment once", async () => {
    browserContext = await newContext(e2e.browser, e2e.url);
    const page = await signIn(browserContext, "issuer@demo.test");

    // the integrations: 3 cards a page; payment processing on the second page
    await page.goto("/settings/integrations");
    await poll(() => page.getByTestId("integrations").locator("section").count()).toBe(3);
    await page.getByRole("button", { name: "Next" }).click();
    const card = page.getByTestId("integration-payment");
    await card.getByRole("button", { name: "Add" }).click();
    await poll(async () => (await card.getByTestId("integration-process").textContent()) ?? "").toContain(
      "Current step: Sync",
    );
    // the first page: compliance works here (accreditation, docs/ACCREDITATION.md): it can be added and no card says
    // it is unavailable; signing names its signer
    await page.getByRole("button", { name: "Previous" }).click();
    const compliance = page.getByTestId("integration-compliance");
    await compliance.getByRole("button", { name: "Add" }).waitFor({ timeout: 30_000 });
    expect(await page.getByText("Not available on this server").count()).toBe(0);
    expect(await compliance.getByTestId("integration-unavailable").count()).toBe(0);
    const signer = page.getByTestId("integration-signing").getByTestId("integration-signer");
    expect(await signer.textContent()).toContain("Documents are signed with the built-in signer");
    expect(await signer.getByRole("link", { name: "Signing settings" }).getAttribute("href")).toBe(
      "/docusign/templates",
    );
    await screenshot(page, "payments-integrations");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "payments-integrations-phone");
    await page.setViewportSize({ width: 1440, height: 900 });

    // the provider page: sync, then map the issuer and the Series A offering
    await page.goto("/north-capital/issuers");
    const account = page.getByTestId("payment-account");
    await poll(async () => (await page.getByRole("navigation", { name: "Breadcrumb" }).textContent()) ?? "").toContain(
      "Ledgerline Payments",
    );
    await account.getByRole("button", { name: "Sync", exact: true }).click();
    const issuerLink = page.getByTestId("payment-issuers").getByRole("link", { name: "Northwind Renewables, Inc." });
    await issuerLink.waitFor({ timeout: 30_000 });
    await issuerLink.click();
    const issuerCard = page.getByTestId("payment-issuer");
    await issuerCard.getByRole("combobox", { name: "Map to issuer" }).click();
    await page.getByRole("option", { name: "Northwind Renewables, Inc." }).click();
    await issuerCard.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("payment-offerings").getByRole("link", { name: "Series A", exact: true }).click();
    const offering = page.getByTestId("payment-offering");
    await offering.getByRole("combobox", { name: "Map to round" }).waitFor({ timeout: 30_000 });
    await offering.getByRole("combobox", { name: "Map to round" }).click();
    await page.getByRole("option", { name: "Series A", exact: true }).click();
    await offering.getByRole("button", { name: "Save" }).click();
    await poll(async () => (await offering.textContent()) ?? "").toMatch(/Mapped toSeries A/);

    // offline, sync and mapping say they need the network
    await setOffline(browserContext, true);
    await poll(async () => (await account.getByTestId("needs-network").textContent()) ?? "").toBe(
      "Syncing needs the network: you are offline.",
    );
    expect(await account.getByRole("button", { name: "Sync", exact: true }).isDisabled()).toBe(true);
    expect(await offering.getByTestId("needs-network").textContent()).toBe(
      "Mapping needs the network: you are offline.",
    );
    await setOffline(browserContext, false);
    await poll(() => account.getByRole("button", { name: "Sync", exact: true }).isDisabled()).toBe(false);

    // the investor pays in the onboarding step: a trade for the distribution's 80,000 units at 1.25
    const emma = await one<{ id: string; investor_id: string; allocation_id: string }>(
      `select d.id, d.investor_id, d.allocation_id from app_public.distributions d
       join app_public.allocations al on al.id = d.allocation_id
       where al.name = 'Series A Direct' and d.name = 'Emma Lawson'`,
    );
    await finishOtherSteps(e2e.server.server.db, emma.id);
    const investorContext = await newContext(e2e.browser, e2e.url);
    try {
      const investorPage = await signIn(investorContext, "investor@demo.test");
      await investorPage.goto(`/distribution/${emma.id}`);
      const step = investorPage.locator('[data-testid="step-panel"][data-step-type="payment"]');
      await step.getByText("Amount due: $100,000.00").waitFor({ timeout: 30_000 });
      expect(await investorPage.getByTestId("investor-payment").count()).toBe(0);
      await step.getByRole("button", { name: "Pay $100,000.00" }).click();
      await poll(async () => (await step.getByTestId("payment-step-status").textContent()) ?? "").toBe(
        "Payment created ($100,000.00): waiting for your funds to arrive.",
      );
      expect(await step.getByRole("button", { name: /^Pay / }).count()).toBe(0);
      await screenshot(investorPage, "payments-step-created");
      await investorPage.setViewportSize({ width: 390, height: 844 });
      await screenshot(investorPage, "payments-step-created-phone");
      await investorPage.setViewportSize({ width: 1440, height: 900 });

      // the issuer confirms the funds on the payment's page
      const payments = page.getByTestId("payment-trades");
      await payments.getByText("CREATED").waitFor({ timeout: 30_000 });
      await payments.getByRole("link", { name: "Emma Lawson" }).click();
      const details = page.getByTestId("payment-details");
      await details.getByRole("button", { name: "Confirm funds received" }).click();
      await details.getByText("SETTLED", { exact: true }).waitFor({ timeout: 30_000 });
      await screenshot(page, "payments-settled");
      // the investor's step is complete (the process too): the distribution waits for issuance
      await poll(
        async () =>
          (
            await one<{ status: string }>(
              "select status from app_public.steps where process_id = (select id from app_public.processes where distribution_id = $1) and type = 'payment'",
              [emma.id],
            )
          ).status,
      ).toBe("complete");
      await screenshot(investorPage, "payments-step-paid");
    } finally {
      await investorContext.close();
    }

    // once on the distribution and in its paid-in capital
    await page.goto(`/distribute-allocation/${emma.allocation_id}/distribution?distribution=${emma.id}`);
    await poll(async () => (await page.getByTestId("paid-in").textContent()) ?? "").toContain("$100,000.00");
    await poll(() => page.getByTestId("payments").getByTestId("payment-row").count()).toBe(1);
    const stored = await e2e.server.server.db.query(
      "select amount::text, status from app_public.distribution_payments where distribution_id = $1",
      [emma.id],
    );
    expect(stored.rows).toEqual([{ amount: "100000", status: "paid" }]);

    // paid in full, the payment step completed her onboarding: the distribution is closed (Pending), and the issuer
    // issues it from the round's cap table
    const round = await one<{ round_id: string }>("select round_id from app_public.allocations where id = $1", [
      emma.allocation_id,
    ]);
    await poll(
      async () =>
        (await one<{ status: string }>("select status from app_public.distributions where id = $1", [emma.id])).status,
    ).toBe("closed");
    await page.goto(`/asset-class/${round.round_id}/manage`);
    await page.getByTestId("buyers").getByTestId("buyer-row").filter({ hasText: "Emma Lawson" }).first().waitFor({
      timeout: 30_000,
    });
    await poll(
      async () => (await page.getByRole("combobox", { name: "Status of Emma Lawson" }).textContent()) ?? "",
    ).toContain("Pending");
    const capRow = page.getByTestId("cap-table").getByTestId("cap-row").filter({ hasText: "Emma Lawson" }).first();
    await capRow.waitFor({ timeout: 30_000 });
    await capRow.locator("label").first().click();
    await page.getByTestId("cap-table").getByRole("button", { name: "Issue" }).click();
    await poll(
      async () =>
        (
          await e2e.server.server.db.query("select amount::text from app_public.holdings where distribution_id = $1", [
            emma.id,
          ])
        ).rows,
    ).toEqual([{ amount: "80000" }]);

    // the integration's process is complete: Manage
    await page.goto("/settings/integrations");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByTestId("integration-payment").getByRole("button", { name: "Manage" }).waitFor({ timeout: 30_000 });
  }, 180_000);
});

describe("payments with North Capital (the TransactAPI stand-in)", () => {
  let api: TransactApiStandIn | null = null;
  let server: TestServer | null = null;
  let ncContext: BrowserContext | null = null;
  afterAll(async () => {
    await ncContext?.close();
    await server?.close();
    await api?.close();
  });

  it("maps the provider's offering and applies its duplicated status callbacks once", async () => {
    api = await startTransactApiStandIn();
    const nc = northCapitalProvider({ baseUrl: api.url, clientID: api.clientID, developerAPIKey: api.developerAPIKey });
    const issuerId = await nc.createIssuer({ name: "Northwind Renewables NC", email: "ir@northwind.example" });
    await nc.createOffering({
      issuerId,
      name: "Northwind Series A (NC)",
      unitPrice: "1.25",
      targetAmount: "5000000",
      startDate: new Date("2025-09-01T00:00:00Z"),
      endDate: new Date("2026-12-31T00:00:00Z"),
    });
    // a server of its own configured with the North Capital account (same build as the other scenario)
    server = await startTestServer({ distDir: e2e.servedDir, payments: { provider: nc } });
    ncContext = await newContext(e2e.browser, server.url);
    const page = await signIn(ncContext, "issuer@demo.test");
    await page.goto("/settings/integrations");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByTestId("integration-payment").getByRole("button", { name: "Add" }).click();
    await page.getByTestId("integration-process").waitFor({ timeout: 30_000 });

    await page.goto("/north-capital/issuers");
    await poll(async () => (await page.getByRole("navigation", { name: "Breadcrumb" }).textContent()) ?? "").toContain(
      "North Capital",
    );
    await page.getByTestId("payment-account").getByRole("button", { name: "Sync", exact: true }).click();
    const issuerLink = page.getByTestId("payment-issuers").getByRole("link", { name: "Northwind Renewables NC" });
    await issuerLink.waitFor({ timeout: 30_000 });
    await issuerLink.click();
    const issuerCard = page.getByTestId("payment-issuer");
    await issuerCard.getByRole("combobox", { name: "Map to issuer" }).click();
    await page.getByRole("option", { name: "Northwind Renewables, Inc." }).click();
    await issuerCard.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("payment-offerings").getByRole("link", { name: "Northwind Series A (NC)" }).click();
    const offering = page.getByTestId("payment-offering");
    await offering.getByRole("combobox", { name: "Map to round" }).waitFor({ timeout: 30_000 });
    await offering.getByRole("combobox", { name: "Map to round" }).click();
    await page.getByRole("option", { name: "Series A", exact: true }).click();
    await offering.getByRole("button", { name: "Save" }).click();
    await poll(async () => (await offering.textContent()) ?? "").toMatch(/Mapped toSeries A/);

    const { rows } = await server.server.db.query<{ id: string; payment_account_id: string }>(
      `select d.id, (select id from app_public.payment_accounts) as payment_account_id
       from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
       where al.name = 'Series A Direct' and d.name = 'Emma Lawson'`,
    );
    const emma = rows[0] as { id: string; payment_account_id: string };
    await finishOtherSteps(server.server.db, emma.id);
    const investorContext = await newContext(e2e.browser, server.url);
    const standIn = api;
    try {
      const investorPage = await signIn(investorContext, "investor@demo.test");
      await investorPage.goto(`/distribution/${emma.id}`);
      const step = investorPage.locator('[data-testid="step-panel"][data-step-type="payment"]');
      await step.getByRole("button", { name: "Pay $100,000.00" }).click();
      await poll(async () => (await step.getByTestId("payment-step-status").textContent()) ?? "").toBe(
        "Payment created ($100,000.00): waiting for your funds to arrive.",
      );
    } finally {
      await investorContext.close();
    }
    // Emma's party and account at North Capital, linked as its owner, made before the trade on that account
    const party = [...standIn.parties.values()].find((p) => p.lastName === "Lawson");
    const account = [...standIn.accounts.values()].find((a) => a.ownerPartyId === party?.partyId);
    expect(account).toBeDefined();
    await poll(() => [...standIn.trades.values()].map((t) => [t.accountId, t.tradeStatus])).toEqual([
      [account?.accountId, "CREATED"],
    ]);

    // North Capital's back office funds and settles the trade, calling back twice each time (to the URL with the
    // payment account's secret the issuer gives it)
    const secret = await server.server.db.query<{ secret: string }>(
      "select secret from app_private.payment_callback_keys where payment_account_id = $1",
      [emma.payment_account_id],
    );
    standIn.callbackUrl = `${server.url}/api/v2/payments/callback/${emma.payment_account_id}/${secret.rows[0]?.secret}`;
    standIn.duplicateCallbacks = true;
    const tradeId = [...standIn.trades.keys()][0] ?? "";
    await standIn.setTradeStatus(tradeId, "FUNDED");
    await standIn.setTradeStatus(tradeId, "SETTLED");
    const payments = page.getByTestId("payment-trades");
    await payments.getByText("SETTLED").waitFor({ timeout: 30_000 });
    const db = server.server.db;
    await poll(
      async () =>
        (
          await db.query(
            "select amount::text, status from app_public.distribution_payments where distribution_id = $1",
            [emma.id],
          )
        ).rows,
    ).toEqual([{ amount: "100000", status: "paid" }]);
    // each status applied once (a poll may read SETTLED before FUNDED was seen: then SETTLED pays it at once)
    const events = await db.query<{ status: string }>(
      "select status from app_private.payment_events order by applied_on",
    );
    const statuses = events.rows.map((e) => e.status);
    expect(statuses[0]).toBe("CREATED");
    expect(statuses.at(-1)).toBe("SETTLED");
    expect(new Set(statuses).size).toBe(statuses.length);
  }, 180_000);
});
