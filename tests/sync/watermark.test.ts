// The safe watermark: a pull never serves a change of a transaction newer than the oldest one still running, so a
// long transaction that commits after a later checkpoint was served cannot be skipped.
// On real PostgreSQL (a throwaway cluster) this is shown with two concurrent sessions; PGlite is one session that
// runs every statement in turn, so no transaction can be open while another commits: there the SQL of the
// watermark is tested directly with change rows of a transaction id that is not yet finished.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandSender } from "../../src/data/outbox.ts";
import type { WireCommand } from "../../src/domain/wire.ts";
import { type PgCluster, pgClusterAvailable, startPgCluster } from "../helpers/pg-cluster.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { eventually, openDevice, type SignedIn, signInAs, transportOf } from "./harness.ts";

interface Pulled {
  documents: Array<{ id: string; name?: string; _deleted?: boolean }>;
  checkpoint: { txid: string; seq: number };
}

async function pull(who: SignedIn, model: string, checkpoint: { txid: string; seq: number | string }, lim = 100) {
  const answer = await who.client.graphql<{ pullDocuments: Pulled }>(
    "query($m: String!, $t: String!, $s: BigInt!, $l: Int!) { pullDocuments(model: $m, afterTxid: $t, afterSeq: $s, lim: $l) }",
    { m: model, t: checkpoint.txid, s: String(checkpoint.seq), l: lim },
  );
  if (answer.errors || !answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data.pullDocuments;
}

/** Pulls until the log is exhausted; returns the last checkpoint and every document seen. */
async function pullAll(who: SignedIn, model: string, from = { txid: "0", seq: 0 }) {
  let checkpoint: { txid: string; seq: number } = from;
  const seen: Pulled["documents"] = [];
  for (;;) {
    const page = await pull(who, model, checkpoint, 50);
    seen.push(...page.documents);
    checkpoint = page.checkpoint;
    if (page.documents.length < 50) return { checkpoint, seen };
  }
}

describe("the watermark on PGlite (one session: the SQL directly)", () => {
  let t: TestServer;
  let issuer: SignedIn;

  beforeAll(async () => {
    t = await startTestServer();
    issuer = await signInAs(t.client(), "issuer@demo.test");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("holds back changes of a transaction that has not finished, and the checkpoint stops before them", async () => {
    const { checkpoint: start } = await pullAll(issuer, "assets");
    const { rows: assets } = await t.server.db.query<{ id: string }>(
      "select id from app_public.assets where issuer_id = $1 order by created_on limit 2",
      [issuer.accountId],
    );
    const [early, late] = assets.map((asset) => asset.id);
    if (!early || !late) throw new Error("demo issuer needs two assets");
    // A change written by a transaction id far in the future stands for one that is still running: its id is not
    // below pg_snapshot_xmin(pg_current_snapshot()), so it must not be served yet, however small its seq.
    const { rows } = await t.server.db.query<{ seq: string; txid: string; watermark: string }>(
      `insert into app_private.changes (txid, model, doc_id, audience)
       values (((pg_current_xact_id()::text::bigint + 1000000)::text)::xid8, 'assets', $1, array[$2::uuid])
       returning seq::text, txid::text, app_private.replication_watermark()::text as watermark`,
      [early, issuer.accountId],
    );
    const running = rows[0];
    expect(BigInt(running?.txid ?? 0)).toBeGreaterThanOrEqual(BigInt(running?.watermark ?? 0));
    // ... then a later, committed change of another asset.
    await t.server.db.query("update app_public.assets set name = name || ' (later)' where id = $1", [late]);

    const page = await pull(issuer, "assets", start);
    expect(page.documents.map((doc) => doc.id)).toEqual([late]);
    expect(BigInt(page.checkpoint.txid)).toBeLessThan(BigInt(running?.txid ?? 0));

    // When that transaction has finished (here: its change row gets a finished transaction's id, as if it had
    // committed), the next pull from the same checkpoint delivers it.
    await t.server.db.query("update app_private.changes set txid = pg_current_xact_id() where seq = $1::bigint", [
      running?.seq,
    ]);
    const after = await pull(issuer, "assets", page.checkpoint);
    expect(after.documents.map((doc) => doc.id)).toEqual([early]);
  });

  it("serves each document once per batch and never returns a short batch before the log is exhausted", async () => {
    const { rows } = await t.server.db.query<{ id: string }>("select id from app_public.assets where issuer_id = $1", [
      issuer.accountId,
    ]);
    const { checkpoint: start } = await pullAll(issuer, "assets");
    // many changes of the same few documents
    for (let round = 0; round < 5; round++) {
      for (const { id } of rows) {
        await t.server.db.query("update app_public.assets set name = name where id = $1", [id]);
        await t.server.db.query("update app_public.assets set authorized_total = authorized_total + 1 where id = $1", [
          id,
        ]);
      }
    }
    const first = await pull(issuer, "assets", start, 2);
    expect(first.documents).toHaveLength(Math.min(2, rows.length));
    expect(new Set(first.documents.map((doc) => doc.id)).size).toBe(first.documents.length);
    const { seen } = await pullAll(issuer, "assets", start);
    expect(new Set(seen.map((doc) => doc.id))).toEqual(new Set(rows.map((row) => row.id)));
  });

  it("compacts the log without changing what a pull from any checkpoint delivers", async () => {
    const { startChangeCompaction } = await import("../../sync/replication/compaction.ts");
    const { seen: before } = await pullAll(issuer, "assets");
    const { rows: counted } = await t.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_private.changes",
    );
    const compaction = startChangeCompaction(t.server.db, { intervalMs: 3_600_000 });
    try {
      const removed = await compaction.runOnce();
      expect(removed).toBeGreaterThan(0);
      const { rows: left } = await t.server.db.query<{ n: number }>(
        "select count(*)::int as n from app_private.changes",
      );
      expect(left[0]?.n).toBe((counted[0]?.n ?? 0) - removed);
      const { seen: after } = await pullAll(issuer, "assets");
      expect(new Set(after.map((doc) => doc.id))).toEqual(new Set(before.map((doc) => doc.id)));
    } finally {
      compaction.stop();
    }
  });
});

describe.runIf(pgClusterAvailable)("on PostgreSQL: out-of-order commits and commands", () => {
  let cluster: PgCluster;
  let t: TestServer;
  let issuer: SignedIn;
  let longTx: pg.Client;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ledgerline_watermark_test");
    await admin.end();
    // The stream's events without documents: this describes the pull's watermark, and a document carried by the
    // stream is applied without moving the device's checkpoint (docs/REPLICATION.md), so with documents the device
    // would show the short transaction's row early, by design, while its next pull still starts before the long one.
    t = await startTestServer({
      databaseUrl: cluster.urlFor("ledgerline_watermark_test"),
      seedDemo: true,
      streamDocumentModels: [],
    });
    issuer = await signInAs(t.client(), "issuer@demo.test");
    longTx = new pg.Client({ connectionString: cluster.urlFor("ledgerline_watermark_test") });
    await longTx.connect();
  }, 180_000);
  afterAll(async () => {
    await longTx?.end().catch(() => {});
    await t?.close();
    await cluster?.stop();
  });

  it("delivers the row of a long transaction that commits after a later checkpoint was served", async () => {
    const device = await openDevice(issuer, t.url, { models: ["assets"] });
    try {
      await device.replication.awaitInitialReplication();
      const { checkpoint: start } = await pullAll(issuer, "assets");
      const { rows } = await t.server.db.query<{ id: string }>(
        "select id from app_public.assets where issuer_id = $1 order by created_on limit 2",
        [issuer.accountId],
      );
      const [slowId, fastId] = rows.map((row) => row.id);

      // The long transaction writes FIRST (smaller seq) and commits LAST.
      await longTx.query("begin");
      await longTx.query("update app_public.assets set name = 'Written by the long transaction' where id = $1", [
        slowId,
      ]);
      const { rows: slowRows } = await longTx.query<{ seq: string }>(
        "select max(seq)::text as seq from app_private.changes where doc_id = $1",
        [slowId],
      );
      // A short transaction commits a later change meanwhile.
      await t.server.db.query("update app_public.assets set name = 'Written by the short transaction' where id = $1", [
        fastId,
      ]);
      const { rows: visible } = await t.server.db.query<{ seq: string }>(
        "select max(seq)::text as seq from app_private.changes",
      );
      // A checkpoint on the plain sequence would now stand past the long transaction's change...
      expect(BigInt(visible[0]?.seq ?? 0)).toBeGreaterThan(BigInt(slowRows[0]?.seq ?? 0));

      // ... the watermark serves nothing at or above the long transaction while it runs.
      const served = await pull(issuer, "assets", start);
      expect(served.documents.map((doc) => doc.id)).not.toContain(slowId);
      expect(served.documents.map((doc) => doc.id)).not.toContain(fastId);
      // the device, woken by the short transaction's notification, has not passed it either
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await device.db.assets.findOne(fastId).exec())?.name).not.toBe("Written by the short transaction");

      await longTx.query("commit");

      const after = await pull(issuer, "assets", served.checkpoint);
      const byId = new Map(after.documents.map((doc) => [doc.id, doc]));
      expect(byId.get(slowId ?? "")?.name).toBe("Written by the long transaction");
      expect(byId.get(fastId ?? "")?.name).toBe("Written by the short transaction");
      // and the live device converges on both
      await eventually(
        async () => (await device.db.assets.findOne(slowId).exec())?.name === "Written by the long transaction",
        10_000,
        "long transaction's row on the device",
      );
      expect((await device.db.assets.findOne(fastId).exec())?.name).toBe("Written by the short transaction");
    } finally {
      await longTx.query("rollback").catch(() => {});
      await device.remove();
    }
  });

  it("applies commands exactly once on PostgreSQL too (one held pool client per command)", async () => {
    const send = commandSender(transportOf(issuer.client, t.url));
    const tag = `pg-${Date.now().toString(36)}`;
    const command = (address: string, seq: number): WireCommand => ({
      key: crypto.randomUUID(),
      mutation: "makeCustomer",
      variables: { input: { id: crypto.randomUUID(), email: address, name: "Watermark" } },
      userId: issuer.userId,
      accountId: issuer.accountId,
      createdOn: new Date().toISOString(),
      deviceId: "pg-device",
      seq,
    });
    const batch = [command(`${tag}-1@outbox.test`, 1), command("not-an-email", 2), command(`${tag}-3@outbox.test`, 3)];
    const first = await send(batch);
    const again = await send(batch);
    expect(first).toMatchObject({
      kind: "answered",
      results: [{ status: "accepted" }, { status: "rejected", errorCode: "LL422" }, { status: "accepted" }],
    });
    expect(again).toEqual(first);
    const { rows } = await t.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_public.customers where email like $1",
      [`${tag}-%`],
    );
    expect(rows[0]?.n).toBe(2);
  });
});
