// Debian's chromium driven by playwright-core (Playwright cannot download browsers here). Launch flags keep
// Chromium off the network except for the pages under test (docs/CONVENTIONS.md "Facts the design relies on").
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type LaunchOptions } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, ...options });
}

/** A fresh context (own cookies, storage and service workers) at a desktop size. */
export function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1366, height: 860 }, serviceWorkers: "allow" });
}

/**
 * A context on its own profile kept on disk, as an installed app's is (closed with `close()`, which also removes the
 * profile). A fresh `newContext` is an incognito profile whose IndexedDB lives in memory, where Chromium refuses
 * writes long before the quota it reports: the bench's first sync of 200,000 holdings (with the raw step's copy
 * beside it) failed there with QuotaExceededError at 1.7 GB of 12 GB reported (bench/README.md).
 */
export async function newProfileContext(baseURL: string): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  const profile = mkdtempSync(join(tmpdir(), "ll-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 1366, height: 860 },
    serviceWorkers: "allow",
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
