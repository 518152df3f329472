// Debian's chromium driven by playwright-core (Playwright cannot download browsers here). Launch flags keep
// Chromium off the network except for the pages under test (docs/CONVENTIONS.md "Facts the design relies on").
import { existsSync } from "node:fs";
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
