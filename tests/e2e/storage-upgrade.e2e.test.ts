// A device of the release before the read models' own storage (issue 34 item 3) takes the update: its browser
// profile, written by RxDB's Dexie storage through the app's own replication and outbox (fixtures/legacy-profile.ts,
// bundled here and run in a blank page of the app's origin), is opened by the app as built. The read models move to
// the ledger storage with no loss and no download (no bootstrap stream, no pull from the start of the log: the
// replication goes on from its kept checkpoint), the screen shows the rows, the old databases are gone, and the
// command queued before the update is kept and sent.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { build } from "rolldown";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../sync/harness.ts";
import { type E2E, newContext, root, startE2E, waitForPath } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

let e2e: E2E;
let legacyScript: string;

beforeAll(async () => {
  e2e = await startE2E();
  const bundle = await build({
    input: join(root, "tests", "e2e", "fixtures", "legacy-profile.ts"),
    platform: "browser",
    write: false,
    logLevel: "warn",
    output: { format: "esm", codeSplitting: false },
  });
  const chunk = bundle.output[0];
  if (chunk?.type !== "chunk") throw new Error("the legacy profile did not bundle");
  legacyScript = chunk.code;
});
afterAll(async () => {
  await e2e?.close();
});

/** The IndexedDB databases of the page's origin. */
const databaseNames = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((info) => info.name ?? "").sort());

/** The primary keys of a database's `docs` store (the ledger storage's and RxDB's Dexie storage's alike). */
const storedIds = (page: Page, name: string) =>
  page.evaluate(
    (db) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("docs", "readonly").objectStore("docs").getAllKeys();
          read.onsuccess = () => {
            open.result.close();
            resolve((read.result as string[]).slice().sort());
          };
          read.onerror = () => reject(read.error);
        };
      }),
    name,
  );

describe("a device of the release before the ledger storage", () => {
  it("opens with its rows, its checkpoints and its queued command, downloading nothing again", async () => {
    const issuer = await signInAs(e2e.server.client(), "issuer@demo.test");
    const ctx = await newContext(e2e.browser, e2e.url);
    try {
      const page = await ctx.newPage();
      // a blank page of the app's origin (the app itself never loads here) running the release before's local data
      await ctx.route("**/__legacy/profile.html", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: '<!doctype html><title>profile</title><script type="module" src="/__legacy/profile.js"></script>',
        }),
      );
      await ctx.route("**/__legacy/profile.js", (route) =>
        route.fulfill({ contentType: "text/javascript", body: legacyScript }),
      );
      await page.goto("/__legacy/profile.html");
      const appOrigin = new URL(page.url()).origin;
      await ctx.addCookies([{ name: "ll_session", value: issuer.client.session ?? "", url: appOrigin }]);
      await page.waitForFunction(() => "makeLegacyProfile" in window);
      const customer = {
        id: crypto.randomUUID(),
        email: `before-update-${Date.now()}@example.com`,
        name: "Queued before the update",
      };
      const legacy = await page.evaluate(
        ([userId, accountId, input]) =>
          (
            window as unknown as {
              makeLegacyProfile(
                u: string,
                a: string,
                c: typeof input,
              ): Promise<{
                counts: Record<string, number>;
                holdingIds: string[];
                waiting: number;
              }>;
            }
          ).makeLegacyProfile(userId, accountId, input),
        [issuer.userId, issuer.accountId, customer] as const,
      );
      expect(legacy.holdingIds.length).toBeGreaterThan(0);
      expect(legacy.waiting).toBe(1);
      const database = `ll-${issuer.userId}-${issuer.accountId}`.toLowerCase();
      const before = await databaseNames(page);
      const legacyHoldings = before.find(
        (name) => name.startsWith(`rxdb-dexie-${database}--`) && name.endsWith("--holdings"),
      );
      expect(legacyHoldings).toBeDefined();
      expect(before.some((name) => name.startsWith("ll-store-"))).toBe(false);

      // the update: the app as built opens the same profile
      // every bootstrap stream and pull the app asks for, with how many documents each pull brought
      const requests: { path: string; model?: string; afterTxid?: string; documents: Promise<number> }[] = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (!path.startsWith("/api/v2/bootstrap") && path !== "/api/v2/pull") return;
        const body = JSON.parse(request.postData() ?? "{}") as { model?: string; afterTxid?: string };
        const documents = request
          .response()
          .then(async (response) => ((await response?.json()) as { documents?: unknown[] } | undefined)?.documents)
          .then((docs) => docs?.length ?? 0)
          .catch(() => 0);
        requests.push({ path, model: body.model, afterTxid: body.afterTxid, documents });
      });
      await page.goto("/holdings");
      await waitForPath(page, "/holdings");
      await poll(async () =>
        /^1 - [1-9]\d* of [1-9]\d*$/.test((await page.getByTestId("grid-footer").textContent()) ?? ""),
      ).toBe(true);
      // every read model's documents are in the ledger storage, the old databases are gone
      const ledgerHoldings = `ll-store-${database}--${legacyHoldings?.split("--")[1]}--holdings`;
      await poll(async () =>
        (await databaseNames(page)).filter(
          (name) =>
            name.startsWith(`rxdb-dexie-${database}--`) &&
            /--(holdings|distributions|transactions|records|customers|accounts)$/.test(name),
        ),
      ).toEqual([]);
      expect(await storedIds(page, ledgerHoldings)).toEqual(legacy.holdingIds);
      // the command queued before the update reaches the server once
      await poll(async () => {
        const { rows } = await e2e.server.server.db.query<{ n: number }>(
          "select count(*)::int as n from app_public.customers where id = $1",
          [customer.id],
        );
        return rows[0]?.n;
      }).toBe(1);
      // nothing was downloaded again: no bootstrap stream; a pull from the start of the log only for a model that
      // had no checkpoint because it held nothing (RxDB keeps a checkpoint only with documents), and it brings nothing
      expect(requests.filter((request) => request.path.startsWith("/api/v2/bootstrap"))).toEqual([]);
      expect(requests.length).toBeGreaterThan(0);
      const fromStart = requests.filter((request) => request.afterTxid === "0");
      const brought = await Promise.all(
        fromStart.map(async (request) => ({ model: request.model, documents: await request.documents })),
      );
      expect(brought.filter((pull) => pull.documents > 0)).toEqual([]);
      for (const model of [
        "holdings",
        "distributions",
        "transactions",
        "customers",
        "accounts",
        "securities",
        "rounds",
      ])
        expect(fromStart.map((request) => request.model)).not.toContain(model);
    } finally {
      await ctx.close();
    }
  });
});
