// Issue 22 items 4 and 8. Offline, the app knows it is offline and waits quietly: reloading screens sends nothing
// past the service worker (no pull, no GraphQL, no websocket, at most one reachability probe at a time) and prints
// no console error; the top bar says when this account last synced on this device; the sync review says what the
// user did ("Add contact ..."); back online the queued change is sent once. And Select Account asks for no logo
// that does not exist (no 404).
import type { BrowserContext, Page, Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type E2E,
  newContext,
  screenshot,
  serviceWorkerReady,
  setOffline,
  signIn,
  startE2E,
  waitForPath,
} from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });
/** How long each offline screen is watched for late requests (pull retries come every 5 s, websocket retries sooner). */
const WATCH_MS = 7_000;

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

async function context(): Promise<BrowserContext> {
  const created = await newContext(e2e.browser, e2e.url);
  contexts.push(created);
  return created;
}

const PING = "/api/v2/ping";

/** What leaves a page: requests not answered by the service worker, websockets, console errors. */
function watch(page: Page) {
  const requests: Request[] = [];
  const websockets: string[] = [];
  const errors: string[] = [];
  const inFlight = new Set<Request>();
  let mostProbesAtOnce = 0;
  page.on("request", (request) => {
    requests.push(request);
    if (new URL(request.url()).pathname === PING) {
      inFlight.add(request);
      mostProbesAtOnce = Math.max(mostProbesAtOnce, inFlight.size);
    }
  });
  const settled = (request: Request) => inFlight.delete(request);
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  page.on("websocket", (socket) => websockets.push(socket.url()));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return {
    websockets,
    errors,
    mostProbesAtOnce: () => mostProbesAtOnce,
    /** Requests that left the page: everything but the service worker's answers (its cache and precache). */
    async leftThePage(): Promise<string[]> {
      const left: string[] = [];
      for (const request of requests) {
        const response = await request.response().catch(() => null);
        if (response?.fromServiceWorker()) continue;
        left.push(`${request.method()} ${new URL(request.url()).pathname}`);
      }
      return left;
    },
    reset() {
      requests.length = 0;
      websockets.length = 0;
      errors.length = 0;
    },
  };
}

const syncLabel = (page: Page) => page.getByTestId("sync-status").textContent();
const syncDetail = (page: Page) => page.getByTestId("sync-status").getAttribute("title");

async function serverRows(email: string): Promise<Array<{ name: string | null }>> {
  const { rows } = await e2e.server.server.db.query<{ name: string | null }>(
    "select name from app_public.customers where lower(email) = lower($1)",
    [email],
  );
  return rows;
}

describe("offline, quietly", () => {
  it("sends nothing offline, says when it last synced and what waits, and sends the change once online", async () => {
    const ctx = await context();
    const page = await signIn(ctx, "issuer@demo.test");
    await page.goto("/contacts");
    await waitForPath(page, "/contacts");
    await page.getByTestId("contact-row").first().waitFor();
    await serviceWorkerReady(page);
    await poll(() => syncLabel(page)).toBe("Synced");

    await setOffline(ctx, true);
    await poll(() => syncLabel(page)).toBe("Offline");
    const email = `quiet-${Date.now()}@e2e.test`;
    await page.getByRole("button", { name: "Add contact" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Contact Name").fill("Quiet Quentin");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await dialog.waitFor({ state: "detached" });
    await poll(() => syncLabel(page)).toBe("Offline · 1 waiting");

    const seen = watch(page);
    await page.reload();
    for (const path of ["/contacts", "/dashboard", "/securities", "/contacts"]) {
      if (path !== "/contacts" || pathOfPage(page) !== "/contacts") await page.goto(path);
      await waitForPath(page, path);
      await page.getByTestId("sync-status").waitFor();
      await page.waitForTimeout(WATCH_MS);
    }
    const left = await seen.leftThePage();
    // Nothing but reachability probes, one at a time (with the browser saying offline, not even those).
    expect(left.filter((request) => request !== `GET ${PING}`)).toEqual([]);
    expect(seen.mostProbesAtOnce()).toBeLessThanOrEqual(1);
    expect(seen.websockets).toEqual([]);
    expect(seen.errors).toEqual([]);

    // The top bar knows when this account last synced on this device, across the offline reloads.
    expect(await syncLabel(page)).toBe("Offline · 1 waiting");
    const detail = (await syncDetail(page)) ?? "";
    expect(detail).toMatch(/Last synced (just now|\d+ min ago)\./);
    expect(detail).not.toContain("never");
    // The sync review says what the user did.
    await page.getByTestId("sync-status").click();
    const review = page.getByRole("dialog", { name: "Sync status" });
    const command = review.getByTestId("outbox-command");
    await command.getByText("Add contact Quiet Quentin").waitFor();
    await screenshot(page, "offline-quiet-review");
    await page.keyboard.press("Escape");
    await review.waitFor({ state: "detached" });
    expect(await serverRows(email)).toEqual([]);

    // Back online: one probe answers, everything resumes, the change is sent once.
    seen.reset();
    await setOffline(ctx, false);
    await poll(async () => (await serverRows(email)).length).toBe(1);
    await poll(() => syncLabel(page)).toBe("Synced");
    const back = await seen.leftThePage();
    expect(back.filter((request) => request === `GET ${PING}`).length).toBeGreaterThanOrEqual(1);
    expect(back.filter((request) => request === "POST /api/v2/commands")).toHaveLength(1);
    expect(await serverRows(email)).toEqual([{ name: "Quiet Quentin" }]);
    expect(seen.errors).toEqual([]);
  });
});

function pathOfPage(page: Page): string {
  return new URL(page.url()).pathname;
}

describe("select account", () => {
  it("asks for no logo that does not exist", async () => {
    const ctx = await context();
    const notFound: string[] = [];
    ctx.on("response", (response) => {
      if (response.status() === 404) notFound.push(new URL(response.url()).pathname);
    });
    const page = await signIn(ctx, "multi@demo.test");
    await waitForPath(page, "/account-role");
    await page.getByTestId("account-card").first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("account-card").count()).toBe(3);
    expect(notFound).toEqual([]);
  });
});
