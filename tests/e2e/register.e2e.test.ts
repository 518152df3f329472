// The register as of a date on the Reports page in a real browser (issue 32 item 3, docs/REGISTER.md): the issuer
// downloads the cap table and the schedule of purchasers as of a chosen day, sees the control report, a future day
// is refused under the field with nothing downloaded, and offline the device makes the same as-of file from its
// ledger entries while the control report says it needs the network. The register as of yesterday equals the
// snapshot the test downloads before today's transfer: a holding issued yesterday is on it, the transfer approved
// today is not (online and on the device).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AS_OF_TEXT, NO_FINDINGS } from "../../src/domain/register.ts";
import { type E2E, newContext, resultsDir, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";
import { expectPeopleText } from "./visible-text.ts";

let e2e: E2E;
let context: BrowserContext | null = null;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

/** A client of the server signed in as `email` with the account named `account` chosen (the client bypassed). */
async function client(email: string, account: string) {
  const signedIn = e2e.server.client();
  expect((await signedIn.signIn(email)).status).toBe(200);
  const { rows } = await e2e.server.server.db.query<{ id: string }>(
    "select id from app_public.accounts where name = $1",
    [account],
  );
  expect((await signedIn.selectAccount(rows[0]?.id ?? "")).status).toBe(303);
  return signedIn;
}

/** A cap table file's lines without the header, sorted, units as a number (trailing zeros make no difference). */
const capTableLines = (lines: string[]) =>
  lines
    .slice(1)
    .map((line) => {
      const cells = line.split(",");
      cells[5] = String(Number(cells[5]));
      return cells.join(",");
    })
    .sort();

/** Whether a cap table file's lines hold `investor`'s line of `units` units in `round`. */
const holds = (lines: string[], investor: string, round: string, units: string) =>
  lines.some((line) => {
    const cells = line.split(",");
    return cells[0] === investor && cells[3] === round && cells[5] === units;
  });

/** MM/DD/YYYY as the app's date fields take it. */
const typed = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

async function downloaded(page: Page, card: Locator, name: string): Promise<{ file: string; lines: string[] }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Download" }).click(),
  ]);
  const path = join(resultsDir, `${name}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return { file: download.suggestedFilename(), lines: readFileSync(path, "utf8").trim().split("\r\n") };
}

describe("the register on the Reports page", () => {
  it("downloads as of a chosen day online and offline, shows the control report, refuses a future day", async () => {
    context = await newContext(e2e.browser, e2e.url);
    const page = await signIn(context, "issuer@demo.test");
    await page.goto("/reports");
    await waitForPath(page, "/reports");
    const field = page.getByLabel("As of", { exact: true });
    const today = new Date().toISOString().slice(0, 10);
    await expect.poll(() => field.inputValue(), { timeout: 20_000 }).toBe(typed(today));
    const control = page.getByTestId("report-control");
    await expect.poll(() => control.getByTestId("control-row").count(), { timeout: 20_000 }).toBe(3);
    expect(await control.getByText(NO_FINDINGS).count()).toBe(3);
    await expectPeopleText(page, "reports with the register");
    await screenshot(page, "reports-register");

    // as of 05/15/2024: the seed round's three issuances only
    await field.fill(typed("2024-05-15"));
    const capTable = page.getByTestId("report-cap-table");
    const online = await downloaded(page, capTable, "online");
    expect(online.file).toBe("cap_table_2024_05_15.csv");
    expect(online.lines).toHaveLength(4);
    expect(online.lines.slice(1).every((l) => l.includes(",Seed,"))).toBe(true);
    const purchasers = await downloaded(page, page.getByTestId("report-purchasers"), "online");
    expect(purchasers.file).toBe("schedule_of_purchasers_2024_05_15.csv");
    expect(purchasers.lines).toHaveLength(4);

    // Yesterday the issuer issued the Kim Family Trust's Series A units (dated as the seed dates an issuance); the
    // snapshot of that day is the cap table downloaded before anything happens today.
    const issuer = await client("issuer@demo.test", "Northwind Renewables, Inc.");
    const { rows: distributions } = await e2e.server.server.db.query<{ id: string }>(
      `select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
        where al.name = 'Series A Direct' and d.amount = 160000 and not d.locked`,
    );
    expect(distributions).toHaveLength(1);
    const closed = await issuer.graphql(
      `mutation($id: UUID!) { updateDistributionById(input: {id: $id, patch: {status: "closed"}}) { clientMutationId } }`,
      { id: distributions[0]?.id },
    );
    expect(closed.errors).toBeUndefined();
    const issued = await issuer.graphql<{ makeTaRequestDistributionIssuances: { holdings: { id: string }[] } }>(
      `mutation($ids: [UUID]!) { makeTaRequestDistributionIssuances(input: {distributionIds: $ids}) { holdings { id } } }`,
      { ids: [distributions[0]?.id] },
    );
    expect(issued.errors).toBeUndefined();
    const kimSeriesA = issued.data?.makeTaRequestDistributionIssuances.holdings[0]?.id ?? "";
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await e2e.server.server.db.query("update app_public.holdings set issued_on = $2 where id = $1", [
      kimSeriesA,
      `${yesterday}T12:00:00Z`,
    ]);
    await field.fill(typed(today));
    const snapshot = capTableLines((await downloaded(page, capTable, "snapshot")).lines);
    expect(holds(snapshot, "Kim Family Trust", "Series A", "160000")).toBe(true);
    // Today the Kim Family Trust gives 60,000 of them to Emma Lawson: requested and approved.
    const kim = await client("investor2@demo.test", "Kim Family Trust");
    const { rows: emma } = await e2e.server.server.db.query<{ id: string }>(
      "select id from app_public.accounts where name = 'Emma Lawson'",
    );
    const requested = await kim.graphql<{ requestTransfer: { transfer: { id: string } } }>(
      `mutation($holding: UUID!, $to: UUID!) {
         requestTransfer(input: {holdingId: $holding, units: "60000", reason: "gift", transfereeId: $to}) { transfer { id } }
       }`,
      { holding: kimSeriesA, to: emma[0]?.id },
    );
    expect(requested.errors).toBeUndefined();
    const approved = await issuer.graphql(
      "mutation($id: UUID!) { approveTransfer(input: {transferId: $id}) { clientMutationId } }",
      { id: requested.data?.requestTransfer.transfer.id },
    );
    expect(approved.errors).toBeUndefined();
    const todays = capTableLines((await downloaded(page, capTable, "today")).lines);
    expect(todays).not.toEqual(snapshot);
    expect(holds(todays, "Emma Lawson", "Series A", "60000")).toBe(true);
    expect(holds(todays, "Kim Family Trust", "Series A", "100000")).toBe(true);
    await field.fill(typed(yesterday));
    const asOfYesterday = await downloaded(page, capTable, "yesterday");
    expect(asOfYesterday.file).toBe(`cap_table_${yesterday.replaceAll("-", "_")}.csv`);
    expect(capTableLines(asOfYesterday.lines)).toEqual(snapshot);

    // a day after tomorrow is refused under the field, and nothing is downloaded
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await field.fill(typed(future));
    let downloads = 0;
    page.on("download", () => downloads++);
    await capTable.getByRole("button", { name: "Download" }).click();
    await expect.poll(() => page.getByText(AS_OF_TEXT.future).isVisible()).toBe(true);
    expect(downloads).toBe(0);

    // offline: the device makes the same as-of file from its ledger entries (once its first sync holds them); the
    // control report needs the server
    await expect
      .poll(async () => (await page.getByTestId("sync-status").textContent())?.trim(), { timeout: 60_000 })
      .toBe("Synced");
    await setOffline(context, true);
    await expect
      .poll(() => control.getByText("The control report is made by the server").isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await control.getByRole("button", { name: "Download" }).isDisabled()).toBe(true);
    await field.fill(typed("2024-05-15"));
    const offline = await downloaded(page, capTable, "offline");
    expect(offline.file).toBe("cap_table_2024_05_15.csv");
    expect(offline.lines).toEqual(online.lines);
    const offlinePurchasers = await downloaded(page, page.getByTestId("report-purchasers"), "offline");
    expect(offlinePurchasers.lines).toEqual(purchasers.lines);
    // the device's register as of yesterday is the snapshot too (once its replicas hold yesterday's issuance)
    await field.fill(typed(yesterday));
    await expect
      .poll(async () => capTableLines((await downloaded(page, capTable, "offline-yesterday")).lines), {
        timeout: 30_000,
        interval: 2_000,
      })
      .toEqual(snapshot);
    await setOffline(context, false);
  });
});
