// The built-in payment provider end to end with the client bypassed (issue 18): the issuer connects it, syncs and maps
// its offering; the investor's payment creates a trade; the issuer confirms the funds; the trade goes CREATED ->
// FUNDED -> SETTLED and lands once as a paid distribution payment and in paid-in capital, with exact decimals. The
// same status delivered again (poll, callback, a direct replay) changes nothing; a trade never pays a distribution
// of a round its offering is not mapped to; a provider outage queues and retries without blocking the app.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinProvider } from "../../sync/payments/builtin.ts";
import { type PaymentProvider, ProviderError } from "../../sync/payments/provider.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const ids = new Map<string, string>();
let outage = 0;

beforeAll(async () => {
  // a provider that is out for the next `outage` calls, then the built-in one
  let inner: PaymentProvider | null = null;
  const flaky = new Proxy({} as PaymentProvider, {
    get(_target, key: keyof PaymentProvider) {
      if (key === "id") return "builtin";
      if (!inner) inner = builtinProvider(t.server.db);
      const value = inner[key];
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        if (outage > 0) {
          outage -= 1;
          throw new ProviderError("The provider is down.", "unavailable");
        }
        return (value as (...a: unknown[]) => unknown).apply(inner, args);
      };
    },
  });
  t = await startTestServer({ payments: { tickMs: 0, provider: flaky, backoffMs: () => 60_000 } });
  const { rows } = await t.server.db.query<{ name: string; id: string }>(
    `select name, id from app_public.accounts
     union all select r.name, r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id
       join app_public.accounts i on i.id = a.issuer_id where i.name = 'Northwind Renewables, Inc.'`,
  );
  for (const row of rows) ids.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(ids.get(accountName) ?? "")).status).toBe(303);
  return client;
}

async function ok<T>(client: TestClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await client.graphql<T>(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}

const DISTRIBUTION = `query ($id: UUID!) { distributionById(id: $id) { amount paidInCapital
  distributionPayments { nodes { amount status } } } }`;

describe("the built-in payment provider", () => {
  let issuer: TestClient;
  let emma: TestClient;
  let emmaSeriesA = "";
  let tradeId = "";

  beforeAll(async () => {
    issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    emma = await as("investor@demo.test", "Emma Lawson");
    const { rows } = await t.server.db.query<{ id: string }>(
      `select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
       where al.name = 'Series A Direct' and d.name = 'Emma Lawson'`,
    );
    emmaSeriesA = rows[0]?.id ?? "";
  });

  it("connects, syncs despite an outage (queued, retried), and maps the offering", async () => {
    await ok(
      issuer,
      `mutation { createAccountIntegration(input: { integrationId: "7a000000-0000-4000-8000-000000000001" }) { clientMutationId } }`,
    );
    expect(
      (await emma.graphql("query ($d: UUID!) { paymentAvailable(distributionId: $d) }", { d: emmaSeriesA })).data,
    ).toEqual({ paymentAvailable: false });
    const accounts = await ok<{ allPaymentAccounts: { nodes: Array<{ id: string }> } }>(
      issuer,
      "{ allPaymentAccounts { nodes { id } } }",
    );
    const paymentAccountId = accounts.allPaymentAccounts.nodes[0]?.id;

    outage = 1;
    await ok(issuer, "mutation ($id: UUID!) { northCapitalSync(input: { id: $id }) { clientMutationId } }", {
      id: paymentAccountId,
    });
    await t.server.payments.runDue();
    // the outage: the job waits for its next attempt, the account says why; the rest of the app answers
    const waiting = await t.server.db.query<{ status: string; attempts: number; failure: string }>(
      "select status, attempts, failure from app_private.payment_jobs where kind = 'sync'",
    );
    expect(waiting.rows).toEqual([{ status: "queued", attempts: 1, failure: "The provider is down." }]);
    const account = await ok<{ allPaymentAccounts: { nodes: Array<{ syncStatus: string; failure: string }> } }>(
      issuer,
      "{ allPaymentAccounts { nodes { syncStatus failure } } }",
    );
    expect(account.allPaymentAccounts.nodes[0]).toEqual({ syncStatus: "queued", failure: "The provider is down." });
    expect(
      (await ok<{ allAssets: { nodes: unknown[] } }>(issuer, "{ allAssets { nodes { id } } }")).allAssets.nodes.length,
    ).toBeGreaterThan(0);

    // the backoff has passed: the retry syncs
    await t.server.db.query("update app_private.payment_jobs set next_attempt_on = now() where status = 'queued'");
    await t.server.payments.runDue();
    const synced = await ok<{
      allPaymentIssuers: { nodes: Array<{ id: string }> };
      allPaymentInstruments: { nodes: Array<{ id: string; name: string }> };
    }>(issuer, "{ allPaymentIssuers { nodes { id } } allPaymentInstruments { nodes { id name } } }");
    await ok(
      issuer,
      "mutation ($id: UUID!, $issuerId: UUID) { mapPaymentIssuer(input: { id: $id, issuerId: $issuerId }) { clientMutationId } }",
      {
        id: synced.allPaymentIssuers.nodes[0]?.id,
        issuerId: ids.get("Northwind Renewables, Inc."),
      },
    );
    await ok(
      issuer,
      "mutation ($id: UUID!, $roundId: UUID) { mapPaymentInstrument(input: { id: $id, roundId: $roundId }) { clientMutationId } }",
      {
        id: synced.allPaymentInstruments.nodes.find((i) => i.name === "Series A")?.id,
        roundId: ids.get("Series A"),
      },
    );
  });

  it("creates the investor's trade at the provider, for the investor only, one at a time", async () => {
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    const TRADE = `mutation ($d: UUID!) { createPaymentTrade(input: { distributionId: $d }) { paymentTrade { id amount status } } }`;
    const AVAILABLE = "query ($d: UUID!) { paymentAvailable(distributionId: $d) }";
    expect((await emma.graphql(AVAILABLE, { d: emmaSeriesA })).data).toEqual({ paymentAvailable: true });
    expect((await kim.graphql(AVAILABLE, { d: emmaSeriesA })).data).toEqual({ paymentAvailable: false });
    const stranger = await kim.graphql(TRADE, { d: emmaSeriesA });
    expect(stranger.errors?.[0]?.extensions?.code).toBe("LL404");
    const byIssuer = await issuer.graphql(TRADE, { d: emmaSeriesA });
    expect(byIssuer.errors?.[0]?.extensions?.code).toBe("LL404");

    const created = await ok<{ createPaymentTrade: { paymentTrade: { id: string; amount: string; status: string } } }>(
      emma,
      TRADE,
      { d: emmaSeriesA },
    );
    // 80,000 units at 1.25: exactly 100000
    expect(created.createPaymentTrade.paymentTrade).toMatchObject({ amount: "100000", status: "QUEUED" });
    tradeId = created.createPaymentTrade.paymentTrade.id;
    const again = await emma.graphql(TRADE, { d: emmaSeriesA });
    expect(again.errors?.[0]?.message).toBe("A payment for this distribution is already under way.");

    await t.server.payments.runDue();
    const trade = await t.server.db.query<{ status: string; payment_trade_id: string }>(
      "select status, payment_trade_id from app_public.payment_trades where id = $1",
      [tradeId],
    );
    expect(trade.rows[0]?.status).toBe("CREATED");
    expect(trade.rows[0]?.payment_trade_id).toMatch(/^T\d+$/);
    // created is no payment yet
    const d = await ok<{ distributionById: { paidInCapital: string; distributionPayments: { nodes: unknown[] } } }>(
      issuer,
      DISTRIBUTION,
      { id: emmaSeriesA },
    );
    expect(d.distributionById.distributionPayments.nodes).toEqual([]);
  });

  it("applies the issuer's confirmation once: funded, settled, one paid payment in paid-in capital", async () => {
    const viewer = await as("issuer-viewer@demo.test", "Northwind Renewables, Inc.");
    const CONFIRM = "mutation ($id: UUID!) { confirmPaymentFunds(input: { id: $id }) { clientMutationId } }";
    expect((await viewer.graphql(CONFIRM, { id: tradeId })).errors?.[0]?.extensions?.code).toBe("LL403");
    expect((await emma.graphql(CONFIRM, { id: tradeId })).errors?.[0]?.extensions?.code).toBe("LL404");
    await ok(issuer, CONFIRM, { id: tradeId });
    await t.server.payments.runDue();

    const events = await t.server.db.query<{ status: string }>(
      "select status from app_private.payment_events where trade_id = $1 order by applied_on, status",
      [tradeId],
    );
    expect(events.rows.map((e) => e.status)).toEqual(["CREATED", "FUNDED", "SETTLED"]);
    const d = await ok<{
      distributionById: {
        paidInCapital: string;
        distributionPayments: { nodes: Array<{ amount: string; status: string }> };
      };
    }>(issuer, DISTRIBUTION, { id: emmaSeriesA });
    expect(d.distributionById.distributionPayments.nodes).toEqual([{ amount: "100000", status: "paid" }]);
    expect(d.distributionById.paidInCapital).toBe("100000");

    // paid in full: no second trade
    const more = await emma.graphql(
      `mutation ($d: UUID!) { createPaymentTrade(input: { distributionId: $d }) { clientMutationId } }`,
      { d: emmaSeriesA },
    );
    expect(more.errors?.[0]?.message).toBe("This distribution is paid in full.");
  });

  it("lets the issuer close and issue the distribution paid in full", async () => {
    await ok(
      issuer,
      `mutation ($id: UUID!) { updateDistributionById(input: { id: $id, patch: { status: "closed" } }) { clientMutationId } }`,
      {
        id: emmaSeriesA,
      },
    );
    await ok(
      issuer,
      "mutation ($ids: [UUID]) { makeTaRequestDistributionIssuances(input: { distributionIds: $ids }) { clientMutationId } }",
      {
        ids: [emmaSeriesA],
      },
    );
    const holding = await t.server.db.query<{ amount: string }>(
      "select amount::text from app_public.holdings where distribution_id = $1",
      [emmaSeriesA],
    );
    expect(holding.rows).toEqual([{ amount: "80000" }]);
  });

  it("changes nothing when the same status arrives again (replay, poll, callback twice)", async () => {
    const before = await t.server.db.query(
      "select id, amount::text, status from app_public.distribution_payments order by id",
    );
    const replay = await t.server.db.query<{ applied: boolean }>(
      "select app_private.apply_payment_event($1, 'SETTLED', 100000, 'webhook') as applied",
      [tradeId],
    );
    expect(replay.rows[0]?.applied).toBe(false);
    const accounts = await t.server.db.query<{ id: string }>("select id from app_public.payment_accounts");
    const callback = `/api/v2/payments/callback/${accounts.rows[0]?.id}`;
    for (let i = 0; i < 2; i++) {
      const r = await t.client().fetch(callback, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tradeStatus: "SETTLED" }),
      });
      expect(r.status).toBe(202);
    }
    await t.server.db.query("update app_private.payment_jobs set next_attempt_on = now() where status = 'queued'");
    await t.server.payments.runDue();
    const after = await t.server.db.query(
      "select id, amount::text, status from app_public.distribution_payments order by id",
    );
    expect(after.rows).toEqual(before.rows);
  });

  it("never pays a distribution outside the offering's mapped round", async () => {
    // a trade row pointing at another round's distribution (as a forged or mistaken provider reference would)
    const { rows } = await t.server.db.query<{ id: string }>(
      `insert into app_public.payment_trades (payment_account_id, payment_instrument_row_id, distribution_id, amount, status)
       select t.payment_account_id, t.payment_instrument_row_id, d.id, 25000, 'CREATED'
       from app_public.payment_trades t, app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
       where t.id = $1 and al.name <> 'Series A Direct' and d.name = 'Kim Family Trust' limit 1 returning id`,
      [tradeId],
    );
    const before = await t.server.db.query("select count(*)::int as n from app_public.distribution_payments");
    await expect(
      t.server.db.query("select app_private.apply_payment_event($1, 'SETTLED', 25000, 'poll')", [rows[0]?.id]),
    ).rejects.toThrow("The trade's offering is not mapped to this distribution's round.");
    const after = await t.server.db.query("select count(*)::int as n from app_public.distribution_payments");
    expect(after.rows).toEqual(before.rows);
  });
});
