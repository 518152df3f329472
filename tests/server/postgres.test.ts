// DATABASE_URL: the same server, migrations and demo data on a real PostgreSQL (a throwaway cluster, when the
// server binaries are installed), with sessions, row-level security and LISTEN/NOTIFY subscriptions.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgCluster, pgClusterAvailable, startPgCluster } from "../helpers/pg-cluster.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

describe.runIf(pgClusterAvailable)("the server on PostgreSQL (DATABASE_URL)", () => {
  let cluster: PgCluster;
  let t: TestServer;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ledgerline_server_test");
    await admin.end();
    t = await startTestServer({ databaseUrl: cluster.urlFor("ledgerline_server_test"), seedDemo: true });
  });
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
  });

  it("runs on PostgreSQL, migrated and seeded", async () => {
    expect(t.server.db.kind).toBe("postgres");
    expect(t.server.seeded).toBe(true);
    const { rows } = await t.server.db.query<{ n: number }>("select count(*)::int as n from app_private.migrations");
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it("compiles no statement with JIT on its connections (docs/SERVER.md 'No JIT')", async () => {
    // a read model's build, planned generically, passes jit_above_cost: compiling it cost 0.7 s a build
    const { rows: server } = await t.server.db.query<{ jit: string }>("show jit");
    expect(server[0]?.jit).toBe("off");
    const admin = new pg.Client({ connectionString: cluster.urlFor("ledgerline_server_test") });
    await admin.connect();
    try {
      const { rows: other } = await admin.query<{ jit: string }>("show jit");
      expect(other[0]?.jit).toBe("on");
    } finally {
      await admin.end();
    }
  });

  it("signs in, selects an account and applies row-level security per request", async () => {
    const investor = t.client();
    expect((await investor.signIn("investor@demo.test")).status).toBe(200);
    const routed = await investor.fetch("/authenticate/terms-of-service");
    expect(routed.headers.get("location")).toBe("/portfolio");
    const seen = await investor.graphql<{
      allHoldings: { nodes: Array<{ investorId: string }> };
      currentAccount: { id: string };
    }>("{ currentAccount { id } allHoldings { nodes { investorId } } }");
    expect(seen.errors).toBeUndefined();
    const own = seen.data?.currentAccount.id;
    expect(seen.data?.allHoldings.nodes.every((holding) => holding.investorId === own)).toBe(true);
    const refused = await investor.graphql(
      'mutation { createAsset(input: { asset: { name: "No", type: "equity", authorizedTotal: "1" } }) { asset { id } } }',
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("LL403");
  });

  it("delivers NOTIFY-fed changes on /wss/v1/", async () => {
    const writer = t.client();
    expect((await writer.signIn("issuer@demo.test")).status).toBe(200);
    await writer.fetch("/authenticate/terms-of-service");
    const ws = writer.ws();
    try {
      const received = new Promise<{ table: string }>((resolve, reject) => {
        ws.subscribe<{ changes: { table: string } }>(
          { query: "subscription { changes { table } }" },
          { next: (value) => resolve(value.data!.changes), error: reject, complete: () => reject(new Error("done")) },
        );
      });
      let done = false;
      received.then(() => {
        done = true;
      });
      for (let round = 0; !done && round < 60; round++) {
        const created = await writer.graphql(
          `mutation { createAsset(input: { asset: { name: "PG ${round}", type: "fund", authorizedTotal: "5" } }) { asset { id } } }`,
        );
        expect(created.errors).toBeUndefined();
        await Promise.race([received, new Promise((resolve) => setTimeout(resolve, 250))]);
      }
      expect(await received).toEqual({ table: "assets" });
    } finally {
      await ws.dispose();
    }
  });
});
