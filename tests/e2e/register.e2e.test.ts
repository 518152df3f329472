// The register as of a date on the Reports page in a real browser (issue 32 item 3, docs/REGISTER.md): the issuer
// downloads the cap table and the schedule of purchasers as of a chosen day, sees the control report, a future day
// is refused under the field with nothing downloaded, and offline the device makes the same as-of file from its
// ledger entries while the control report says it needs the network.
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
    await setOffline(context, false);
  });
});
