// The investor's portfolio downloads in a real browser (issue 35 item 2): on Settings > Integrations > Portfolio the
// Downloads card's OFX file and statement are downloaded and read back (the OFX's positions, the statement with
// pdftotext at a chosen day); a future day is refused on the card before any request; offline the card says the
// downloads need a connection and its buttons wait.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATEMENT_DATE_TEXT } from "../../src/domain/portfolio-downloads.ts";
import { type E2E, newContext, resultsDir, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";
import { expectPeopleText } from "./visible-text.ts";

let e2e: E2E;
let context: BrowserContext | null = null;
const PAGE = "/portfolio-connect";

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

/** MM/DD/YYYY as the app's date fields take it. */
const typed = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

describe("portfolio downloads", () => {
  it("downloads the OFX file and a statement as of a chosen day, refuses a future day, waits offline", async () => {
    context = await newContext(e2e.browser, e2e.url);
    const page = await signIn(context, "investor@demo.test");
    await page.goto(PAGE);
    await waitForPath(page, PAGE);
    const card = page.getByTestId("portfolio-downloads");
    await expect
      .poll(() => card.getByRole("heading", { name: "Downloads" }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expectPeopleText(page, "portfolio downloads");
    await screenshot(page, "portfolio-downloads");

    // the OFX file: an OFX 1.0.2 statement with Emma's two positions
    const [ofxDownload] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "Download OFX file" }).click(),
    ]);
    expect(ofxDownload.suggestedFilename()).toMatch(/^ledgerline-portfolio-\d{4}-\d{2}-\d{2}\.ofx$/);
    const ofxPath = join(resultsDir, "portfolio.ofx");
    await ofxDownload.saveAs(ofxPath);
    const ofx = readFileSync(ofxPath, "latin1");
    expect(ofx).toMatch(/^OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n/);
    expect([...ofx.matchAll(/<INVPOS>/g)]).toHaveLength(2);
    expect(ofx).toContain("<UNITS>200000");
    expect(ofx).toContain("<SECNAME>Northwind 6.5% Green Notes 2030");

    // the statement on 2025-01-01: the Seed shares, not yet the Green Notes
    const field = card.getByLabel("Statement date");
    await field.fill(typed("2025-01-01"));
    const [pdfDownload] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "Download statement" }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe("ledgerline-statement-2025-01-01.pdf");
    const pdfPath = join(resultsDir, "statement.pdf");
    await pdfDownload.saveAs(pdfPath);
    const text = spawnSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" }).stdout;
    expect(text).toMatch(/As of\s+January 1st 2025/);
    expect(text).toMatch(/Series A Preferred Stock \(NWRP\)\s+200,000/);
    expect(text).not.toContain("Green Notes");

    // a day after today (UTC) is refused on the card, with the server's text, and nothing is downloaded
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await field.fill(typed(future));
    let downloads = 0;
    page.on("download", () => downloads++);
    await card.getByRole("button", { name: "Download statement" }).click();
    await expect.poll(() => card.getByText(STATEMENT_DATE_TEXT.future).isVisible()).toBe(true);
    expect(downloads).toBe(0);

    // offline: both need the server, and the card says so
    await setOffline(context, true);
    await expect
      .poll(() => card.getByText("You are offline. This action needs a connection.").isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await card.getByRole("button", { name: "Download OFX file" }).isDisabled()).toBe(true);
    expect(await card.getByRole("button", { name: "Download statement" }).isDisabled()).toBe(true);
    await setOffline(context, false);
    await expect.poll(() => card.getByRole("button", { name: "Download OFX file" }).isEnabled()).toBe(true);
  });
});
