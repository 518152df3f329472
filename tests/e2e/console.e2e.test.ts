// What a page load prints and downloads (issue 22 items 9 and 13): no RxDB premium advertisement in the console, no
// AG Grid error (a grid option whose module is not registered logs "AG Grid: error #200"), and the app's scripts
// and styles arrive compressed. The grids keep working with only the modules the app registers (src/ui/
// DataGridBody.tsx): sorting, the Filter row, the search box and the CSV export, on every screen that has a grid.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, ConsoleMessage, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, screenshot, signIn, startE2E, waitForPath } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

interface Watched {
  messages: string[];
  assets: Array<{ url: string; encoding: string | null; vary: string | null; bytes: number }>;
}

/** Everything every page of the context prints, and the scripts and styles it fetches from the network. */
function watch(context: BrowserContext): Watched {
  const watched: Watched = { messages: [], assets: [] };
  context.on("console", (message: ConsoleMessage) => watched.messages.push(`${message.type()}: ${message.text()}`));
  context.on("weberror", (error) => watched.messages.push(`pageerror: ${error.error().message}`));
  context.on("response", async (response: Response) => {
    const url = new URL(response.url());
    if (!/^\/assets\/.+\.(js|css)$/.test(url.pathname) || response.status() !== 200) return;
    // a response from the service worker's cache carries no Content-Encoding: only count the network's
    if (response.fromServiceWorker()) return;
    // a response that arrives as a test closes its context has no headers left to read (the error would surface
    // as an unhandled rejection after the test): such a response is not counted
    const headers = await response.allHeaders().catch(() => null);
    if (!headers) return;
    const length = Number(headers["content-length"] ?? "0");
    watched.assets.push({
      url: url.pathname,
      encoding: headers["content-encoding"] ?? null,
      vary: headers.vary ?? null,
      bytes: length,
    });
  });
  return watched;
}

/** Waits until the grid's footer counts rows ("1 - n of n") or, with `empty`, shows its count at all. */
async function gridReady(page: Page, empty = false): Promise<void> {
  await poll(async () => {
    const footer = (await page.getByTestId("grid-footer").first().textContent()) ?? "";
    return empty ? /^\d+ - \d+ of \d+$/.test(footer) : /^1 - [1-9][\d,]* of [1-9][\d,]*$/.test(footer);
  }).toBe(true);
  await page.locator(".ag-root").first().waitFor();
}

function advertisements(messages: string[]): string[] {
  return messages.filter((m) => /RxDB Open Core|rxdb\.info\/premium|setPremiumFlag/i.test(m));
}
function gridErrors(messages: string[]): string[] {
  return messages.filter((m) => /AG Grid/i.test(m));
}

describe("the console and the wire on page loads", () => {
  it("investor /portfolio: no RxDB advertisement, no grid error, compressed code; the grid shows its rows", async () => {
    const ctx = await newContext(e2e.browser, e2e.url);
    try {
      const seen = watch(ctx);
      const signedIn = await signIn(ctx, "investor@demo.test");
      await signedIn.goto("/portfolio");
      await waitForPath(signedIn, "/portfolio");
      await signedIn.getByRole("heading", { level: 1 }).first().waitFor();
      await gridReady(signedIn);
      // a second page load of the same app (database already on the device) prints nothing either
      await signedIn.reload();
      await gridReady(signedIn);
      await screenshot(signedIn, "console-portfolio");

      const messages = seen.messages;
      expect(advertisements(messages)).toEqual([]);
      expect(gridErrors(messages)).toEqual([]);
      // the sign-in's first load fetched the app's code from the network: every script and style sheet of a
      // kilobyte or more came compressed (brotli: chromium accepts it), with Vary for caches
      const fetched = seen.assets.filter((asset) => statSync(join(e2e.servedDir, asset.url)).size >= 1024);
      expect(fetched.length).toBeGreaterThan(3);
      expect(fetched.filter((asset) => asset.encoding !== "br")).toEqual([]);
      expect(fetched.every((asset) => asset.vary === "Accept-Encoding")).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it("issuer /holdings: sort, Filter row, search and CSV export work with the registered grid modules", async () => {
    const ctx = await newContext(e2e.browser, e2e.url);
    try {
      const watched = watch(ctx);
      const page = await signIn(ctx, "issuer@demo.test");
      await page.goto("/holdings");
      await waitForPath(page, "/holdings");
      await gridReady(page);
      const footer = page.getByTestId("grid-footer");
      const total = Number((/of ([\d,]+)$/.exec((await footer.textContent()) ?? "")?.[1] ?? "0").replace(/,/g, ""));
      expect(total).toBeGreaterThan(1);

      // sorting: a click on the Investor header sorts ascending, the rows follow
      const header = page.locator('.ag-header-cell[col-id="investor"]');
      await header.locator(".ag-header-cell-label").click();
      await poll(() => header.getAttribute("aria-sort")).toBe("ascending");
      const investors = await page.evaluate(() =>
        [...document.querySelectorAll('[role="gridcell"][col-id="investor"]')]
          .map((cell) => ({
            index: Number(cell.closest("[row-index]")?.getAttribute("row-index") ?? "-1"),
            text: cell.textContent?.trim() ?? "",
          }))
          .sort((a, b) => a.index - b.index)
          .map((cell) => cell.text),
      );
      expect(investors.length).toBeGreaterThan(1);
      expect([...investors].sort((a, b) => a.localeCompare(b))).toEqual(investors);

      // the Filter button shows a filter row; a text that matches nothing leaves no row
      await page.getByRole("button", { name: "Filter" }).click();
      const investorFilter = page.locator('.ag-floating-filter[aria-colindex] input[type="text"]').first();
      await investorFilter.waitFor();
      await investorFilter.fill("no investor has this name");
      await poll(() => footer.textContent()).toBe(`0 - 0 of ${total.toLocaleString("en-US")}`);
      await investorFilter.fill("");
      await poll(() => footer.textContent()).toBe(
        `1 - ${total.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
      );

      // the search box filters across columns (quick filter)
      const first = investors[0] ?? "";
      await page.getByRole("searchbox").first().fill(first);
      await poll(async () => {
        const text = (await footer.textContent()) ?? "";
        const shown = Number((/^\d+ - ([\d,]+) of/.exec(text)?.[1] ?? "0").replace(/,/g, ""));
        return shown > 0 && shown < total;
      }).toBe(true);
      await page.getByRole("searchbox").first().fill("");

      // CSV export downloads the grid's rows with its headers
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const path = await download.path();
      const csv = readFileSync(path, "utf8");
      expect(csv.split("\n")[0]).toContain("Investor");
      expect(csv.trim().split("\n").length).toBe(total + 1);

      await screenshot(page, "console-holdings-filtered");
      expect(advertisements(watched.messages)).toEqual([]);
      expect(gridErrors(watched.messages)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it("agent /distributions: the grid loads without a grid error or advertisement", async () => {
    const ctx = await newContext(e2e.browser, e2e.url);
    try {
      const watched = watch(ctx);
      const page = await signIn(ctx, "agent@demo.test");
      await page.goto("/distributions");
      await waitForPath(page, "/distributions");
      await gridReady(page, true);
      await page.locator(".ag-header-cell").first().waitFor();
      expect(advertisements(watched.messages)).toEqual([]);
      expect(gridErrors(watched.messages)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
