// The North Capital TransactAPI v3 adapter (sync/payments/north-capital.ts) against the local stand-in
// (tests/helpers/transact-api.ts): its request and answer shapes, the trade state machine and the $100,000
// externalFundMove cap, failures (bad credentials, 5xx, timeouts), and the whole payment through the server with the
// stand-in's status callback delivered twice: one paid payment, exact amounts; the investor's party and account made
// once before the first trade, an unfunded trade cancelled (cancelInvestment), callbacks refused without the payment
// account's secret and their polls rate-limited, and North Capital's own unwind applied once as a refund.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { northCapitalProvider } from "../../sync/payments/north-capital.ts";
import { ProviderError } from "../../sync/payments/provider.ts";
import { finishOtherSteps } from "../helpers/payment-step.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";
import { startTransactApiStandIn, type TransactApiStandIn } from "../helpers/transact-api.ts";

let api: TransactApiStandIn;

beforeAll(async () => {
  api = await startTransactApiStandIn();
});
afterAll(async () => {
  await api?.close();
});

/** An investor's party and account at the stand-in, linked as its owner: the account id a trade needs. */
async function investorAccount(name: string): Promise<string> {
  const nc = adapter();
  const [firstName = name, lastName = "-"] = name.split(" ");
  const setup = {
    investorId: name,
    name,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.test`,
    usCitizen: true,
    dateOfBirth: null,
    address: null,
  };
  const partyId = await nc.createParty(setup);
  const accountId = await nc.createAccount(setup);
  await nc.linkAccountOwner({ accountId, partyId });
  return accountId;
}

const adapter = (overrides: { developerAPIKey?: string; timeoutMs?: number } = {}) =>
  northCapitalProvider({
    baseUrl: api.url,
    clientID: api.clientID,
    developerAPIKey: api.developerAPIKey,
    ...overrides,
  });

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("the TransactAPI adapter against the stand-in", () => {
  it("speaks its shapes: credentials in the body, PUT to create, six decimals, MM-DD-YYYY", async () => {
    const nc = adapter();
    const issuerId = await nc.createIssuer({ name: "Acme Solar Inc", email: "cfo@acme.example" });
    const offeringId = await nc.createOffering({
      issuerId,
      name: "Acme Seed",
      unitPrice: "2.5",
      targetAmount: "500000",
      startDate: new Date("2026-01-05T00:00:00Z"),
      endDate: new Date("2026-12-31T00:00:00Z"),
    });
    const create = api.requests.find((r) => r.method === "createOffering");
    expect(create?.verb).toBe("PUT");
    expect(create?.body).toMatchObject({
      clientID: api.clientID,
      developerAPIKey: api.developerAPIKey,
      unitPrice: "2.500000",
      targetAmount: "500000.000000",
      startDate: "01-05-2026",
      endDate: "12-31-2026",
    });
    const synced = await nc.sync({ accountId: "x", name: "x", email: null, rounds: [] });
    expect(synced.issuers).toEqual([{ paymentIssuerId: issuerId, name: "Acme Solar Inc", email: "cfo@acme.example" }]);
    expect(synced.offerings).toEqual([
      {
        paymentInstrumentId: offeringId,
        paymentIssuerId: issuerId,
        name: "Acme Seed",
        status: "Approved",
        unitPrice: "2.5",
      },
    ]);

    const a1 = await investorAccount("Ann One");
    const trade = await nc.createTrade({ offeringId, investorRef: a1, units: "10", amount: "25", reference: "r1" });
    expect(trade).toEqual({ tradeId: trade.tradeId, offeringId, amount: "25", status: "CREATED" });
    expect(api.requests.at(-1)).toMatchObject({
      method: "createTrade",
      verb: "POST",
      body: { transactionUnits: "10.000000" },
    });
    // the same reference is the same trade (a retried request)
    expect(
      (await nc.createTrade({ offeringId, investorRef: a1, units: "10", amount: "25", reference: "r1" })).tradeId,
    ).toBe(trade.tradeId);
  });

  it("follows the trade state machine, the fund-move cap and closeOffering's rule", async () => {
    const nc = adapter();
    const issuerId = await nc.createIssuer({ name: "Big Raise Co", email: "ir@big.example" });
    const offeringId = await nc.createOffering({
      issuerId,
      name: "Big",
      unitPrice: "1",
      targetAmount: "1000000",
      startDate: new Date("2026-01-01T00:00:00Z"),
      endDate: new Date("2026-12-31T00:00:00Z"),
    });
    const a2 = await investorAccount("Bo Two");
    const a3 = await investorAccount("Cy Three");
    const big = await nc.createTrade({
      offeringId,
      investorRef: a2,
      units: "100000.01",
      amount: "100000.01",
      reference: "big",
    });
    const capped = await providerError(nc.fundTrade({ ...big, investorRef: a2 }));
    expect(capped.kind).toBe("refused");
    expect(capped.message).toContain("$100,000");
    expect(api.trades.get(big.tradeId)?.tradeStatus).toBe("CREATED");
    const early = await providerError(nc.settleTrade({ tradeId: big.tradeId, investorRef: a2 }));
    expect(early.message).toBe("Trade status cannot change from CREATED to SETTLED");
    const close = await providerError(nc.closeOffering(offeringId));
    expect(close.message).toContain("settled or cancelled");

    const fits = await nc.createTrade({
      offeringId,
      investorRef: a3,
      units: "100000",
      amount: "100000",
      reference: "fits",
    });
    await nc.fundTrade({ ...fits, investorRef: a3 });
    await nc.settleTrade({ tradeId: fits.tradeId, investorRef: a3 });
    await nc.cancelInvestment({ tradeId: big.tradeId, investorRef: a2 });
    expect((await nc.trades(offeringId)).map((t) => [t.amount, t.status])).toEqual([
      ["100000.01", "CANCELLED"],
      ["100000", "SETTLED"],
    ]);
    await nc.closeOffering(offeringId);
  });

  it("makes an investor's party and account with TransactAPI's shapes, and refuses a trade without them", async () => {
    const nc = adapter();
    const issuerId = await nc.createIssuer({ name: "Party Test Co", email: "ir@party.example" });
    const offeringId = await nc.createOffering({
      issuerId,
      name: "Party Test",
      unitPrice: "1",
      targetAmount: "1000",
      startDate: new Date("2026-01-01T00:00:00Z"),
      endDate: new Date("2026-12-31T00:00:00Z"),
    });
    const setup = {
      investorId: "inv-1",
      name: "Dana Four",
      firstName: "Dana",
      lastName: "Four",
      email: "dana@example.test",
      usCitizen: false,
      dateOfBirth: "1980-02-03",
      address: { line1: "1 Main St", city: "Austin", state: "TX", zip: "78701", country: "US" },
    };
    const partyId = await nc.createParty(setup);
    expect(api.requests.at(-1)).toMatchObject({
      method: "createParty",
      verb: "PUT",
      body: { domicile: "non-resident", firstName: "Dana", lastName: "Four", dob: "02-03-1980", primState: "TX" },
    });
    const accountId = await nc.createAccount(setup);
    expect(api.requests.at(-1)).toMatchObject({ method: "createAccount", verb: "PUT", body: { type: "Individual" } });
    // an account with no owner party linked cannot trade
    const unlinked = await providerError(
      nc.createTrade({ offeringId, investorRef: accountId, units: "1", amount: "1", reference: "p1" }),
    );
    expect(unlinked.kind).toBe("refused");
    expect((await providerError(nc.linkAccountOwner({ accountId, partyId: "P0" }))).kind).toBe("not_found");
    await nc.linkAccountOwner({ accountId, partyId });
    expect(api.requests.at(-1)).toMatchObject({
      method: "createLink",
      verb: "PUT",
      body: { firstEntryType: "Account", relatedEntryType: "IndivACParty", linkType: "owner" },
    });
    expect(api.accounts.get(accountId)?.ownerPartyId).toBe(partyId);
    const trade = await nc.createTrade({
      offeringId,
      investorRef: accountId,
      units: "1",
      amount: "1",
      reference: "p1",
    });
    expect(trade.status).toBe("CREATED");
    // a party without its required fields is refused with the provider's reason
    const missing = await providerError(nc.createParty({ ...setup, email: null }));
    expect(missing.message).toBe("Data/parameter missing: emailAddress");
  });

  it("tells bad credentials, 5xx and timeouts apart", async () => {
    expect(
      (
        await providerError(
          adapter({ developerAPIKey: "wrong" }).sync({ accountId: "", name: "", email: null, rounds: [] }),
        )
      ).kind,
    ).toBe("auth");
    api.failNext(1, "5xx");
    const down = await providerError(adapter().trades("1"));
    expect(down.kind).toBe("unavailable");
    expect(down.message).toContain("HTTP 503");
    api.failNext(1, "timeout");
    const slow = await providerError(adapter({ timeoutMs: 300 }).trades("1"));
    expect(slow.kind).toBe("unavailable");
    expect(slow.message).toContain("did not answer");
  });
});

describe("a payment through the server with North Capital", () => {
  let t: TestServer;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestServer({
      payments: {
        tickMs: 0,
        backoffMs: () => 0,
        provider: northCapitalProvider({
          baseUrl: api.url,
          clientID: api.clientID,
          developerAPIKey: api.developerAPIKey,
        }),
      },
    });
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

  it("syncs, maps, trades and applies the duplicated callback once", async () => {
    // the issuer's books at North Capital: its issuer and the Series A offering at the round's price
    const nc = adapter();
    const issuerId = await nc.createIssuer({ name: "Northwind Renewables NC", email: "ir@northwind.example" });
    await nc.createOffering({
      issuerId,
      name: "Northwind Series A (NC)",
      unitPrice: "1.25",
      targetAmount: "5000000",
      startDate: new Date("2025-09-01T00:00:00Z"),
      endDate: new Date("2026-12-31T00:00:00Z"),
    });

    const issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    await ok(
      issuer,
      `mutation { createAccountIntegration(input: { integrationId: "7a000000-0000-4000-8000-000000000001" }) { clientMutationId } }`,
    );
    const account = await ok<{
      allPaymentAccounts: { nodes: Array<{ id: string; provider: string; providerName: string }> };
    }>(issuer, "{ allPaymentAccounts { nodes { id provider providerName } } }");
    const paymentAccount = account.allPaymentAccounts.nodes[0];
    expect(paymentAccount).toMatchObject({ provider: "north-capital", providerName: "North Capital" });
    await ok(issuer, "mutation ($id: UUID!) { northCapitalSync(input: { id: $id }) { clientMutationId } }", {
      id: paymentAccount?.id,
    });
    await t.server.payments.runDue();
    const synced = await ok<{
      allPaymentIssuers: { nodes: Array<{ id: string; paymentIssuerId: string }> };
      allPaymentInstruments: { nodes: Array<{ id: string; name: string }> };
    }>(issuer, "{ allPaymentIssuers { nodes { id paymentIssuerId } } allPaymentInstruments { nodes { id name } } }");
    const row = synced.allPaymentIssuers.nodes.find((i) => i.paymentIssuerId === issuerId);
    await ok(
      issuer,
      "mutation ($id: UUID!, $issuerId: UUID) { mapPaymentIssuer(input: { id: $id, issuerId: $issuerId }) { clientMutationId } }",
      {
        id: row?.id,
        issuerId: ids.get("Northwind Renewables, Inc."),
      },
    );
    await ok(
      issuer,
      "mutation ($id: UUID!, $roundId: UUID) { mapPaymentInstrument(input: { id: $id, roundId: $roundId }) { clientMutationId } }",
      {
        id: synced.allPaymentInstruments.nodes.find((i) => i.name === "Northwind Series A (NC)")?.id,
        roundId: ids.get("Series A"),
      },
    );

    const emma = await as("investor@demo.test", "Emma Lawson");
    const { rows } = await t.server.db.query<{ id: string }>(
      `select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
       where al.name = 'Series A Direct' and d.name = 'Emma Lawson'`,
    );
    const distributionId = rows[0]?.id ?? "";
    // the payment is the last step of Emma's onboarding (the mapping added it)
    await finishOtherSteps(t.server.db, distributionId);
    const TRADE = "mutation ($d: UUID!) { createPaymentTrade(input: { distributionId: $d }) { paymentTrade { id } } }";
    const first = await ok<{ createPaymentTrade: { paymentTrade: { id: string } } }>(emma, TRADE, {
      d: distributionId,
    });
    // the provider is down for the first attempt (createParty): queued and retried
    api.failNext(1, "5xx");
    await t.server.payments.runDue();
    await t.server.db.query("update app_private.payment_jobs set next_attempt_on = now() where status = 'queued'");
    await t.server.payments.runDue();
    // Emma's party and account at North Capital, linked as its owner; the trade is on that account
    const emmaParty = () => api.requests.filter((r) => r.method === "createParty" && r.body.lastName === "Lawson");
    expect(emmaParty().map((r) => r.body)).toEqual([
      expect.objectContaining({ firstName: "Emma", lastName: "Lawson", emailAddress: expect.any(String) }),
      expect.objectContaining({ firstName: "Emma", lastName: "Lawson" }),
    ]); // the 503 attempt and the one that worked
    const emmaParties = [...api.parties.values()].filter((p) => p.lastName === "Lawson");
    expect(emmaParties).toHaveLength(1);
    const emmaAccount = [...api.accounts.values()].find((a) => a.ownerPartyId === emmaParties[0]?.partyId);
    const cancelled = [...api.trades.values()].find((x) => x.accountId === emmaAccount?.accountId);
    expect(cancelled?.tradeStatus).toBe("CREATED");

    // the issuer cancels it while unfunded: cancelInvestment at North Capital, the step open again
    await ok(issuer, "mutation ($id: UUID!) { cancelPaymentTrade(input: { id: $id }) { clientMutationId } }", {
      id: first.createPaymentTrade.paymentTrade.id,
    });
    await t.server.payments.runDue();
    expect(api.requests.at(-1)).toMatchObject({ method: "cancelInvestment", body: { tradeId: cancelled?.tradeId } });
    expect(cancelled?.tradeStatus).toBe("CANCELLED");
    const stepAfterCancel = await t.server.db.query<{ status: string }>(
      `select s.status from app_public.steps s join app_public.processes p on p.id = s.process_id
       where p.distribution_id = $1 and s.type = 'payment'`,
      [distributionId],
    );
    expect(stepAfterCancel.rows).toEqual([{ status: "in_progress" }]);

    // she pays again: the same account, no second party
    await ok(emma, TRADE, { d: distributionId });
    await t.server.payments.runDue();
    expect(emmaParty()).toHaveLength(2);
    const trade = [...api.trades.values()].find(
      (x) => x.accountId === emmaAccount?.accountId && x.tradeStatus === "CREATED",
    );
    expect(trade?.totalAmount).toBe(100_000_000_000n); // micros: 80,000 units x 1.25

    // the callback needs the payment account's secret: without it, 404 and no poll
    const polls = async () =>
      (
        await t.server.db.query<{ n: number }>(
          "select count(*)::int as n from app_private.payment_jobs where kind = 'poll' and status = 'queued'",
        )
      ).rows[0]?.n;
    const before = await polls();
    for (const path of [`${paymentAccount?.id}`, `${paymentAccount?.id}/${"0".repeat(64)}`]) {
      const r = await t.client().fetch(`/api/v2/payments/callback/${path}`, { method: "POST", body: "{}" });
      expect(r.status).toBe(404);
    }
    expect(await polls()).toBe(before);
    const { paymentCallbackPath } = await ok<{ paymentCallbackPath: string }>(
      issuer,
      "query ($id: UUID!) { paymentCallbackPath(id: $id) }",
      { id: paymentAccount?.id },
    );

    // North Capital's back office moves the trade and calls back, each time twice
    api.callbackUrl = `${t.url}${paymentCallbackPath}`;
    api.duplicateCallbacks = true;
    await api.setTradeStatus(trade?.tradeId ?? "", "FUNDED");
    await t.server.payments.runDue();
    await api.setTradeStatus(trade?.tradeId ?? "", "SETTLED");
    await t.server.payments.runDue();
    // polls are rate-limited per account (one per 10 s): the later callbacks share one poll, not due yet (the 30 s
    // poll of open trades is queued besides)
    const later = await t.server.db.query<{ n: number }>(
      `select count(*)::int as n from app_private.payment_jobs
       where kind = 'poll' and status = 'queued' and next_attempt_on > now()
         and next_attempt_on <= now() + interval '11 seconds'`,
    );
    expect(later.rows).toEqual([{ n: 1 }]);
    const settledYet = await t.server.db.query(
      "select status from app_public.payment_trades where distribution_id = $1 and status = 'SETTLED'",
      [distributionId],
    );
    expect(settledYet.rows).toEqual([]);
    await t.server.db.query("update app_private.payment_jobs set next_attempt_on = now() where status = 'queued'");
    await t.server.payments.runDue();

    const d = await ok<{
      distributionById: {
        paidInCapital: string;
        distributionPayments: { nodes: Array<{ amount: string; status: string }> };
      };
    }>(
      issuer,
      "query ($id: UUID!) { distributionById(id: $id) { paidInCapital distributionPayments { nodes { amount status } } } }",
      {
        id: distributionId,
      },
    );
    expect(d.distributionById.distributionPayments.nodes).toEqual([{ amount: "100000", status: "paid" }]);
    expect(d.distributionById.paidInCapital).toBe("100000");
    const events = await t.server.db.query<{ status: string }>(
      "select e.status from app_private.payment_events e order by e.applied_on, e.status",
    );
    expect(events.rows.map((e) => e.status)).toEqual(["CREATED", "CANCELLED", "CREATED", "FUNDED", "SETTLED"]);
    // the payment step is complete: Emma's process is, and the distribution is closed, ready to issue
    const closed = await t.server.db.query("select status from app_public.distributions where id = $1", [
      distributionId,
    ]);
    expect(closed.rows).toEqual([{ status: "closed" }]);

    // North Capital unwinds the settled trade itself (the issuer cannot ask it here): its callbacks bring the refund,
    // applied once, out of paid-in capital
    const settled = await t.server.db.query<{ id: string }>(
      "select id from app_public.payment_trades where distribution_id = $1 and status = 'SETTLED'",
      [distributionId],
    );
    const unwind = await issuer.graphql(
      "mutation ($id: UUID!) { unwindPaymentTrade(input: { id: $id }) { clientMutationId } }",
      {
        id: settled.rows[0]?.id,
      },
    );
    expect(unwind.errors?.[0]?.message).toBe("The provider reports its refunds itself.");
    await api.setTradeStatus(trade?.tradeId ?? "", "UNWIND PENDING");
    await api.setTradeStatus(trade?.tradeId ?? "", "UNWIND SETTLED");
    await t.server.db.query("update app_private.payment_jobs set next_attempt_on = now() where status = 'queued'");
    await t.server.payments.runDue();
    const refunded = await ok<{
      distributionById: {
        paidInCapital: string;
        distributionPayments: { nodes: Array<{ amount: string; status: string }> };
      };
    }>(
      issuer,
      "query ($id: UUID!) { distributionById(id: $id) { paidInCapital distributionPayments { nodes { amount status } } } }",
      { id: distributionId },
    );
    expect(refunded.distributionById.distributionPayments.nodes).toEqual([{ amount: "100000", status: "refunded" }]);
    expect(refunded.distributionById.paidInCapital).toBe("0");
    const unwound = await t.server.db.query<{ status: string }>(
      "select status from app_private.payment_events where trade_id = $1 and status like 'UNWIND%' order by applied_on",
      [settled.rows[0]?.id],
    );
    expect(unwound.rows.map((e) => e.status).at(-1)).toBe("UNWIND SETTLED");
    expect(new Set(unwound.rows.map((e) => e.status)).size).toBe(unwound.rows.length);
  });
});
