// Payments and integrations with the client bypassed (issue 18): who may add an integration, sync the payment
// provider and map its issuer and offerings (the issuer's owners and admins; viewers read; other accounts see and
// change nothing), through GraphQL and through POST /api/v2/commands, and a refusal leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asAccount, demoClaims } from "../helpers/db.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const ids = new Map<string, string>();
const PAYMENT_INTEGRATION = "7a000000-0000-4000-8000-000000000001";
const PORTFOLIO_INTEGRATION = "7a000000-0000-4000-8000-000000000005";

beforeAll(async () => {
  t = await startTestServer({ payments: { tickMs: 0 } });
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

interface Session {
  client: TestClient;
  userId: string;
  accountId: string;
}

async function as(email: string, accountName: string): Promise<Session> {
  const client = t.client();
  const signIn = await client.signIn(email);
  expect(signIn.status).toBe(200);
  const accountId = ids.get(accountName) ?? "";
  expect((await client.selectAccount(accountId)).status).toBe(303);
  const me = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  return { client, userId: me.data?.currentUser.id ?? "", accountId };
}

const code = (r: { errors?: Array<{ extensions?: { code?: string } }> }) => r.errors?.[0]?.extensions?.code;

async function digest(): Promise<string> {
  const { rows } = await t.server.db.query<{ digest: string }>(
    `select md5(concat_ws('|',
       (select string_agg(x::text, ',' order by x.id) from app_public.account_integrations x),
       (select string_agg(x::text, ',' order by x.id) from app_public.payment_accounts x),
       (select string_agg(x::text, ',' order by x.id) from app_public.payment_issuers x),
       (select string_agg(x::text, ',' order by x.id) from app_public.payment_instruments x),
       (select string_agg(x::text, ',' order by x.id) from app_private.payment_jobs x))) as digest`,
  );
  return rows[0]?.digest ?? "";
}

const ADD = `mutation ($id: UUID!) { createAccountIntegration(input: { integrationId: $id }) {
  accountIntegration { id status currentStep } } }`;
const SYNC = `mutation ($id: UUID!) { northCapitalSync(input: { id: $id }) { paymentAccount { id syncStatus } } }`;
const MAP_ISSUER = `mutation ($id: UUID!, $issuerId: UUID) { mapPaymentIssuer(input: { id: $id, issuerId: $issuerId }) {
  paymentIssuer { id issuerId } } }`;
const MAP_INSTRUMENT = `mutation ($id: UUID!, $roundId: UUID) { mapPaymentInstrument(input: { id: $id, roundId: $roundId }) {
  paymentInstrument { id roundId } } }`;
const READ = `{ allPaymentAccounts { nodes { id provider providerName syncedOn } }
  allPaymentIssuers { nodes { id name email paymentIssuerId issuerId } }
  allPaymentInstruments { nodes { id name paymentIssuerId paymentInstrumentId roundId } } }`;

describe("payments permissions", () => {
  let owner: Session;
  let viewer: Session;
  let broker: Session;
  let investor: Session;
  let paymentAccountId = "";

  beforeAll(async () => {
    owner = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    viewer = await as("issuer-viewer@demo.test", "Northwind Renewables, Inc.");
    broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    investor = await as("investor@demo.test", "Emma Lawson");
  });

  it("lists the integrations for the account's type and lets only owners and admins add one", async () => {
    const types = async (s: Session) =>
      (
        await s.client.graphql<{ allIntegrations: { nodes: Array<{ type: string }> } }>(
          "{ allIntegrations { nodes { type } } }",
        )
      ).data?.allIntegrations.nodes.map((n) => n.type);
    expect(await types(owner)).toEqual(expect.arrayContaining(["payment", "signing", "compliance", "ledgerlineIO"]));

    const before = await digest();
    expect(code(await viewer.client.graphql(ADD, { id: PAYMENT_INTEGRATION }))).toBe("LL403");
    expect(code(await investor.client.graphql(ADD, { id: PAYMENT_INTEGRATION }))).toBe("LL404");
    expect(await digest()).toBe(before);

    const added = await owner.client.graphql<{
      createAccountIntegration: { accountIntegration: { status: string; currentStep: number } };
    }>(ADD, { id: PAYMENT_INTEGRATION });
    expect(added.errors).toBeUndefined();
    // Connect is done (the payment account exists): the current step is Sync
    expect(added.data?.createAccountIntegration.accountIntegration).toMatchObject({
      status: "in_progress",
      currentStep: 2,
    });
    const again = await owner.client.graphql(ADD, { id: PAYMENT_INTEGRATION });
    expect(again.errors?.[0]?.message).toBe("This integration is already added.");
    expect(code(again)).toBe("LL409");

    // every integration works on this server: none says "Not available on this server" any more
    const listed = await owner.client.graphql<{
      allIntegrations: { nodes: Array<{ available: boolean; unavailableReason: string | null }> };
    }>("{ allIntegrations { nodes { available unavailableReason } } }");
    expect(listed.data?.allIntegrations.nodes.length).toBeGreaterThan(0);
    expect(listed.data?.allIntegrations.nodes.every((n) => n.available && n.unavailableReason === null)).toBe(true);
    // Compliance (accreditation, 1861), LedgerlineIO and Portfolio (API keys, webhooks, downloads; 1800): one step,
    // complete at once
    for (const [who, id] of [
      [investor, PORTFOLIO_INTEGRATION],
      [owner, "7a000000-0000-4000-8000-000000000004"],
      [owner, "7a000000-0000-4000-8000-000000000003"],
    ] as const) {
      const io = await who.client.graphql<{ createAccountIntegration: { accountIntegration: { status: string } } }>(
        ADD,
        { id },
      );
      expect(io.errors).toBeUndefined();
      expect(io.data?.createAccountIntegration.accountIntegration.status).toBe("complete");
    }
    // signing is one step and says which signer the account uses (the integrations read model)
    const signing = await owner.client.graphql<{
      createAccountIntegration: { accountIntegration: { status: string } };
    }>(ADD, { id: "7a000000-0000-4000-8000-000000000002" });
    expect(signing.data?.createAccountIntegration.accountIntegration.status).toBe("complete");
    const doc = await asAccount(t.server.db, await demoClaims(t.server.db, "issuer@demo.test", "issuer"), (tx) =>
      tx.query<{ doc: { available: boolean; signingProvider: { provider: string } | null } }>(
        "select d.doc from app_private.docs_integrations(array['7a000000-0000-4000-8000-000000000002'::uuid]) d",
      ),
    );
    expect(doc.rows[0]?.doc).toMatchObject({ available: true, signingProvider: { provider: "builtin" } });
  });

  it("syncs for the owner only; viewers read; other accounts see nothing", async () => {
    const read = await owner.client.graphql<{ allPaymentAccounts: { nodes: Array<{ id: string; provider: string }> } }>(
      READ,
    );
    expect(read.data?.allPaymentAccounts.nodes).toHaveLength(1);
    expect(read.data?.allPaymentAccounts.nodes[0]?.provider).toBe("builtin");
    paymentAccountId = read.data?.allPaymentAccounts.nodes[0]?.id ?? "";

    const before = await digest();
    expect(code(await viewer.client.graphql(SYNC, { id: paymentAccountId }))).toBe("LL403");
    expect(code(await broker.client.graphql(SYNC, { id: paymentAccountId }))).toBe("LL404");
    expect(code(await investor.client.graphql(SYNC, { id: paymentAccountId }))).toBe("LL404");
    expect(await digest()).toBe(before);

    const synced = await owner.client.graphql<{ northCapitalSync: { paymentAccount: { syncStatus: string } } }>(SYNC, {
      id: paymentAccountId,
    });
    expect(synced.data?.northCapitalSync.paymentAccount.syncStatus).toBe("queued");
    await t.server.payments.runDue();

    type Read = {
      allPaymentAccounts: { nodes: Array<{ syncedOn: string | null }> };
      allPaymentIssuers: { nodes: Array<{ name: string }> };
      allPaymentInstruments: { nodes: Array<{ name: string }> };
    };
    const viewerRead = await viewer.client.graphql<Read>(READ);
    expect(viewerRead.data?.allPaymentAccounts.nodes[0]?.syncedOn).not.toBeNull();
    expect(viewerRead.data?.allPaymentIssuers.nodes.map((i) => i.name)).toEqual(["Northwind Renewables, Inc."]);
    expect(viewerRead.data?.allPaymentInstruments.nodes.map((i) => i.name)).toContain("Series A");
    for (const other of [broker, investor]) {
      const r = await other.client.graphql<Read>(READ);
      expect(r.data?.allPaymentAccounts.nodes).toEqual([]);
      expect(r.data?.allPaymentIssuers.nodes).toEqual([]);
      expect(r.data?.allPaymentInstruments.nodes).toEqual([]);
    }
  });

  it("maps the issuer and an offering for owners and admins only, to the account's own issuer and rounds", async () => {
    const read = await owner.client.graphql<{
      allPaymentIssuers: { nodes: Array<{ id: string }> };
      allPaymentInstruments: { nodes: Array<{ id: string; name: string }> };
    }>(READ);
    const issuerRow = read.data?.allPaymentIssuers.nodes[0]?.id ?? "";
    const seriesA = read.data?.allPaymentInstruments.nodes.find((i) => i.name === "Series A")?.id ?? "";
    const before = await digest();
    expect(code(await viewer.client.graphql(MAP_ISSUER, { id: issuerRow, issuerId: owner.accountId }))).toBe("LL403");
    expect(code(await broker.client.graphql(MAP_ISSUER, { id: issuerRow, issuerId: broker.accountId }))).toBe("LL404");
    expect(code(await owner.client.graphql(MAP_ISSUER, { id: issuerRow, issuerId: broker.accountId }))).toBe("LL403");
    // an offering before its issuer is mapped
    const early = await owner.client.graphql(MAP_INSTRUMENT, { id: seriesA, roundId: ids.get("Series A") });
    expect(early.errors?.[0]?.message).toBe("Map the offering's issuer to your issuer first.");
    expect(await digest()).toBe(before);

    expect(
      (await owner.client.graphql(MAP_ISSUER, { id: issuerRow, issuerId: owner.accountId })).errors,
    ).toBeUndefined();
    const mid = await digest();
    expect(code(await viewer.client.graphql(MAP_INSTRUMENT, { id: seriesA, roundId: ids.get("Series A") }))).toBe(
      "LL403",
    );
    expect(code(await owner.client.graphql(MAP_INSTRUMENT, { id: seriesA, roundId: crypto.randomUUID() }))).toBe(
      "LL404",
    );
    expect(await digest()).toBe(mid);
    const mapped = await owner.client.graphql<{ mapPaymentInstrument: { paymentInstrument: { roundId: string } } }>(
      MAP_INSTRUMENT,
      { id: seriesA, roundId: ids.get("Series A") },
    );
    expect(mapped.data?.mapPaymentInstrument.paymentInstrument.roundId).toBe(ids.get("Series A"));

    const integration = await owner.client.graphql<{
      allAccountIntegrations: { nodes: Array<{ status: string }> };
    }>(`{ allAccountIntegrations(condition: { integrationId: "${PAYMENT_INTEGRATION}" }) { nodes { status } } }`);
    expect(integration.data?.allAccountIntegrations.nodes).toEqual([{ status: "complete" }]);
  });

  it("refuses the same through POST /api/v2/commands and changes nothing", async () => {
    let seq = 0;
    const send = async (s: Session, mutation: string, variables: unknown) => {
      const response = await s.client.fetch("/api/v2/commands", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify([
          {
            key: crypto.randomUUID(),
            mutation,
            variables,
            userId: s.userId,
            accountId: s.accountId,
            createdOn: new Date().toISOString(),
            deviceId: "payments-permissions",
            seq: ++seq,
          },
        ]),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { results: Array<{ status: string; errorCode: string | null }> }).results[0];
    };
    const before = await digest();
    const refused = await send(viewer, "northCapitalSync", { input: { id: paymentAccountId } });
    expect(refused?.errorCode).toBe("LL403");
    const elsewhere = await send(broker, "northCapitalSync", { input: { id: paymentAccountId } });
    expect(elsewhere?.errorCode).toBe("LL404");
    const add = await send(viewer, "createAccountIntegration", {
      input: { integrationId: "7a000000-0000-4000-8000-000000000002" },
    });
    expect(add?.errorCode).toBe("LL403");
    expect(await digest()).toBe(before);
    const ok = await send(owner, "northCapitalSync", { input: { id: paymentAccountId } });
    expect(ok?.errorCode ?? null).toBeNull();
    expect(await digest()).not.toBe(before);
  });
});
