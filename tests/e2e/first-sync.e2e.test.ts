// The first sync of an account on a device (issue 8): the dashboard shows its progress in place of the figures,
// which would be partial, and shows the figures once every collection has arrived. The first sync goes through the
// bootstrap (issue 15: one stream per model, GET /api/v2/bootstrap, written by the bootstrap's Web Worker); the
// holdings' stream is held at the network so the first sync stays in progress while the test looks, and a second tab
// on /holdings meanwhile sees the holdings once the first tab's bootstrap of them has ended.
import type { Route } from "playwright-core";
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

describe("the first sync on a new device", () => {
  it("shows its progress on the dashboard, then the dashboard's figures", async () => {
    const ctx = await newContext(e2e.browser, e2e.url);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    const holdings = async (route: Route) => {
      const body = route.request().postDataJSON() as { model?: string } | null;
      if (body?.model === "holdings") {
        held++;
        await released;
      }
      await route.continue();
    };
    await ctx.route("**/api/v2/pull", holdings);
    // the bootstrap's requests (from its worker): which models, and whether any fell back to the pull from the start
    const bootstraps: string[] = [];
    const holdBootstrap = async (route: Route) => {
      const model = new URL(route.request().url()).searchParams.get("model") ?? "";
      bootstraps.push(model);
      if (model === "holdings") {
        held++;
        await released;
      }
      await route.continue();
    };
    await ctx.route("**/api/v2/bootstrap?*", holdBootstrap);
    try {
      const page = await signIn(ctx, "issuer@demo.test");
      await waitForPath(page, "/dashboard");
      const card = page.getByTestId("dashboard-first-sync");
      await card.waitFor({ timeout: 30_000 });
      await poll(() => held).toBeGreaterThan(0);
      // the other collections arrive meanwhile: the percentage and the record count move, the figures wait
      const bar = card.getByRole("progressbar");
      await poll(async () => Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
      // value and label read together: other models keep arriving, so the bar may move between two reads
      const [value, label] = await bar.evaluate((el) => [
        el.getAttribute("aria-valuenow"),
        el.getAttribute("aria-label"),
      ]);
      const percent = Number(value);
      expect(percent).toBeLessThan(100);
      expect(label).toBe(`Syncing ${percent}%`);
      expect(await card.textContent()).toMatch(
        /First sync of this account on this device: [1-9][\d,]* of [1-9][\d,]* records\./,
      );
      expect(await page.getByTestId("dashboard-tiles").count()).toBe(0);
      await screenshot(page, "dashboard-first-sync");

      // a second tab of the account, on a screen that reads the holdings meanwhile: its holdings' bootstrap waits for
      // this tab's (Web Lock), and no written page reaches any tab as a change event (the worker writes silently):
      // its grid shows the holdings once this tab announces the finished model (BroadcastChannel "ll-stored")
      const second = await ctx.newPage();
      await second.goto("/holdings");
      await waitForPath(second, "/holdings");
      await second.getByRole("heading", { name: "Holdings", exact: true }).first().waitFor({ timeout: 30_000 });
      // its live query of the holdings has answered (nothing stored yet)
      await poll(() =>
        second.evaluate(() =>
          performance.getEntriesByType("measure").some((m) => /^ll:(read|adopt):holdings$/.test(m.name)),
        ),
      ).toBe(true);
      expect(await second.locator(".ag-row").count()).toBe(0);

      release();
      await page.getByTestId("dashboard-tiles").waitFor({ timeout: 30_000 });
      // every stored holding, in the second tab's grid (its rows count, less the header row)
      const stored = await page.evaluate(async () => {
        const name = (await indexedDB.databases()).find((db) => db.name?.endsWith("--holdings"))?.name ?? "";
        return new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction("docs", "readonly").objectStore("docs").count();
            count.onsuccess = () => {
              open.result.close();
              resolve(count.result);
            };
          };
        });
      });
      expect(stored).toBeGreaterThan(1);
      await poll(
        async () => Number(await second.locator("[aria-rowcount]").first().getAttribute("aria-rowcount")) - 1,
      ).toBe(stored);
      await second.close();
      expect(await card.count()).toBe(0);
      await poll(() => page.getByTestId("dashboard-tile").filter({ hasText: "All Holdings" }).textContent()).toMatch(
        /All Holdings\s*[1-9]/,
      );
      // every collection came through its bootstrap stream, written by the worker; the holdings are in IndexedDB
      expect(bootstraps).toContain("holdings");
      expect(bootstraps).toContain("distributions");
      expect(
        await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("ll.bootstrap.")).length),
      ).toBeGreaterThan(0);

      // the bootstrapped holdings were stored without change events: the holdings replication's upstream checkpoint
      // is moved past them, so the next page load does not walk every one of them (RxDB's upstream runs without a push)
      const { newest, upstream } = await page.evaluate(async () => {
        const bytes = new TextEncoder().encode("holdings-ll-pull-holdings");
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        const hash = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
        const names = (await indexedDB.databases()).map((db) => db.name ?? "");
        const all = (name: string) =>
          new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
            const open = indexedDB.open(name);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const read = open.result.transaction("docs", "readonly").objectStore("docs").getAll();
              read.onsuccess = () => {
                open.result.close();
                resolve(read.result);
              };
            };
          });
        const holdingsDocs = await all(names.find((name) => name.endsWith("--holdings")) ?? "");
        const meta = await all(names.find((name) => name.endsWith(`--rx-replication-meta-${hash}`)) ?? "");
        const up = meta.find((doc) => doc.isCheckpoint === "1" && doc.itemId === "up") as
          | { checkpointData?: { lwt?: number } }
          | undefined;
        return {
          newest: Math.max(...holdingsDocs.map((doc) => (doc._meta as { lwt: number }).lwt)),
          upstream: up?.checkpointData?.lwt ?? null,
        };
      });
      expect(upstream).not.toBeNull();
      expect(upstream).toBeGreaterThanOrEqual(newest);

      // a later page load of the same account is not a first sync: the figures show without the progress card
      await page.reload();
      await page.getByTestId("dashboard-tiles").waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("dashboard-first-sync").count()).toBe(0);
    } finally {
      release();
      await ctx.close();
    }
  });
});
