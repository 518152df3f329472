// Shared setup for the browser tests: a production build (made once, reused while newer than the sources), the
// real server in-process on an in-memory seeded database, and Debian's chromium.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext } from "../helpers/browser.ts";
import { DEMO_PASSWORD, startTestServer, type TestServer } from "../helpers/server.ts";

export const root = join(import.meta.dirname, "..", "..");
export const distDir = join(root, "dist");
export const resultsDir = join(root, "test-results", "e2e");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Builds dist/ unless a build newer than every client source is already there (tests/run.ts builds first). */
export function ensureBuilt(): void {
  const sources = ["src", "public", "index.html", "vite.config.ts", "panda.config.ts"].map((p) => join(root, p));
  const built = join(distDir, "index.html");
  const fresh = existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime));
  if (fresh && process.env.LL_E2E_BUILD !== "1") return;
  const bin = join(root, "node_modules", ".bin");
  for (const command of [
    ["panda", "codegen", "--silent"],
    ["vite", "build", "--logLevel", "warn"],
  ]) {
    const [name, ...args] = command;
    const result = spawnSync(join(bin, name ?? ""), args, { cwd: root, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`${command.join(" ")} failed`);
  }
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  url: string;
  close(): Promise<void>;
}

export async function startE2E(): Promise<E2E> {
  ensureBuilt();
  mkdirSync(resultsDir, { recursive: true });
  const server = await startTestServer({ distDir });
  // The first GraphQL request builds PostGraphile's schema: pay for it here, not inside the first test's timeouts.
  const warmUp = server.client();
  await warmUp.signIn("issuer@demo.test");
  await warmUp.graphql("{ currentUser { id } }");
  const browser = await launchBrowser();
  return {
    server,
    browser,
    url: server.url,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export const HOMES = {
  issuer: "/dashboard",
  broker: "/dashboard",
  agent: "/distributions",
  ats: "/securities",
  investor: "/portfolio",
  admin: "/admin",
} as const;

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname.replace(/(.)\/$/, "$1");
}

/** Waits until the app's pathname (trailing slash ignored) is `path`. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.replace(/(.)\/$/, "$1") === path, { timeout: 30_000 });
}

/** Signs in the way a user does: /login, the Sign in / Sign up button, the server's form. */
export async function signIn(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Sign in / Sign up" }).click();
  await page.waitForURL((url) => url.pathname === "/authenticate/login");
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/authenticate"), { timeout: 30_000 });
  return page;
}

export async function mainNavLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link").first().waitFor();
  return nav.getByRole("link").allTextContents();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(resultsDir, `${name}.png`), fullPage: true });
}

export { newContext };
