// The spec's calls and fields that were missing (issue 35, items 3 and 4), through GraphQL as each account would ask
// them: createAllocationsVestingSchedule / updateAllocationsVestingScheduleById, allVendorAgents (VendorAgent) and
// makeAllocationOfferingLink's agentId, Step.dynamicData, Token.asset and issuer, Contract's custodian and
// issuance-platform integrations, LedgerEntry.blockchainAddress (address, chain, linked account names), cap-table
// entries' ledgers with the transaction's block number and linked accounts, vesting events and the current period,
// createDistributionPrice's currency, makeAnnotations' 'Unsupported type supplied to annotation from.', and removing
// an investor from a distribution (deleteDistributionById) through GraphQL and POST /api/v2/commands: allowed while
// nothing was issued or paid, everything of it gone at once; refused with the reason otherwise, nothing touched.
// Each field reads as the caller: another issuer and an investor get nothing they may not see.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../src/domain/wire.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

let t: TestServer;
let issuer: SignedIn;
let investor: SignedIn;
let viewer: SignedIn;
let cascade: SignedIn;
let agentId: string;
let allocationId: string;

const CASCADE_EMAIL = "owner@cascade.spec-calls.test";

async function one<T>(sql: string, values: unknown[] = []): Promise<T> {
  const { rows } = await t.server.db.query<T>(sql, values);
  if (!rows[0]) throw new Error(`no row: ${sql}`);
  return rows[0];
}

async function count(sql: string, values: unknown[] = []): Promise<number> {
  return Number((await one<{ n: number }>(sql, values)).n);
}

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
  investor = await signInAs(t.client(), "investor@demo.test", "investor");
  viewer = await signInAs(t.client(), "issuer-viewer@demo.test", "issuer");
  // The demo's second issuer has no user: an owner for it, with the demo password's hash and the terms accepted.
  await t.server.db.query(
    `with u as (insert into app_public.users (first_name, last_name) values ('Cara', 'Cascade') returning id),
     e as (insert into app_public.user_emails (user_id, email, is_primary, is_verified) select id, $1, true, true from u),
     s as (insert into app_private.user_secrets (user_id, password_hash)
             select u.id, x.password_hash from u, app_private.user_secrets x
              join app_public.user_emails ie on ie.user_id = x.user_id and ie.email = 'issuer@demo.test'),
     ta as (insert into app_public.terms_acceptances (terms_id, user_id)
              select tos.id, u.id from u, app_public.terms_of_service tos where tos.active)
     insert into app_public.users_accounts (user_id, account_id, role)
       select u.id, a.id, 'account_owner' from u, app_public.accounts a where a.slug = 'cascade-biotech'`,
    [CASCADE_EMAIL],
  );
  cascade = await signInAs(t.client(), CASCADE_EMAIL, "issuer");
  agentId = (await one<{ id: string }>("select id from app_public.accounts where type = 'agent' order by created_on"))
    .id;
  allocationId = (
    await one<{ id: string }>(
      `select al.id from app_public.allocations al
        where al.owner_id = $1 and al.status in ('open', 'active')
          and not exists (select 1 from app_public.vesting_schedules v where v.allocation_id = al.id)
        order by al.created_on limit 1`,
      [issuer.accountId],
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe("the spec's names are in the API", () => {
  it("offers each call and field under the spec's name", async () => {
    const answer = await issuer.client.graphql<{
      __schema: {
        types: Array<{
          name: string;
          fields: Array<{ name: string }> | null;
          inputFields: Array<{ name: string }> | null;
        }>;
      };
    }>("{ __schema { types { name fields { name } inputFields { name } } } }");
    const fields = new Map(
      (answer.data?.__schema.types ?? []).map((type) => [
        type.name,
        new Set([...(type.fields ?? []), ...(type.inputFields ?? [])].map((field) => field.name)),
      ]),
    );
    const expected: Record<string, string[]> = {
      Mutation: [
        "createAllocationsVestingSchedule",
        "updateAllocationsVestingScheduleById",
        "makeAllocationOfferingLink",
        "createDistributionPrice",
        "deleteDistributionById",
        "makeAnnotations",
      ],
      Query: ["allVendorAgents"],
      VendorAgent: ["id", "name", "email"],
      Step: ["dynamicData"],
      Token: ["asset", "issuer", "round"],
      Contract: ["custodianIntegration", "issuancePlatformIntegration"],
      LedgerEntry: ["blockchainAddress"],
      BlockchainAddress: ["address", "chain", "linkedAccountNames", "linkedAccounts"],
      CapTableEntry: ["ledgers", "linkedAccounts", "blockchainAddress"],
      Transaction: ["chainData", "blockNumber"],
      VestingSchedule: ["currentPeriod", "vestingEvents"],
      VestingEvent: ["startPeriod", "endPeriod"],
      MakeAllocationOfferingLinkInput: ["agentId"],
      DistributionPriceInput: ["currency"],
    };
    const missing = Object.entries(expected).flatMap(([type, names]) =>
      names.filter((name) => !fields.get(type)?.has(name)).map((name) => `${type}.${name}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("vesting schedules of an allocation", () => {
  it("creates and updates an allocation's schedule by the spec's names, with its periods and the current one", async () => {
    const id = randomUUID();
    const startsOn = new Date(Date.now() - 95 * 86_400_000).toISOString();
    const created = await issuer.client.graphql<{
      createAllocationsVestingSchedule: { vestingSchedule: { id: string; allocationId: string; periods: number } };
    }>(
      `mutation ($input: CreateVestingScheduleInput!) {
         createAllocationsVestingSchedule(input: $input) { vestingSchedule { id allocationId periods } } }`,
      { input: { vestingSchedule: { id, allocationId, cliff: 1, periods: 12, duration: "month", startsOn } } },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createAllocationsVestingSchedule.vestingSchedule).toEqual({ id, allocationId, periods: 12 });

    const updated = await issuer.client.graphql<{
      updateAllocationsVestingScheduleById: { vestingSchedule: { periods: number } };
    }>(
      `mutation { updateAllocationsVestingScheduleById(input: {id: "${id}", patch: {periods: 6}}) {
         vestingSchedule { periods } } }`,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updateAllocationsVestingScheduleById.vestingSchedule.periods).toBe(6);

    const read = await issuer.client.graphql<{
      allocationById: {
        vestingSchedule: {
          currentPeriod: number;
          vestingEvents: { nodes: Array<{ period: number; startPeriod: string; endPeriod: string; vested: boolean }> };
        };
      };
    }>(
      `{ allocationById(id: "${allocationId}") { vestingSchedule { currentPeriod
           vestingEvents { nodes { period startPeriod endPeriod vested } } } } }`,
    );
    expect(read.errors).toBeUndefined();
    const schedule = read.data?.allocationById.vestingSchedule;
    const events = schedule?.vestingEvents.nodes ?? [];
    expect(events.map((event) => event.period)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Date(events[0]?.startPeriod ?? 0).getTime()).toBe(new Date(startsOn).getTime());
    for (const [i, event] of events.entries()) {
      if (i > 0) expect(event.startPeriod).toBe(events[i - 1]?.endPeriod);
      expect(new Date(event.endPeriod).getTime()).toBeGreaterThan(new Date(event.startPeriod).getTime());
    }
    // 95 days after the start: three whole months have ended.
    expect(schedule?.currentPeriod).toBe(3);
    expect(events.filter((event) => event.vested).length).toBe(3);
  });

  it("refuses another issuer's and an investor's schedule writes", async () => {
    const other = await one<{ id: string }>(
      `select al.id from app_public.allocations al
        where al.owner_id = $1 and not exists (select 1 from app_public.vesting_schedules v where v.allocation_id = al.id)
        limit 1`,
      [issuer.accountId],
    );
    for (const who of [cascade, investor, viewer]) {
      const answer = await who.client.graphql(
        `mutation ($input: CreateVestingScheduleInput!) { createAllocationsVestingSchedule(input: $input) { vestingSchedule { id } } }`,
        {
          input: {
            vestingSchedule: { allocationId: other.id, cliff: 1, periods: 4, startsOn: new Date().toISOString() },
          },
        },
      );
      expect(answer.errors?.[0]?.extensions?.code, who.accountType).toBe("LL403");
    }
    expect(
      await count("select count(*)::int as n from app_public.vesting_schedules where allocation_id = $1", [other.id]),
    ).toBe(0);
  });
});

describe("vendor agents and offering links by agent id", () => {
  it("lists the agent accounts to a vendor and none to an investor", async () => {
    const query = "{ allVendorAgents { nodes { id name email } } }";
    const seen = await issuer.client.graphql<{ allVendorAgents: { nodes: Array<{ id: string; email: string }> } }>(
      query,
    );
    expect(seen.errors).toBeUndefined();
    expect(seen.data?.allVendorAgents.nodes.map((node) => node.id)).toContain(agentId);
    expect(seen.data?.allVendorAgents.nodes.every((node) => node.email)).toBe(true);
    const none = await investor.client.graphql<{ allVendorAgents: { nodes: unknown[] } }>(query);
    expect(none.errors).toBeUndefined();
    expect(none.data?.allVendorAgents.nodes).toEqual([]);
  });

  it("makes an offering link naming the agent by its id, and refuses an id that is no agent", async () => {
    const id = randomUUID();
    const made = await issuer.client.graphql<{
      makeAllocationOfferingLink: { allocationOfferingLink: { id: string; agent: { id: string; name: string } } };
    }>(
      `mutation ($input: MakeAllocationOfferingLinkInput!) {
         makeAllocationOfferingLink(input: $input) { allocationOfferingLink { id agent { id name } } } }`,
      { input: { allocationId, name: "Spec link", agentId, id } },
    );
    expect(made.errors).toBeUndefined();
    expect(made.data?.makeAllocationOfferingLink.allocationOfferingLink.agent.id).toBe(agentId);
    const wrong = await issuer.client.graphql(
      `mutation ($input: MakeAllocationOfferingLinkInput!) { makeAllocationOfferingLink(input: $input) { clientMutationId } }`,
      { input: { allocationId, name: "Spec link 2", agentId: investor.accountId } },
    );
    expect(wrong.errors?.[0]).toMatchObject({
      message: "No agent account has this id.",
      extensions: { code: "LL422" },
    });
    const other = await cascade.client.graphql(
      `mutation ($input: MakeAllocationOfferingLinkInput!) { makeAllocationOfferingLink(input: $input) { clientMutationId } }`,
      { input: { allocationId, name: "Not mine", agentId } },
    );
    expect(other.errors?.[0]?.extensions?.code).toBe("LL403");
  });
});

describe("a step's dynamic data", () => {
  it("tells the investor's current step's title, that it is current and the retries left", async () => {
    const answer = await investor.client.graphql<{
      allProcesses: {
        nodes: Array<{
          currentStep: {
            id: string;
            retryLimit: number;
            retryCount: number;
            dynamicData: Record<string, unknown>;
          } | null;
        }>;
      };
    }>("{ allProcesses { nodes { currentStep { id retryLimit retryCount dynamicData } } } }");
    expect(answer.errors).toBeUndefined();
    const steps = (answer.data?.allProcesses.nodes ?? []).flatMap((node) =>
      node.currentStep ? [node.currentStep] : [],
    );
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(step.dynamicData).toMatchObject({ current: true, retriesLeft: step.retryLimit - step.retryCount });
      expect(typeof step.dynamicData.title).toBe("string");
    }
    const other = await cascade.client.graphql<{ allSteps: { nodes: unknown[] } }>(
      "{ allSteps { nodes { dynamicData } } }",
    );
    expect(other.data?.allSteps.nodes).toEqual([]);
  });
});

describe("tokens, contracts, ledger entries and cap-table entries", () => {
  let entryId: string;
  let transactionId: string;
  let address: string;

  beforeAll(async () => {
    // The demo's ledger entries carry no address or token: one of Emma's minted balances gets an entry of its own,
    // in a transaction the chain reports at block 4242; the Kim Family Trust's holding is registered at the same
    // address too, so the address links an account Emma may not see.
    const cap = await one<{
      token_id: string;
      investor_id: string;
      blockchain_address_id: string;
      round_id: string;
      address: string;
    }>(
      `select e.token_id, e.investor_id, e.blockchain_address_id, t.round_id, b.address
         from app_public.cap_table_entries e join app_public.tokens t on t.id = e.token_id
         join app_public.blockchain_addresses b on b.id = e.blockchain_address_id
        where e.investor_id = $1 and e.amount > 0 order by t.name limit 1`,
      [investor.accountId],
    );
    address = cap.address;
    const holding = await one<{ id: string; issuer_id: string }>(
      `select h.id, a.issuer_id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
         join app_public.assets a on a.id = r.asset_id where h.investor_id = $1 and h.round_id = $2 limit 1`,
      [cap.investor_id, cap.round_id],
    );
    transactionId = randomUUID();
    entryId = randomUUID();
    await t.server.db.query(
      `insert into app_public.transactions (id, issuer_id, round_id, chain_data) values ($1, $2, $3, '{"block_number": 4242}')`,
      [transactionId, holding.issuer_id, cap.round_id],
    );
    await t.server.db.query(
      `insert into app_public.ledger_entries (id, transaction_id, holding_id, investor_id, amount, token_id, blockchain_address_id)
       values ($1, $2, $3, $4, 1, $5, $6)`,
      [entryId, transactionId, holding.id, cap.investor_id, cap.token_id, cap.blockchain_address_id],
    );
    await t.server.db.query(
      `insert into app_public.holding_blockchain_addresses (holding_id, blockchain_address_id, status, chain)
       select h.id, $1, 'trade', b.chain from app_public.holdings h, app_public.blockchain_addresses b
        where b.id = $1 and h.investor_id = (select id from app_public.accounts where name = 'Kim Family Trust')
        order by h.created_on limit 1`,
      [cap.blockchain_address_id],
    );
  });

  const entryQuery = (
    id: string,
  ) => `{ ledgerEntryById(id: "${id}") { id blockchainAddress { address chain linkedAccountNames }
      transaction { blockNumber chainData } } }`;

  it("gives a ledger entry's address with the linked account names the caller may see", async () => {
    const seen = await issuer.client.graphql<{
      ledgerEntryById: {
        blockchainAddress: { address: string; chain: string; linkedAccountNames: string[] };
        transaction: { blockNumber: string; chainData: Record<string, unknown> };
      };
    }>(entryQuery(entryId));
    expect(seen.errors).toBeUndefined();
    const entry = seen.data?.ledgerEntryById;
    expect(entry?.blockchainAddress.address).toBe(address);
    expect(entry?.blockchainAddress.chain).toBeTruthy();
    expect(entry?.blockchainAddress.linkedAccountNames).toEqual(["Emma Lawson", "Kim Family Trust"]);
    expect(String(entry?.transaction.blockNumber)).toBe("4242");

    const own = await investor.client.graphql<{
      ledgerEntryById: { blockchainAddress: { linkedAccountNames: string[] } };
    }>(entryQuery(entryId));
    expect(own.errors).toBeUndefined();
    expect(own.data?.ledgerEntryById.blockchainAddress.linkedAccountNames).toEqual(["Emma Lawson"]);

    const other = await cascade.client.graphql<{ ledgerEntryById: unknown }>(entryQuery(entryId));
    expect(other.data?.ledgerEntryById ?? null).toBeNull();
  });

  it("gives a token's asset and issuer, its contracts' integrations, its cap table's ledgers and linked accounts", async () => {
    const query = `{ allTokens { nodes { id asset { id name } issuer { id name } round { assetId }
        contracts { nodes { status custodianIntegration { id } issuancePlatformIntegration { id } } }
        capTableEntries { nodes { investorId amount blockchainAddress { address chain }
          ledgers { nodes { id amount transaction { blockNumber chainData } } } linkedAccounts { nodes { name } } } } } } }`;
    type Answer = {
      allTokens: {
        nodes: Array<{
          asset: { id: string } | null;
          issuer: { id: string; name: string } | null;
          round: { assetId: string } | null;
          contracts: { nodes: Array<{ custodianIntegration: unknown; issuancePlatformIntegration: unknown }> };
          capTableEntries: {
            nodes: Array<{
              investorId: string;
              ledgers: { nodes: Array<{ id: string; transaction: { blockNumber: string | null } }> };
              linkedAccounts: { nodes: Array<{ name: string }> };
            }>;
          };
        }>;
      };
    };
    const seen = await issuer.client.graphql<Answer>(query);
    expect(seen.errors).toBeUndefined();
    const tokens = seen.data?.allTokens.nodes ?? [];
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      expect(token.asset?.id).toBe(token.round?.assetId);
      expect(token.issuer?.id).toBe(issuer.accountId);
      for (const contract of token.contracts.nodes) {
        expect(contract.custodianIntegration).toBeNull();
        expect(contract.issuancePlatformIntegration).toBeNull();
      }
    }
    const entries = tokens.flatMap((token) => token.capTableEntries.nodes);
    const withOurs = entries.find((entry) => entry.ledgers.nodes.some((ledger) => ledger.id === entryId));
    expect(withOurs).toBeDefined();
    expect(withOurs?.ledgers.nodes.find((ledger) => ledger.id === entryId)?.transaction.blockNumber).toBe("4242");
    expect(withOurs?.linkedAccounts.nodes.map((account) => account.name)).toEqual(["Emma Lawson", "Kim Family Trust"]);

    const own = await investor.client.graphql<Answer>(query);
    expect(own.errors).toBeUndefined();
    const ownEntries = (own.data?.allTokens.nodes ?? []).flatMap((token) => token.capTableEntries.nodes);
    expect(ownEntries.length).toBeGreaterThan(0);
    for (const entry of ownEntries) {
      expect(entry.investorId).toBe(investor.accountId);
      expect(entry.linkedAccounts.nodes.map((account) => account.name)).not.toContain("Kim Family Trust");
    }

    const other = await cascade.client.graphql<Answer>(query);
    expect(other.errors).toBeUndefined();
    expect(other.data?.allTokens.nodes).toEqual([]);
  });
});

// ---- distributions: a price by currency, notes by type, removing an investor ----

async function makeDistribution(who: SignedIn, tag: string): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const name = `Spec ${tag} ${id.slice(0, 6)}`;
  const answer = await who.client.graphql(
    `mutation ($input: MakeDistributionInput!) { makeDistribution(input: $input) { clientMutationId } }`,
    { input: { id, allocationId, accountEmail: `${tag}-${id.slice(0, 8)}@spec-calls.test`, amount: "100", name } },
  );
  expect(answer.errors).toBeUndefined();
  return { id, name };
}

const DELETE = `mutation ($id: UUID!) { deleteDistributionById(input: {id: $id}) { distribution { id } } }`;

async function childRows(distributionId: string): Promise<number> {
  return count(
    `select ((select count(*) from app_public.distributions where id = $1)
           + (select count(*) from app_public.distribution_prices where distribution_id = $1)
           + (select count(*) from app_public.distribution_payments where distribution_id = $1)
           + (select count(*) from app_public.distribution_annotations where distribution_id = $1)
           + (select count(*) from app_public.distribution_custom_fields where distribution_id = $1)
           + (select count(*) from app_public.vesting_schedules where distribution_id = $1)
           + (select count(*) from app_public.processes where distribution_id = $1))::int as n`,
    [distributionId],
  );
}

describe("a distribution's price by currency and notes by type", () => {
  it("takes createDistributionPrice's currency (the currency's id)", async () => {
    const distribution = await makeDistribution(issuer, "price");
    // makeDistribution set the round's price in USD: taken away, so the spec's call sets it again.
    await t.server.db.query("delete from app_public.distribution_prices where distribution_id = $1", [distribution.id]);
    const answer = await issuer.client.graphql<{
      createDistributionPrice: { distributionPrice: { price: string; currency: { code: string } } };
    }>(
      `mutation ($input: CreateDistributionPriceInput!) {
         createDistributionPrice(input: $input) { distributionPrice { price currency { code } } } }`,
      { input: { distributionPrice: { distributionId: distribution.id, price: "2.5", currency: 1 } } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.createDistributionPrice.distributionPrice).toEqual({ price: "2.5", currency: { code: "USD" } });
  });

  it("refuses an annotation type it does not know with the spec's text", async () => {
    const distribution = await makeDistribution(issuer, "note");
    const make = (type: string) =>
      issuer.client.graphql<{ makeAnnotations: { uuids: string[] } }>(
        `mutation ($input: MakeAnnotationsInput!) { makeAnnotations(input: $input) { uuids } }`,
        { input: { type, parentIds: [distribution.id], annotation: "Called the investor" } },
      );
    const refused = await make("round");
    expect(refused.errors?.[0]).toMatchObject({
      message: "Unsupported type supplied to annotation from.",
      extensions: { code: "LL422" },
    });
    const made = await make("distribution");
    expect(made.errors).toBeUndefined();
    expect(made.data?.makeAnnotations.uuids).toHaveLength(1);
    expect(
      await count("select count(*)::int as n from app_public.distribution_annotations where distribution_id = $1", [
        distribution.id,
      ]),
    ).toBe(1);
  });
});

describe("removing an investor from a distribution", () => {
  it("deletes a distribution and everything of it while nothing was issued or paid", async () => {
    const distribution = await makeDistribution(issuer, "delete");
    await issuer.client.graphql(
      `mutation ($id: UUID!) {
         a: createDistributionPrice(input: {distributionPrice: {distributionId: $id, price: "1"}}) { clientMutationId }
         b: createDistributionCustomField(input: {distributionCustomField: {distributionId: $id, name: "Ref", value: "7"}}) { clientMutationId }
         c: createDistributionAnnotation(input: {distributionAnnotation: {distributionId: $id, annotation: "Note"}}) { clientMutationId }
         d: createDistributionPayment(input: {distributionPayment: {distributionId: $id, amount: "5", paidOn: "2024-01-01", status: "pending"}}) { clientMutationId } }`,
      { id: distribution.id },
    );
    expect(await childRows(distribution.id)).toBeGreaterThanOrEqual(5);
    const answer = await issuer.client.graphql<{ deleteDistributionById: { distribution: { id: string } } }>(DELETE, {
      id: distribution.id,
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.deleteDistributionById.distribution.id).toBe(distribution.id);
    expect(await childRows(distribution.id)).toBe(0);
    const read = await issuer.client.graphql<{ distributionById: unknown }>(
      `{ distributionById(id: "${distribution.id}") { id } }`,
    );
    expect(read.data?.distributionById).toBeNull();
  });

  it("refuses once a payment was made, with the reason, and leaves everything in place", async () => {
    const distribution = await makeDistribution(issuer, "paid");
    const paid = await issuer.client.graphql(
      `mutation ($id: UUID!) { createDistributionPayment(input: {distributionPayment: {distributionId: $id, amount: "5",
         paidOn: "2024-01-01", status: "paid"}}) { clientMutationId } }`,
      { id: distribution.id },
    );
    expect(paid.errors).toBeUndefined();
    const before = await childRows(distribution.id);
    const answer = await issuer.client.graphql(DELETE, { id: distribution.id });
    expect(answer.errors?.[0]).toMatchObject({
      message: `Cannot delete ${distribution.name} from this distribution: a payment has been made.`,
      extensions: { code: "LL409" },
    });
    expect(await childRows(distribution.id)).toBe(before);
  });

  it("refuses once units were issued, with the reason", async () => {
    const issued = await one<{ id: string; name: string }>(
      `select d.id, d.name from app_public.distributions d join app_public.holdings h on h.distribution_id = d.id
         join app_public.allocations al on al.id = d.allocation_id where al.owner_id = $1 limit 1`,
      [issuer.accountId],
    );
    const before = await childRows(issued.id);
    const answer = await issuer.client.graphql(DELETE, { id: issued.id });
    expect(answer.errors?.[0]).toMatchObject({
      message: `Cannot delete ${issued.name} from this distribution: units have already been issued.`,
      extensions: { code: "LL409" },
    });
    expect(await childRows(issued.id)).toBe(before);
  });

  it("refuses a viewer, an investor and another issuer", async () => {
    const distribution = await makeDistribution(issuer, "guarded");
    for (const who of [viewer, investor, cascade]) {
      const answer = await who.client.graphql(DELETE, { id: distribution.id });
      expect(answer.errors?.[0]?.extensions?.code, who.accountType).toBe("LL403");
    }
    expect(await childRows(distribution.id)).toBeGreaterThan(0);
  });

  it("applies the queued command through POST /api/v2/commands, and answers a refused one with its reason", async () => {
    const removable = await makeDistribution(issuer, "queued");
    const issued = await one<{ id: string; name: string }>(
      `select d.id, d.name from app_public.distributions d join app_public.holdings h on h.distribution_id = d.id
         join app_public.allocations al on al.id = d.allocation_id where al.owner_id = $1 limit 1`,
      [issuer.accountId],
    );
    const command = (id: string, seq: number) => ({
      key: randomUUID(),
      mutation: "deleteDistributionById",
      variables: { input: { id } },
      userId: issuer.userId,
      accountId: issuer.accountId,
      createdOn: new Date().toISOString(),
      deviceId: "spec-calls-test",
      seq,
    });
    const sent = [command(removable.id, 1), command(issued.id, 2)];
    const response = await (issuer.client as TestClient).fetch("/api/v2/commands", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(sent),
    });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: CommandResult[] };
    expect(results[0]).toMatchObject({ key: sent[0]?.key, status: "accepted" });
    expect(results[1]).toMatchObject({
      key: sent[1]?.key,
      status: "rejected",
      errorCode: "LL409",
      errorMessage: `Cannot delete ${issued.name} from this distribution: units have already been issued.`,
    });
    expect(await childRows(removable.id)).toBe(0);
    expect(await count("select count(*)::int as n from app_public.distributions where id = $1", [issued.id])).toBe(1);
  });
});
