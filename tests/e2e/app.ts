// Shared setup for the browser tests: a production build (made once, reused while newer than the sources), the
// real server in-process on an in-memory seeded database, and Debian's chromium.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext as newBrowserContext } from "../helpers/browser.ts";
import { DEMO_PASSWORD, startTestServer, type TestServer } from "../helpers/server.ts";
import { expectPeopleText } from "./visible-text.ts";

export const root = join(import.meta.dirname, "..", "..");
export const distDir = join(root, "dist");
export const resultsDir = join(root, "test-results", "e2e");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Builds dist/ unless a build newer than every client source is already there (tests/run.ts builds first). */
export function ensureBuilt(force = false): void {
  const sources = ["src", "public", "index.html", "vite.config.ts", "panda.config.ts"].map((p) => join(root, p));
  const built = join(distDir, "index.html");
  const fresh = existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime));
  if (fresh && !force && process.env.LL_E2E_BUILD !== "1") return;
  const bin = join(root, "node_modules", ".bin");
  for (const command of [
    ["panda", "codegen", "--silent"],
    ["vite", "build", "--logLevel", "warn"],
  ]) {
    const [name, ...args] = command;
    // vitest sets NODE_ENV=test, which would make Vite emit a development build (no service worker registration).
    const env = { ...process.env, NODE_ENV: "production" };
    const result = spawnSync(join(bin, name ?? ""), args, { cwd: root, stdio: "inherit", env });
    if (result.status !== 0) throw new Error(`${command.join(" ")} failed`);
  }
}

/** Whether every file the service worker precaches is in `dir` (a build replaced halfway through is not). */
function completeBuild(dir: string): boolean {
  const sw = join(dir, "sw.js");
  if (!existsSync(sw) || !existsSync(join(dir, "index.html"))) return false;
  const urls = [...readFileSync(sw, "utf8").matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((match) => match[1] ?? "");
  return urls.length > 0 && urls.every((url) => existsSync(join(dir, url)));
}

/**
 * A private copy of the build for this test process: other processes on the machine may rebuild dist/ while the
 * tests run, and a service worker that precaches files which vanish mid-install never activates.
 */
export function snapshotBuild(): string {
  for (let attempt = 0; attempt < 3; attempt++) {
    ensureBuilt(attempt > 0);
    const copy = mkdtempSync(join(tmpdir(), "ll-e2e-dist-"));
    cpSync(distDir, copy, { recursive: true });
    if (completeBuild(copy)) return copy;
    rmSync(copy, { recursive: true, force: true });
  }
  throw new Error("dist/ keeps changing while it is copied: is another build running?");
}

export interface E2E {
  server: TestServer;
  /** The private copy of the build the server serves (tests may change it to publish a "new version"). */
  servedDir: string;
  browser: Browser;
  url: string;
  close(): Promise<void>;
}

export async function startE2E(): Promise<E2E> {
  const servedDir = snapshotBuild();
  mkdirSync(resultsDir, { recursive: true });
  const server = await startTestServer({ distDir: servedDir });
  // The first GraphQL request builds PostGraphile's schema: pay for it here, not inside the first test's timeouts.
  const warmUp = server.client();
  await warmUp.signIn("issuer@demo.test");
  await warmUp.graphql("{ currentUser { id } }");
  const browser = await launchBrowser();
  return {
    server,
    servedDir,
    browser,
    url: server.url,
    async close() {
      await browser.close();
      await server.close();
      rmSync(servedDir, { recursive: true, force: true });
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

/** Resolves once the service worker is active (fails after 30 s instead of hanging the test). */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => undefined),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("service worker not active")), 30_000)),
    ]),
  );
}

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

/** A screenshot of the screen as it is, once its visible text is checked for API words (visible-text.ts). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await expectPeopleText(page, name);
  await page.screenshot({ path: join(resultsDir, `${name}.png`), fullPage: true });
}

/**
 * A TCP relay between one browser context and the server. Chromium's offline emulation leaves open WebSockets alone
 * and, once in a while, let a request of a service-worker-controlled page through (a CI run saw commands queued
 * "offline" reach the server before the test reconnected). Cutting the relay takes the network away for real.
 */
interface NetworkLink {
  url: string;
  offline: boolean;
  sockets: Set<Socket>;
  server: Server;
}

const links = new WeakMap<BrowserContext, NetworkLink>();

async function openLink(target: string): Promise<NetworkLink> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const link: NetworkLink = { url: "", offline: false, sockets, server: createServer() };
  link.server.on("connection", (client) => {
    if (link.offline) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => link.server.listen(0, "127.0.0.1", resolve));
  const address = link.server.address();
  if (!address || typeof address === "string") throw new Error("relay has no port");
  link.url = `http://127.0.0.1:${address.port}`;
  return link;
}

/** A fresh browser context whose traffic to the server goes through its own relay (see setOffline). */
export async function newContext(browser: Browser, serverUrl: string): Promise<BrowserContext> {
  const link = await openLink(serverUrl);
  const context = await newBrowserContext(browser, link.url);
  links.set(context, link);
  context.on("close", () => {
    link.offline = true;
    for (const socket of link.sockets) socket.destroy();
    link.server.close();
  });
  return context;
}

/** Takes the context's network away (or gives it back): Chromium's emulation and the relay to the server. */
export async function setOffline(context: BrowserContext, offline: boolean): Promise<void> {
  const link = links.get(context);
  if (!link) throw new Error("setOffline needs a context made by newContext() of tests/e2e/app.ts");
  // The relay opens before the page hears "online" (the app checks its session at once) and closes after "offline".
  if (!offline) link.offline = false;
  await context.setOffline(offline);
  if (offline) {
    link.offline = true;
    for (const socket of link.sockets) socket.destroy();
  }
}
