// The built-in payment provider end to end with the client bypassed (issue 18): the issuer connects it, syncs and maps
// its offering, which adds a payment step to the round's onboarding processes; the investor pays in that step, which
// makes the investor's party and account at the provider once and creates a trade; the issuer may cancel it while
// unfunded (the step opens again); the issuer confirms the funds; the trade goes CREATED -> FUNDED -> SETTLED, lands
// once as a paid distribution payment and in paid-in capital (exact decimals) and completes the step; the issuer's
// unwind refunds it once. The
// same status delivered again (poll, callback, a direct replay) changes nothing; a trade never pays a distribution
// of a round its offering is not mapped to; a provider outage queues and retries without blocking the app.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinProvider } from "../../sync/payments/builtin.ts";
import { type PaymentProvider, ProviderError } from "../../sync/payments/provider.ts";
import { finishOtherSteps } from "../helpers/payment-step.ts";
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

/** The distribution's steps as the investor's replica has them (type, status, the payment's status). */
async function steps(distributionId: string) {
  const { rows } = await t.server.db.query<{
    type: string;
    status: string;
    payment: string | null;
    error: string | null;
  }>(
    `select s.type, s.status, s.output_data -> 'payment' ->> 'status' as payment, s.output_data ->> 'error' as error
     from app_public.steps s join app_public.processes p on p.id = s.process_id
     where p.distribution_id = $1 and s.parent_id is null order by s."order"`,
    [distributionId],
  );
  return rows;
}

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
    // the mapping made the round's payment step: last in Emma's open process, listed by the round's allocations
    expect((await steps(emmaSeriesA)).at(-1)).toMatchObject({ type: "payment", status: "not_started" });
    const listed = await t.server.db.query<{ name: string }>(
      `select al.name from app_public.allocation_qualifications q join app_public.allocations al on al.id = q.allocation_id
       join app_public.vendor_qualifications v on v.id = q.vendor_qualification_id
       where v.name = 'Payment' and v.active order by al.name`,
    );
    expect(listed.rows.map((r) => r.name)).toContain("Series A Direct");
    // a closed distribution (its process complete) gets no new step
    const kim = await t.server.db.query<{ n: number }>(
      `select count(*)::int as n from app_public.steps s join app_public.processes p on p.id = s.process_id
       join app_public.distributions d on d.id = p.distribution_id where d.status = 'closed' and s.type = 'payment'`,
    );
    expect(kim.rows[0]?.n).toBe(0);
  });

  it("takes the payment only as the current step of the investor's onboarding", async () => {
    const early = await emma.graphql(
      `mutation ($d: UUID!) { createPaymentTrade(input: { distributionId: $d }) { clientMutationId } }`,
      { d: emmaSeriesA },
    );
    expect(early.errors?.[0]?.extensions?.code).toBe("LL422");
    expect(early.errors?.[0]?.message).toContain("This is not the current active step");
    expect(await t.server.db.query("select 1 from app_public.payment_trades")).toMatchObject({ rows: [] });
    await finishOtherSteps(t.server.db, emmaSeriesA);
    expect((await steps(emmaSeriesA)).at(-1)).toMatchObject({ type: "payment", status: "in_progress" });
    // the step is not completed by completeStep: the payment completes it
    const stepId = (
      await t.server.db.query<{ id: string }>(
        `select s.id from app_public.steps s join app_public.processes p on p.id = s.process_id
         where p.distribution_id = $1 and s.type = 'payment'`,
        [emmaSeriesA],
      )
    ).rows[0]?.id;
    const direct = await emma.graphql(
      `mutation ($id: UUID!) { completeStep(input: { stepId: $id, blob: {} }) { clientMutationId } }`,
      { id: stepId },
    );
    expect(direct.errors?.[0]?.message).toBe("This step is complete once your payment arrives.");
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

    // the step waits for the payment (queued, or already created: the runner is woken at once)
    const waiting = (await steps(emmaSeriesA)).at(-1);
    expect(waiting).toMatchObject({ type: "payment", status: "processing" });
    expect(["QUEUED", "CREATED"]).toContain(waiting?.payment);

    await t.server.payments.runDue();
    const trade = await t.server.db.query<{ status: string; payment_trade_id: string }>(
      "select status, payment_trade_id from app_public.payment_trades where id = $1",
      [tradeId],
    );
    expect(trade.rows[0]?.status).toBe("CREATED");
    expect(trade.rows[0]?.payment_trade_id).toMatch(/^T\d+$/);
    expect((await steps(emmaSeriesA)).at(-1)).toMatchObject({ status: "processing", payment: "CREATED" });
    // the investor's party and account at the provider, linked, made once; the trade is on that account
    const investor = await t.server.db.query<{ party_id: string; provider_account_id: string; linked: boolean }>(
      "select party_id, provider_account_id, linked from app_private.payment_investors where investor_id = $1",
      [ids.get("Emma Lawson")],
    );
    expect(investor.rows).toEqual([
      { party_id: expect.stringMatching(/^P\d+$/), provider_account_id: expect.stringMatching(/^A\d+$/), linked: true },
    ]);
    const books = await t.server.db.query(
      `select a.owner_party_id, t.account_id from app_private.builtin_pay_trades t
       join app_private.builtin_pay_accounts a on a.id = t.account_id where t.external_ref = $1`,
      [tradeId],
    );
    expect(books.rows).toEqual([
      { owner_party_id: investor.rows[0]?.party_id, account_id: investor.rows[0]?.provider_account_id },
    ]);
    // created is no payment yet
    const d = await ok<{ distributionById: { paidInCapital: string; distributionPayments: { nodes: unknown[] } } }>(
      issuer,
      DISTRIBUTION,
      { id: emmaSeriesA },
    );
    expect(d.distributionById.distributionPayments.nodes).toEqual([]);
  });

  it("lets the issuer cancel the unfunded trade: cancelled, no payment, the step open again", async () => {
    const viewer = await as("issuer-viewer@demo.test", "Northwind Renewables, Inc.");
    const CANCEL = "mutation ($id: UUID!) { cancelPaymentTrade(input: { id: $id }) { clientMutationId } }";
    expect((await viewer.graphql(CANCEL, { id: tradeId })).errors?.[0]?.extensions?.code).toBe("LL403");
    expect((await emma.graphql(CANCEL, { id: tradeId })).errors?.[0]?.extensions?.code).toBe("LL404");
    await ok(issuer, CANCEL, { id: tradeId });
    await t.server.payments.runDue();
    const trade = await t.server.db.query("select status from app_public.payment_trades where id = $1", [tradeId]);
    expect(trade.rows).toEqual([{ status: "CANCELLED" }]);
    const provider = await t.server.db.query(
      "select status from app_private.builtin_pay_trades where external_ref = $1",
      [tradeId],
    );
    expect(provider.rows).toEqual([{ status: "CANCELLED" }]);
    expect(
      (
        await ok<{ distributionById: { distributionPayments: { nodes: unknown[] } } }>(issuer, DISTRIBUTION, {
          id: emmaSeriesA,
        })
      ).distributionById.distributionPayments.nodes,
    ).toEqual([]);
    expect((await steps(emmaSeriesA)).at(-1)).toMatchObject({
      status: "in_progress",
      payment: "CANCELLED",
      error: "The payment was cancelled.",
    });
    // a cancelled trade cannot be cancelled again
    expect((await issuer.graphql(CANCEL, { id: tradeId })).errors?.[0]?.extensions?.code).toBe("LL409");

    // the investor pays again in the step: a new trade on the same provider account (no second party)
    const again = await ok<{ createPaymentTrade: { paymentTrade: { id: string } } }>(
      emma,
      `mutation ($d: UUID!) { createPaymentTrade(input: { distributionId: $d }) { paymentTrade { id } } }`,
      { d: emmaSeriesA },
    );
    tradeId = again.createPaymentTrade.paymentTrade.id;
    await t.server.payments.runDue();
    const parties = await t.server.db.query("select count(*)::int as n from app_private.builtin_pay_parties");
    expect(parties.rows).toEqual([{ n: 1 }]);
    expect((await steps(emmaSeriesA)).at(-1)).toMatchObject({ status: "processing", payment: "CREATED" });
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
    // the payment step is complete, and with it the process: the distribution is closed, ready to issue
    expect((await steps(emmaSeriesA)).at(-1)).toMatchObject({
      type: "payment",
      status: "complete",
      payment: "SETTLED",
    });
    const closed = await t.server.db.query("select status from app_public.distributions where id = $1", [emmaSeriesA]);
    expect(closed.rows).toEqual([{ status: "closed" }]);

    // paid in full: no second trade
    const more = await emma.graphql(
      `mutation ($d: UUID!) { createPaymentTrade(input: { distributionId: $d }) { clientMutationId } }`,
      { d: emmaSeriesA },
    );
    expect(more.errors?.[0]?.message).toBe("This distribution is paid in full.");
  });

  it("refunds once through the issuer's unwind: refunded, out of paid-in capital; a new payment pays it again", async () => {
    const UNWIND = "mutation ($id: UUID!) { unwindPaymentTrade(input: { id: $id }) { clientMutationId } }";
    const viewer = await as("issuer-viewer@demo.test", "Northwind Renewables, Inc.");
    expect((await viewer.graphql(UNWIND, { id: tradeId })).errors?.[0]?.extensions?.code).toBe("LL403");
    expect((await emma.graphql(UNWIND, { id: tradeId })).errors?.[0]?.extensions?.code).toBe("LL404");
    await ok(issuer, UNWIND, { id: tradeId });
    await t.server.payments.runDue();
    const d = await ok<{
      distributionById: {
        paidInCapital: string;
        distributionPayments: { nodes: Array<{ amount: string; status: string }> };
      };
    }>(issuer, DISTRIBUTION, { id: emmaSeriesA });
    expect(d.distributionById.distributionPayments.nodes).toEqual([{ amount: "100000", status: "refunded" }]);
    expect(d.distributionById.paidInCapital).toBe("0");
    const events = await t.server.db.query<{ status: string }>(
      "select status from app_private.payment_events where trade_id = $1 order by applied_on, status",
      [tradeId],
    );
    expect(events.rows.map((e) => e.status)).toEqual([
      "CREATED",
      "FUNDED",
      "SETTLED",
      "UNWIND PENDING",
      "UNWIND SETTLED",
    ]);
    // replayed: nothing changes; a refunded trade is not unwound again
    const replay = await t.server.db.query<{ applied: boolean }>(
      "select app_private.apply_payment_event($1, 'UNWIND SETTLED', 100000, 'poll') as applied",
      [tradeId],
    );
    expect(replay.rows[0]?.applied).toBe(false);
    expect((await issuer.graphql(UNWIND, { id: tradeId })).errors?.[0]?.extensions?.code).toBe("LL409");

    // the investor pays again (the step is complete: the payment has no step) and the issuer confirms
    const again = await ok<{ createPaymentTrade: { paymentTrade: { id: string; amount: string } } }>(
      emma,
      `mutation ($d: UUID!) { createPaymentTrade(input: { distributionId: $d }) { paymentTrade { id amount } } }`,
      { d: emmaSeriesA },
    );
    expect(again.createPaymentTrade.paymentTrade.amount).toBe("100000");
    tradeId = again.createPaymentTrade.paymentTrade.id;
    await t.server.payments.runDue();
    await ok(issuer, "mutation ($id: UUID!) { confirmPaymentFunds(input: { id: $id }) { clientMutationId } }", {
      id: tradeId,
    });
    await t.server.payments.runDue();
    const paid = await ok<{
      distributionById: {
        paidInCapital: string;
        distributionPayments: { nodes: Array<{ amount: string; status: string }> };
      };
    }>(issuer, DISTRIBUTION, { id: emmaSeriesA });
    expect(paid.distributionById.paidInCapital).toBe("100000");
    expect(paid.distributionById.distributionPayments.nodes.map((p) => p.status).sort()).toEqual(["paid", "refunded"]);
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
      "mutation ($ids: [UUID]!) { makeTaRequestDistributionIssuances(input: { distributionIds: $ids }) { clientMutationId } }",
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
    const path = await ok<{ paymentCallbackPath: string }>(
      issuer,
      "query ($id: UUID!) { paymentCallbackPath(id: $id) }",
      { id: accounts.rows[0]?.id },
    );
    const callback = path.paymentCallbackPath;
    expect(callback).toMatch(new RegExp(`^/api/v2/payments/callback/${accounts.rows[0]?.id}/[0-9a-f]{64}$`));
    for (let i = 0; i < 2; i++) {
      const r = await t.client().fetch(callback, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tradeStatus: "SETTLED" }),
      });
      expect(r.status).toBe(202);
    }
    // the secret in the X-Ledgerline-Callback-Secret header instead of the path
    const [base, secret] = [
      callback.slice(0, callback.lastIndexOf("/")),
      callback.slice(callback.lastIndexOf("/") + 1),
    ];
    const byHeader = await t.client().fetch(base, {
      method: "POST",
      headers: { "content-type": "application/json", "x-ledgerline-callback-secret": secret },
      body: "{}",
    });
    expect(byHeader.status).toBe(202);
    const wrongHeader = await t.client().fetch(base, {
      method: "POST",
      headers: { "x-ledgerline-callback-secret": "0".repeat(64) },
      body: "{}",
    });
    expect(wrongHeader.status).toBe(404);
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
