// Rounds, allocations, issuance, holdings, capitalization and reports in a real browser against the real server.
// The centrepiece is issue 6's "Done when": a broker offline invites three investors, records a payment and a note,
// reloads offline, reconnects; the issuer sees all of it once, the distributions are closed and issued, and the
// holdings, cap table and capitalization agree to the unit.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

let e2e: E2E;
const contexts: BrowserContext[] = [];

async function context(): Promise<BrowserContext> {
  const created = await newContext(e2e.browser, e2e.url);
  contexts.push(created);
  return created;
}

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

async function allocationId(name: string): Promise<string> {
  return (await one<{ id: string }>("select id from app_public.allocations where name = $1", [name])).id;
}

async function open(email: string, path: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await context();
  const page = await signIn(ctx, email);
  await page.goto(path);
  await waitForPath(page, path);
  return { ctx, page };
}

let unique = 0;
const fresh = (tag: string) => `${tag}-${Date.now()}-${++unique}@e2e.test`;

const paneRow = (page: Page, email: string) =>
  page.getByTestId("distribution-row").filter({ has: page.getByText(email, { exact: true }) });

async function serverCount(sql: string, params: unknown[]): Promise<number> {
  return (await one<{ n: number }>(`select count(*)::int as n from (${sql}) x`, params)).n;
}

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("done when: a broker works offline, the issuer sees it once, issues, and every view agrees", () => {
  it("invites three investors, records a payment and a note offline, survives an offline reload and syncs exactly once", async () => {
    const placement = await allocationId("Harborview Placement");
    const seriesA = (await one<{ id: string }>("select id from app_public.rounds where name = 'Series A'")).id;
    const investors = [
      { email: fresh("ada"), amount: "1200", name: "Ada Offline" },
      { email: fresh("ben"), amount: "300.5", name: "Ben Offline" },
      { email: fresh("cy"), amount: "75", name: "" },
    ];

    // The broker opens the allocation while online (the replicas fill), then the network goes away.
    const { ctx: brokerCtx, page: broker } = await open(
      "broker@demo.test",
      `/distribute-allocation/${placement}/invite`,
    );
    await broker.getByTestId("distribution-row").first().waitFor();
    await broker.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await setOffline(brokerCtx, true);

    for (const investor of investors) {
      await broker.getByLabel("Email").fill(investor.email);
      await broker.getByLabel("Amount (units)").fill(investor.amount);
      await broker.getByLabel("Contact Name (optional)").fill(investor.name);
      await broker.getByRole("button", { name: "Send Invitation" }).click();
      await paneRow(broker, investor.email).getByTestId("pending-mark").waitFor();
    }
    expect(await broker.getByTestId("summary-distributions").textContent()).toBe("4");
    expect(await broker.getByTestId("summary-units").textContent()).toBe("41,575.50");

    // A payment and a note on Ada's new distribution, still offline.
    await paneRow(broker, investors[0]!.email).getByRole("link").click();
    await broker.getByTestId("distribution-overview").waitFor();
    await broker.getByLabel("Payment Amount").fill("600.25");
    await broker.getByRole("button", { name: "Add Payment" }).click();
    await broker.getByTestId("payment-row").getByTestId("pending-mark").waitFor();
    await broker.getByLabel("Add a note").fill("Wire expected Friday");
    await broker.getByRole("button", { name: "Add Note" }).click();
    await broker.getByTestId("note").filter({ hasText: "Wire expected Friday" }).getByTestId("pending-mark").waitFor();
    await screenshot(broker, "allocation-offline-pending");

    // Reload while offline: the app shell comes from the service worker, the rows and queued work from the device.
    await broker.reload();
    for (const investor of investors) await paneRow(broker, investor.email).getByTestId("pending-mark").waitFor();
    await broker.getByTestId("payment-row").getByTestId("pending-mark").waitFor();
    await broker.getByTestId("note").filter({ hasText: "Wire expected Friday" }).waitFor();
    const emails = investors.map((i) => i.email);
    expect(
      await serverCount(
        "select d.id from app_public.distributions d join app_public.accounts a on a.id = d.investor_id where a.email = any($1)",
        [emails],
      ),
    ).toBe(0);

    // Back online: everything reaches the server exactly once and the marks go away.
    await setOffline(brokerCtx, false);
    const distributionsSql =
      "select d.id from app_public.distributions d join app_public.accounts a on a.id = d.investor_id where a.email = any($1) and d.allocation_id = $2";
    await poll(() => serverCount(distributionsSql, [emails, placement])).toBe(3);
    await poll(() =>
      serverCount(
        "select p.id from app_public.distribution_payments p join app_public.distributions d on d.id = p.distribution_id join app_public.accounts a on a.id = d.investor_id where a.email = $1 and p.amount = 600.25",
        [investors[0]!.email],
      ),
    ).toBe(1);
    await poll(() =>
      serverCount(
        "select n.id from app_public.distribution_annotations n where n.annotation = 'Wire expected Friday'",
        [],
      ),
    ).toBe(1);
    await poll(() => broker.getByTestId("pending-mark").count()).toBe(0);

    // The issuer sees the three invitations once each, the paid-in capital and the note.
    const { ctx: issuerCtx, page: issuer } = await open("issuer@demo.test", `/asset-class/${seriesA}/manage`);
    for (const investor of investors) {
      await poll(() => issuer.getByTestId("buyer-row").filter({ hasText: investor.email }).count()).toBe(1);
    }
    await issuer.goto(`/asset-class/${seriesA}/capital`);
    await poll(async () => issuer.getByTestId("incoming-paid").textContent()).toBe("$200,600.25");
    const adaId = (
      await one<{ id: string }>(
        "select d.id from app_public.distributions d join app_public.accounts a on a.id = d.investor_id where a.email = $1",
        [investors[0]!.email],
      )
    ).id;
    await issuer.goto(`/distribute-allocation/${placement}/distribution?distribution=${adaId}`);
    await issuer.getByTestId("note").filter({ hasText: "Wire expected Friday" }).waitFor();
    expect(await issuer.getByTestId("paid-in").textContent()).toBe("$600.25");
    await screenshot(issuer, "allocation-issuer-view");

    // The round's issuer closes the three distributions (in the broker's allocation) with the buyers list's status
    // dropdown, offline: each change waits on the device with its pending mark and reaches the server once online.
    await issuer.goto(`/asset-class/${seriesA}/manage`);
    const buyers = issuer.getByTestId("buyers");
    const buyerRow = (email: string) => buyers.getByTestId("buyer-row").filter({ hasText: email });
    for (const investor of investors) await buyerRow(investor.email).waitFor();
    await issuer.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await setOffline(issuerCtx, true);
    for (const investor of investors) {
      await chooseOption(issuer, `Status of ${investor.name || investor.email}`, "Pending");
      await buyerRow(investor.email).getByTestId("pending-mark").waitFor();
    }
    expect(await serverCount(`${distributionsSql} and d.status = 'closed'`, [emails, placement])).toBe(0);
    await setOffline(issuerCtx, false);
    await poll(() => serverCount(`${distributionsSql} and d.status = 'closed'`, [emails, placement])).toBe(3);
    await poll(() => buyers.getByTestId("pending-mark").count()).toBe(0);
    for (const investor of investors) {
      expect(await buyerRow(investor.email).getByRole("combobox").textContent()).toContain("Pending");
    }
    await screenshot(issuer, "round-buyers-closed");

    // The issuer issues them from the round's cap table, offline too: the rows show pending until the server has them.
    const capTable = issuer.getByTestId("cap-table");
    for (const investor of investors) {
      const name = investor.name || investor.email;
      await capTable.getByTestId("cap-row").filter({ hasText: name }).first().waitFor();
    }
    await setOffline(issuerCtx, true);
    for (const investor of investors) {
      await capTable
        .getByTestId("cap-row")
        .filter({ hasText: investor.name || investor.email })
        .locator("label")
        .first()
        .click();
    }
    await capTable.getByRole("button", { name: "Issue" }).click();
    for (const investor of investors) {
      await capTable
        .getByTestId("cap-row")
        .filter({ hasText: investor.name || investor.email })
        .getByTestId("pending-mark")
        .waitFor();
      await buyerRow(investor.email).getByTestId("pending-mark").waitFor();
    }
    expect(
      await serverCount(
        "select id from app_public.holdings where round_id = $1 and investor_id in (select id from app_public.accounts where email = any($2))",
        [seriesA, emails],
      ),
    ).toBe(0);
    await setOffline(issuerCtx, false);
    const holdingsSql =
      "select h.amount from app_public.holdings h join app_public.accounts a on a.id = h.investor_id where a.email = any($1) and h.round_id = $2";
    await poll(() => serverCount(holdingsSql, [emails, seriesA])).toBe(3);
    await poll(() => capTable.getByTestId("pending-mark").count()).toBe(0);
    await poll(() => capTable.locator('[data-testid="cap-row"][data-status="issued"]').count()).toBe(
      await serverCount("select id from app_public.holdings where round_id = $1 and amount > 0", [seriesA]),
    );
    await screenshot(issuer, "round-issued");

    // Holdings, cap table and capitalization agree to the unit with the server.
    const issuedUnits = (
      await one<{ total: string }>("select sum(amount)::text as total from app_public.holdings where round_id = $1", [
        seriesA,
      ])
    ).total;
    expect(issuedUnits).toBe("1575.5");
    await poll(() => capTable.getByTestId("round-issued-units").textContent()).toBe("1,575.50");

    const allUnits = await one<{ total: string; n: number }>(
      `select sum(h.amount)::text as total, count(*)::int as n from app_public.holdings h
           join app_public.rounds r on r.id = h.round_id join app_public.assets s on s.id = r.asset_id
           join app_public.accounts i on i.id = s.issuer_id where i.name = 'Northwind Renewables, Inc.' and h.amount > 0`,
    );
    await issuer.goto("/capitalization");
    await poll(() => issuer.getByTestId("cap-units").textContent()).toBe(
      Number(allUnits.total).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    await issuer.goto("/holdings");
    await poll(() => issuer.getByTestId("grid-footer").textContent()).toBe(`1 - ${allUnits.n} of ${allUnits.n}`);
    for (const investor of investors) {
      await issuer.locator('[role="gridcell"][col-id="investorEmail"]', { hasText: investor.email }).waitFor();
    }
    await screenshot(issuer, "holdings-after-issue");
  });
});

describe("allocation page", () => {
  it("shows the broker's allocation with its distributions and summary", async () => {
    const id = await allocationId("Harborview Placement");
    const { page } = await open("broker@demo.test", `/distribute-allocation/${id}/allocation`);
    await page.getByTestId("distribution-row").first().waitFor();
    const expected = await one<{ n: number; units: string }>(
      "select count(*)::int as n, sum(amount)::text as units from app_public.distributions where allocation_id = $1",
      [id],
    );
    await poll(() => page.getByTestId("summary-distributions").textContent()).toBe(String(expected.n));
    expect(await page.getByTestId("distribution-row").count()).toBe(expected.n);
    expect(await page.getByTestId("summary-units").textContent()).toBe(
      Number(expected.units).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    await screenshot(page, "allocation-broker");
  });
});

describe("offering links", () => {
  it("show their agent; the owner of an open allocation adds one for an agent named by email", async () => {
    const direct = await allocationId("Series A Direct");
    const { page } = await open("issuer@demo.test", `/distribute-allocation/${direct}/links`);
    const linkRow = (name: string) => page.getByTestId("offering-link-row").filter({ hasText: name });
    await poll(() => linkRow("Keystone onboarding link").textContent()).toContain("Keystone Transfer Agents");
    expect(await linkRow("Keystone onboarding link").textContent()).toContain("operations@keystone-transfer.example");

    const name = `Roadshow ${Date.now()}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Agent Email").fill("operations@keystone-transfer.example");
    await page.getByRole("button", { name: "Add Link" }).click();
    await poll(() =>
      serverCount("select id from app_public.allocation_offering_links where allocation_id = $1 and name = $2", [
        direct,
        name,
      ]),
    ).toBe(1);
    await poll(() => linkRow(name).getByTestId("pending-mark").count()).toBe(0);
    await poll(() => linkRow(name).textContent()).toContain("Keystone Transfer Agents");
    await screenshot(page, "allocation-links");
  });
});

describe("grids, capitalization and reports", () => {
  it("holdings grid: hidden-by-default columns, saved column state and density, reset, dated export", async () => {
    const { page } = await open("issuer@demo.test", "/holdings");
    const headers = () => page.locator(".ag-header-cell-text").allTextContents();
    await poll(async () => (await headers()).includes("Total Units")).toBe(true);
    expect(await headers()).toEqual([
      "Investor",
      "Investor Email",
      "Security Name",
      "Total Units",
      "Percent Of Raise",
      "Cost Basis",
      "Total Value",
      "Issued On",
    ]);
    const n = (
      await one<{ n: number }>(
        `select count(*)::int as n from app_public.holdings h join app_public.securities s on s.id = h.security_id
         join app_public.accounts i on i.id = s.issuer_id where i.name = 'Northwind Renewables, Inc.'`,
      )
    ).n;
    await poll(() => page.getByTestId("grid-footer").textContent()).toBe(`1 - ${n} of ${n}`);
    expect(
      await page
        .locator(".ag-row")
        .first()
        .evaluate((row) => row.getBoundingClientRect().height),
    ).toBe(36);
    expect(
      await page.locator(".ag-root-wrapper").evaluate((grid) => grid.getBoundingClientRect().height),
    ).toBeGreaterThan(300);
    expect(await page.locator('[role="gridcell"][col-id="investorEmail"]').first().isVisible()).toBe(true);

    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitem", { name: "Term" }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Density" }).click();
    await page.getByRole("menuitem", { name: "Comfortable" }).click();
    await poll(async () => (await headers()).includes("Term")).toBe(true);

    await page.reload();
    await poll(async () => (await headers()).includes("Term")).toBe(true);
    await poll(() =>
      page
        .locator(".ag-row")
        .first()
        .evaluate((row) => row.getBoundingClientRect().height),
    ).toBe(67);

    await page.getByRole("button", { name: "Reset" }).click();
    await poll(async () => (await headers()).includes("Term")).toBe(false);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^holdings_\d{4}_\d{2}_\d{2}\.csv$/);
    await screenshot(page, "holdings-grid");
  });

  it("distributions report leaves prices out for agents", async () => {
    const { page: issuer } = await open("issuer@demo.test", "/distributions");
    await poll(async () => (await issuer.locator(".ag-header-cell-text").allTextContents()).includes("Price")).toBe(
      true,
    );
    await screenshot(issuer, "distributions-issuer");
    const { page: agent } = await open("agent@demo.test", "/distributions");
    await poll(async () => (await agent.locator(".ag-header-cell-text").allTextContents()).includes("Units")).toBe(
      true,
    );
    expect(await agent.locator(".ag-header-cell-text").allTextContents()).not.toContain("Price");
  });

  it("capitalization toggles between the cap table and the schedule of purchasers", async () => {
    const { page } = await open("issuer@demo.test", "/capitalization");
    const totals = await one<{ n: number; units: string; raised: string }>(
      `select count(distinct h.investor_id)::int as n, sum(h.amount)::text as units,
              sum(h.amount * coalesce(h.purchase_price, r.price))::text as raised
         from app_public.holdings h join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id
         join app_public.accounts i on i.id = a.issuer_id where i.name = 'Northwind Renewables, Inc.' and h.amount > 0`,
    );
    const money = (text: string) =>
      Number(text).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await poll(() => page.getByTestId("cap-units").textContent()).toBe(money(totals.units));
    expect(await page.getByTestId("cap-stakeholders").textContent()).toBe(String(totals.n));
    await chooseOption(page, "Viewing", "Schedule of purchasers");
    await poll(() => page.getByTestId("cap-raised").textContent()).toBe(`$${money(totals.raised)}`);
    await page.getByRole("columnheader", { name: "Paid On" }).waitFor();
    await screenshot(page, "capitalization-sop");
  });

  it("reports: the server's CSV online, the same CSV made on the device offline", async () => {
    const { ctx, page } = await open("issuer@demo.test", "/reports");
    await page.getByRole("heading", { name: "Download Reports" }).waitFor();
    const [online] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("report-cap-table").getByRole("button", { name: "Download" }).click(),
    ]);
    const onlineText = await streamText(await online.createReadStream());
    expect(onlineText.split("\r\n")[0]).toBe(
      "Investor,Investor Email,Asset,Round,Security,Units,Purchase Price,Issued On",
    );
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForTimeout(1500); // let the replicas settle before the network goes
    await setOffline(ctx, true);
    await page.getByText("You are offline: reports are made on this device").waitFor();
    const [offline] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("report-cap-table").getByRole("button", { name: "Download" }).click(),
    ]);
    expect(offline.suggestedFilename()).toMatch(/^cap_table_\d{4}_\d{2}_\d{2}\.csv$/);
    expect(await streamText(await offline.createReadStream())).toBe(onlineText);
    const [contacts] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("report-contacts").getByRole("button", { name: "Download" }).click(),
    ]);
    expect((await streamText(await contacts.createReadStream())).split("\r\n")[0]).toBe(
      "Contact Name,Account Name,Email",
    );
  });
});

describe("permissions on the allocation page", () => {
  it("a viewer is refused bulk operations; the round's issuer cannot invite into a broker's allocation", async () => {
    const direct = await allocationId("Series A Direct");
    const { page: viewer } = await open("issuer-viewer@demo.test", `/distribute-allocation/${direct}/bulk-update`);
    await viewer.getByText("Bulk operations cannot be performed by account viewers.").waitFor();
    expect(await viewer.getByRole("button", { name: "Update Status" }).isDisabled()).toBe(true);

    const placement = await allocationId("Harborview Placement");
    const { page: issuer } = await open("issuer@demo.test", `/distribute-allocation/${placement}/invite`);
    await issuer.getByTestId("distribution-row").first().waitFor();
    expect(await issuer.getByRole("button", { name: "Send Invitation" }).isDisabled()).toBe(true);
    await issuer.goto(`/distribute-allocation/${placement}/allocation`);
    await issuer.getByText("Operation not allowed: only the owner of this allocation can change it.").waitFor();
  });

  it("the buyers list's status dropdown: not for a viewer; a broker only on rows of the allocation it owns", async () => {
    const seriesA = (await one<{ id: string }>("select id from app_public.rounds where name = 'Series A'")).id;
    const statusDropdowns = (scope: Page | Locator) => scope.getByRole("combobox", { name: /^Status of / });
    const { page: viewer } = await open("issuer-viewer@demo.test", `/asset-class/${seriesA}/manage`);
    await viewer.getByTestId("buyer-row").first().waitFor();
    expect(await statusDropdowns(viewer).count()).toBe(0);

    const { page: broker } = await open("broker@demo.test", `/asset-class/${seriesA}/manage`);
    const rows = broker.getByTestId("buyer-row");
    await rows.filter({ hasText: "Series A Direct" }).first().waitFor();
    await rows.filter({ hasText: "Harborview Placement" }).first().waitFor();
    expect(await statusDropdowns(rows.filter({ hasText: "Series A Direct" })).count()).toBe(0);
    expect(await statusDropdowns(rows.filter({ hasText: "Harborview Placement" })).count()).toBeGreaterThan(0);
  });
});

describe("allocation CSV import and the holding page", () => {
  it("imports a cap-table CSV all or nothing, with per-row errors and .csv only", async () => {
    const placement = await allocationId("Harborview Placement");
    const { ctx, page } = await open("broker@demo.test", `/distribute-allocation/${placement}/allocation`);
    await page.getByTestId("distribution-row").first().waitFor();
    const count = () => serverCount("select id from app_public.distributions where allocation_id = $1", [placement]);
    const before = await count();
    const input = page.getByTestId("allocation-csv-input");

    await input.setInputFiles({
      name: "cap-table.xlsx",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("x"),
    });
    await page.getByTestId("csv-errors").getByText("Only .csv files can be imported.").waitFor();
    await page.getByRole("button", { name: "Close", exact: true }).first().click();

    const bad = `Email,Amount,Contact Name\n${fresh("csv")},"1,000",Bad Commas\n,5,No Email\n`;
    await input.setInputFiles({ name: "cap-table.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await page.getByTestId("csv-errors").getByText("Row 2: Numbers must not contain commas.").waitFor();
    await page.getByTestId("csv-errors").getByText("Row 3: Email is required.").waitFor();
    await page.getByRole("button", { name: "Close", exact: true }).first().click();
    expect(await count()).toBe(before);

    const first = fresh("csv-a");
    const second = fresh("csv-b");
    // Imported offline: the rows show at once, marked pending, and reach the server once back online.
    const good = `Email,Amount,Contact Name\n${first},250,Csv Ann\n${second},12.75,\n`;
    await setOffline(ctx, true);
    await input.setInputFiles({ name: "cap-table.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await paneRow(page, first).getByTestId("pending-mark").waitFor();
    await paneRow(page, second).getByTestId("pending-mark").waitFor();
    expect(await page.getByTestId("summary-distributions").textContent()).toBe(String(before + 2));
    // the import's own progress line counts rows (chunks of 500 rows are sent as they are taken)
    const progress = page.getByTestId("csv-import-progress");
    await progress.getByText("2 rows waiting for the connection").waitFor();
    expect(await count()).toBe(before);
    await setOffline(ctx, false);
    await poll(() => count()).toBe(before + 2);
    await poll(() => progress.textContent()).toBe("");
    await poll(() => paneRow(page, first).getByTestId("pending-mark").count()).toBe(0);
    await poll(() => paneRow(page, second).getByTestId("pending-mark").count()).toBe(0);
  });

  it("shows the holding with breadcrumbs by account type and its documents", async () => {
    const holding = await one<{ id: string }>(
      `select h.id from app_public.holdings h join app_public.documents d on d.holding_id = h.id limit 1`,
    );
    const { page: investor } = await open("investor@demo.test", `/holding/${holding.id}`);
    const crumbs = investor.getByRole("navigation", { name: "Breadcrumb" });
    await crumbs.getByText("Portfolio").waitFor();
    await investor.getByTestId("holding-card").waitFor();
    const { page: issuer } = await open("issuer@demo.test", `/holding/${holding.id}`);
    await issuer.getByRole("navigation", { name: "Breadcrumb" }).getByText("Assets").waitFor();
    await issuer.getByText("Seed round share statement").waitFor();
    await screenshot(issuer, "holding-issuer");
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
