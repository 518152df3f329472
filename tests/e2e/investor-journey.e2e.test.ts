// Issue 7 "Done when", through the real screens: an investor whose account is not set up signs in, sets it up,
// invests from an offer, completes every step type of the seeded process, and sees the distribution move through
// Onboarding and Pending to Issued in the portfolio once the issuer issues it; then, with the network off, the
// portfolio still renders.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
});

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function expectStep(page: Page, title: string): Promise<void> {
  try {
    await expect.poll(() => page.getByTestId("step-title").textContent(), { timeout: 20_000 }).toBe(title);
  } catch (error) {
    await screenshot(page, `journey-failed-waiting-for-${title.replaceAll(" ", "-")}`);
    throw error;
  }
}

async function id(sql: string, params: unknown[] = []): Promise<string> {
  const { rows } = await e2e.server.server.db.query<{ id: string }>(sql, params);
  if (!rows[0]) throw new Error(`no row: ${sql}`);
  return rows[0].id;
}

/** The status chip of the investment row of a distribution or holding in the portfolio grid. */
async function portfolioStatus(page: Page, asset: string, round: string): Promise<string[]> {
  const grid = page.getByRole("treegrid").or(page.getByRole("grid")).first();
  const assetButton = grid.getByRole("button", { name: new RegExp(`^${asset}`) });
  if ((await assetButton.getAttribute("aria-expanded")) !== "true") await assetButton.click();
  const roundButton = grid.getByRole("button", { name: new RegExp(`^${round}`) });
  if ((await roundButton.getAttribute("aria-expanded")) !== "true") await roundButton.click();
  return grid.locator(".badge").allTextContents();
}

describe("an investor's journey", () => {
  it("sets up the account, invests, onboards, and sees Onboarding, Pending and Issued", async () => {
    const ctx = await newContext(e2e.browser, e2e.url);
    contexts.push(ctx);
    const first = await signIn(ctx, "newinvestor@demo.test");
    await waitForPath(first, "/portfolio");
    // A fresh tab: the outbox sends from the tab that holds the local database's leadership.
    const page = await ctx.newPage();
    await first.close();
    await page.goto("/portfolio");

    // Account setup
    await page.getByTestId("setup-link").getByRole("link", { name: "Set Up Account" }).click();
    await waitForPath(page, "/account/setup");
    await page.getByRole("heading", { name: "Account Setup" }).waitFor();
    await choose(page, "Investor type", "Individual");
    expect(await page.getByLabel("First name").inputValue()).toBe("Priya");
    await page.getByLabel("Date of birth").fill("05/01/1990");
    await page.getByLabel("SSN / Tax ID").fill("123-45-6789");
    await page.getByText("If not applicable, enter 000").first().waitFor();
    await page.getByLabel("Phone").fill("+1 503 555 0100");
    await page.getByLabel("Street address").fill("12 Harbor St");
    await page.getByLabel("City").fill("Portland");
    await choose(page, "State", "Oregon");
    await page.getByLabel("Postal code").fill("97201");
    await page.getByRole("button", { name: "Set up account" }).click();
    await page.getByText("Please accept the attestation to proceed.").waitFor();
    await screenshot(page, "journey-setup");
    await page.getByText("I attest that the information I provided is true, correct and complete.").click();
    await page.getByRole("button", { name: "Set up account" }).click();
    await page.getByText("Thank you for setting up your account!").waitFor({ timeout: 20_000 });

    // Invest from the offer: whole units only, then 80 units at $1.25.
    const issuerId = await id("select id from app_public.accounts where name = 'Northwind Renewables, Inc.'");
    const offeringId = await id("select id from app_public.allocations where name = 'Series A Direct'");
    await page.goto(`/offer-wall/${issuerId}/offering/${offeringId}?type=Units&amount=80.5`);
    await page.getByText("Must be whole number.").waitFor();
    await page.getByLabel("Units", { exact: true }).fill("80");
    await expect.poll(() => page.getByTestId("quote-total").textContent()).toBe("$100.00");
    await screenshot(page, "journey-invest");
    await page.getByRole("button", { name: "Invest", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/distribution/"), { timeout: 20_000 });
    const distributionId = new URL(page.url()).pathname.split("/")[2] ?? "";
    await expect.poll(() => page.getByTestId("invest-units").textContent(), { timeout: 20_000 }).toBe("80");

    // The onboarding process, every step type.
    await expectStep(page, "Welcome to the Series A offering");
    await page.getByRole("button", { name: "Continue" }).click();
    await expectStep(page, "Investor profile");
    await page.getByLabel("Legal name").fill("Priya Shah");
    await page.getByLabel("Annual income (USD)").fill("90000");
    await choose(page, "Accredited investor", "No");
    await choose(page, "Tax residency", "United States");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expectStep(page, "Tax identification");
    await page.getByLabel("SSN / ITIN").fill("123456789");
    await page.getByRole("button", { name: "Submit securely" }).click();
    await expectStep(page, "Subscription agreement");
    const [popup] = await Promise.all([
      ctx.waitForEvent("page"),
      page.getByRole("link", { name: "Open agreement" }).click(),
    ]);
    await popup.getByRole("button", { name: "Sign agreement" }).click();
    await popup.getByText("Signed.").waitFor();
    await popup.close();
    await expectStep(page, "Identity verification");
    await page
      .frameLocator('iframe[title="Identity verification"]')
      .getByRole("button", { name: "Confirm my identity" })
      .click();
    await expectStep(page, "Accreditation check");
    await page
      .frameLocator('iframe[title="Accreditation check"]')
      .getByRole("button", { name: "Submit for verification" })
      .click();
    await expectStep(page, "Review and submit");
    await page.getByRole("button", { name: "I have reviewed the documents" }).click();
    await choose(page, "Contact by", "Phone");
    await page.getByRole("button", { name: "Save preference" }).click();
    await page.getByRole("button", { name: "Submit investment" }).click();
    await page.getByRole("heading", { name: "Congratulations!" }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId("invest-status").textContent(), { timeout: 20_000 }).toBe("Pending");

    // Pending in the portfolio (client-side navigation keeps the same tab and its local data).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" }).click();
    await waitForPath(page, "/portfolio");
    await expect
      .poll(() => portfolioStatus(page, "Northwind Series A Preferred", "Series A"), { timeout: 20_000 })
      .toContain("Pending");
    await screenshot(page, "journey-portfolio-pending");

    // The issuer issues it: Issued.
    const issuer = e2e.server.client();
    await issuer.signIn("issuer@demo.test");
    await issuer.selectAccount(issuerId);
    const issued = await issuer.graphql(
      `mutation { makeTaRequestDistributionIssuances(input: { distributionIds: ["${distributionId}"] }) { clientMutationId } }`,
    );
    expect(issued.errors).toBeUndefined();
    await expect
      .poll(() => portfolioStatus(page, "Northwind Series A Preferred", "Series A"), { timeout: 20_000 })
      .toContain("Issued");
    expect(await portfolioStatus(page, "Northwind Series A Preferred", "Series A")).not.toContain("Pending");
    await page.getByRole("button", { name: "Issued", exact: true }).click();
    await screenshot(page, "journey-portfolio-issued");

    // Offline, the portfolio still renders from the device and its chips still filter.
    await setOffline(ctx, true);
    expect(await portfolioStatus(page, "Northwind Series A Preferred", "Series A")).not.toContain("Onboarding");
    await page.getByRole("button", { name: "Issued", exact: true }).click();
    // Priya's earlier invitation (drafted) is still to onboard.
    await expect.poll(() => portfolioStatus(page, "Northwind Series A Preferred", "Series A")).toContain("Onboarding");
    await screenshot(page, "journey-portfolio-offline");
    await setOffline(ctx, false);
  });
});
