// The pull endpoint and the ready store's fill (sync/replication/pull.ts): a pull of a model whose documents have no ready
// text (a database seeded with triggers off, as after a deploy of a new builder) answers with the documents built,
// starts the fill, and the pulls that come while the fill runs are answered between its parts (PGlite has one
// connection); the fill completes by itself, and the same pull served from the ready store gives the same documents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCALE_EMAIL, seedScale } from "../../sync/seed/scale.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";
import { signInAs } from "../sync/harness.ts";

const HOLDINGS = 4000;

let t: TestServer;
let issuer: TestClient;

interface Batch {
  documents: Array<{ id: string }>;
  checkpoint: { txid: string; seq: string | number };
}

async function pull(after: Batch["checkpoint"]): Promise<Batch> {
  const response = await issuer.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "holdings", afterTxid: after.txid, afterSeq: String(after.seq), limit: 1000 }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`pull: ${response.status} ${text}`);
  return JSON.parse(text) as Batch;
}

const readyHoldings = async () =>
  Number(
    (
      await t.server.db.query<{ n: string }>(
        "select count(*) as n from app_private.ready_documents where model = 'holdings' and version = (select app_private.ready_version('holdings'))",
      )
    ).rows[0]?.n,
  );

beforeAll(async () => {
  t = await startTestServer();
  await seedScale(t.server.db, { holdings: HOLDINGS, rounds: 2, investors: 200 });
  ({ client: issuer } = await signInAs(t.client(), SCALE_EMAIL));
}, 600_000);

afterAll(async () => {
  await t?.close();
});

describe("the pull while the ready store fills", () => {
  it("answers between the fill's parts, and the filled store serves the same documents", async () => {
    expect(await readyHoldings()).toBe(0);
    // the first page finds its documents without ready text: built for this answer, and the fill starts
    let checkpoint: Batch["checkpoint"] = { txid: "0", seq: "0" };
    const pages: string[] = [];
    let batch = await pull(checkpoint);
    pages.push(JSON.stringify(batch.documents));
    checkpoint = batch.checkpoint;
    // the fill runs while no pull is in flight
    while ((await readyHoldings()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // the next pages are answered while it runs: before it has built the store
    for (;;) {
      batch = await pull(checkpoint);
      pages.push(JSON.stringify(batch.documents));
      checkpoint = batch.checkpoint;
      if (batch.documents.length < 1000) break;
    }
    const readyAtLastAnswer = await readyHoldings();
    expect(readyAtLastAnswer).toBeGreaterThan(0);
    expect(readyAtLastAnswer).toBeLessThan(HOLDINGS);
    expect(pages.reduce((n, page) => n + (JSON.parse(page) as unknown[]).length, 0)).toBe(HOLDINGS);
    // and it completes by itself, with no pull asking
    while ((await readyHoldings()) < HOLDINGS) await new Promise((resolve) => setTimeout(resolve, 50));
    // the same pull from the ready store: the same documents, page by page
    checkpoint = { txid: "0", seq: "0" };
    const again: string[] = [];
    for (;;) {
      batch = await pull(checkpoint);
      again.push(JSON.stringify(batch.documents));
      checkpoint = batch.checkpoint;
      if (batch.documents.length < 1000) break;
    }
    expect(again).toEqual(pages);
  }, 300_000);
});
