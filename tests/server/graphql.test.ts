// GraphQL through the real server on the demo data: what each demo account sees, which writes it is refused (with a
// coded error), the spec's query names and filters, and a write arriving on a /wss/v1/ subscription.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

function accountId(name: string): string {
  const id = accountIds.get(name);
  if (!id) throw new Error(`demo account ${name} not found`);
  return id;
}

/** Signs in a demo user and selects one of its accounts (by name). */
async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  const selected = await client.selectAccount(accountId(accountName));
  expect(selected.status).toBe(303);
  return client;
}

async function sqlIds(text: string, params: unknown[] = []): Promise<string[]> {
  const { rows } = await t.server.db.query<{ id: string }>(text, params);
  return rows.map((row) => row.id).sort();
}

const ids = (nodes: Array<{ id: string }> | undefined) => (nodes ?? []).map((node) => node.id).sort();

const ISSUER = "Northwind Renewables, Inc.";
const BROKER = "Harborview Capital Markets LLC";

describe("what each demo account sees", () => {
  it("an issuer sees exactly its own assets, with the spec's filter, order and paging", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const all = await issuer.graphql<{ allAssets: { nodes: Array<{ id: string; issuerId: string }> } }>(
      "{ allAssets { nodes { id issuerId } } }",
    );
    expect(all.errors).toBeUndefined();
    expect(ids(all.data?.allAssets.nodes)).toEqual(
      await sqlIds("select id from app_public.assets where issuer_id = $1", [accountId(ISSUER)]),
    );
    expect(all.data?.allAssets.nodes.length).toBeGreaterThan(0);

    const page = await issuer.graphql<{ allAssets: { totalCount: number; nodes: Array<{ name: string }> } }>(
      `{ allAssets(orderBy: CREATED_ON_DESC, first: 2, offset: 0,
           filter: { name: { includesInsensitive: "NORTHWIND" }, roundsExist: true }) {
           totalCount nodes { name } } }`,
    );
    expect(page.errors).toBeUndefined();
    const newestFirst = await t.server.db.query<{ name: string }>(
      `select a.name from app_public.assets a
        where a.issuer_id = $1 and a.name ilike '%northwind%' and exists (select 1 from app_public.rounds r where r.asset_id = a.id)
        order by a.created_on desc`,
      [accountId(ISSUER)],
    );
    expect(page.data?.allAssets.totalCount).toBe(newestFirst.rows.length);
    expect(page.data?.allAssets.nodes.map((n) => n.name)).toEqual(newestFirst.rows.slice(0, 2).map((r) => r.name));
  });

  it("a broker reads the issuer's assets but not its own account's siblings' private rows", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const assets = await broker.graphql<{ allAssets: { nodes: Array<{ id: string }> } }>(
      "{ allAssets { nodes { id } } }",
    );
    expect(assets.errors).toBeUndefined();
    const issuerAssets = await sqlIds("select id from app_public.assets where issuer_id = $1", [accountId(ISSUER)]);
    expect(ids(assets.data?.allAssets.nodes)).toEqual(expect.arrayContaining(issuerAssets));
    const holdings = await broker.graphql<{ allHoldings: { nodes: Array<{ id: string }> } }>(
      "{ allHoldings { nodes { id } } }",
    );
    expect(holdings.data?.allHoldings.nodes).toEqual([]);
  });

  it("each investor sees only its own account, distributions and holdings", async () => {
    for (const [email, name] of [
      ["investor@demo.test", "Emma Lawson"],
      ["investor2@demo.test", "Kim Family Trust"],
    ] as const) {
      const investor = await as(email, name);
      const own = accountId(name);
      const seen = await investor.graphql<{
        allDistributions: { nodes: Array<{ id: string; investorId: string }> };
        allHoldings: { nodes: Array<{ id: string; investorId: string }> };
        allAccounts: { nodes: Array<{ id: string; type: string }> };
      }>(
        "{ allDistributions { nodes { id investorId } } allHoldings { nodes { id investorId } } allAccounts { nodes { id type } } }",
      );
      expect(seen.errors).toBeUndefined();
      expect(ids(seen.data?.allDistributions.nodes)).toEqual(
        await sqlIds("select id from app_public.distributions where investor_id = $1", [own]),
      );
      expect(ids(seen.data?.allHoldings.nodes)).toEqual(
        await sqlIds("select id from app_public.holdings where investor_id = $1", [own]),
      );
      const investorAccounts = seen.data?.allAccounts.nodes.filter((account) => account.type === "investor") ?? [];
      expect(investorAccounts.map((account) => account.id)).toEqual([own]);
    }
  });

  it("a user in several accounts sees each account's rows only while it is selected", async () => {
    const multi = await as("multi@demo.test", "Jordan Blake");
    const query =
      "{ currentAccount { type } currentUsersAccount { role } allDistributions { nodes { id investorId } } }";
    type Seen = {
      currentAccount: { type: string };
      currentUsersAccount: { role: string };
      allDistributions: { nodes: Array<{ id: string; investorId: string }> };
    };
    const asInvestor = await multi.graphql<Seen>(query);
    expect(asInvestor.data?.currentAccount.type).toBe("investor");
    expect(ids(asInvestor.data?.allDistributions.nodes)).toEqual(
      await sqlIds("select id from app_public.distributions where investor_id = $1", [accountId("Jordan Blake")]),
    );

    expect((await multi.selectAccount(accountId(ISSUER))).location).toBe("/dashboard");
    const asIssuer = await multi.graphql<Seen>(query);
    expect(asIssuer.data?.currentUsersAccount.role).toBe("account_admin");
    expect(ids(asIssuer.data?.allDistributions.nodes)).toEqual(
      await sqlIds(
        `select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
           join app_public.rounds r on r.id = al.round_id join app_public.assets a on a.id = r.asset_id
          where a.issuer_id = $1`,
        [accountId(ISSUER)],
      ),
    );
    const investors = new Set(asIssuer.data?.allDistributions.nodes.map((d) => d.investorId));
    expect(investors.size).toBeGreaterThan(1);
  });

  it("answers the spec's session queries", async () => {
    const investor = await as("investor@demo.test", "Emma Lawson");
    const session = await investor.graphql<{
      currentUser: { firstName: string };
      currentAccount: { name: string; type: string; setup: boolean };
      currentUsersAccount: { role: string; status: string };
    }>(
      `query getUsersData { currentUser { id firstName lastName } currentAccount { id name type slug setup }
         currentUsersAccount { id role status } }`,
    );
    expect(session.errors).toBeUndefined();
    expect(session.data?.currentUser.firstName).toBe("Emma");
    expect(session.data?.currentAccount).toMatchObject({ name: "Emma Lawson", type: "investor", setup: true });
    expect(session.data?.currentUsersAccount).toMatchObject({ role: "account_owner", status: "active" });
  });
});

describe("refused writes carry a code", () => {
  const rename = `mutation rename($id: UUID!, $name: String!) {
    updateAssetById(input: { id: $id, patch: { name: $name } }) { asset { id name } } }`;

  it("an issuer owner may rename its asset; a viewer of the same issuer and a broker may not", async () => {
    const [assetId] = await sqlIds("select id from app_public.assets where issuer_id = $1", [accountId(ISSUER)]);
    const owner = await as("issuer@demo.test", ISSUER);
    const renamed = await owner.graphql<{ updateAssetById: { asset: { name: string } } }>(rename, {
      id: assetId,
      name: "Renamed by the owner",
    });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateAssetById.asset.name).toBe("Renamed by the owner");

    for (const [email, account] of [
      ["issuer-viewer@demo.test", ISSUER],
      ["broker@demo.test", BROKER],
    ] as const) {
      const refusedClient = await as(email, account);
      const refused = await refusedClient.graphql(rename, { id: assetId, name: "Not allowed" });
      expect(refused.errors?.[0]?.extensions?.code).toBe("LL403");
      expect(refused.errors?.[0]?.message).toBe("Operation not allowed");
    }
    const { rows } = await t.server.db.query<{ name: string }>("select name from app_public.assets where id = $1", [
      assetId,
    ]);
    expect(rows[0]?.name).toBe("Renamed by the owner");
  });

  it("an investor may not create an asset", async () => {
    const investor = await as("investor@demo.test", "Emma Lawson");
    const refused = await investor.graphql(
      `mutation { createAsset(input: { asset: { name: "Mine", type: "equity", status: "drafted", authorizedTotal: "10" } }) {
         asset { id } } }`,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("LL403");
    const { rows } = await t.server.db.query("select 1 from app_public.assets where name = 'Mine'");
    expect(rows).toHaveLength(0);
  });
});

describe("development mode", () => {
  it("allows introspection and answers unknown /api paths with JSON 404", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const schema = await issuer.graphql<{ __schema: { queryType: { name: string } } }>(
      "{ __schema { queryType { name } } }",
    );
    expect(schema.data?.__schema.queryType.name).toBe("Query");
    const missing = await issuer.fetch("/api/v2/nothing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/json");
  });
});

describe("the /wss/v1/ subscription", () => {
  it("refuses a websocket without a session", async () => {
    const anonymous = t.client().ws();
    const closed = new Promise<unknown>((resolve) => {
      anonymous.subscribe(
        { query: "subscription { changes { table } }" },
        { next() {}, error: resolve, complete() {} },
      );
    });
    const error = await closed;
    expect(String((error as { message?: string }).message ?? error)).toMatch(/401|Unexpected server response/);
    await anonymous.dispose();
  });

  it("delivers a change made through GraphQL to a subscribed client", async () => {
    const watcher = await as("issuer-viewer@demo.test", ISSUER);
    const writer = await as("issuer@demo.test", ISSUER);
    const ws = watcher.ws();
    try {
      const received = new Promise<{ table: string }>((resolve, reject) => {
        ws.subscribe<{ changes: { table: string } }>(
          { query: "subscription { changes { table } }" },
          {
            next: (value) => (value.data ? resolve(value.data.changes) : reject(new Error(JSON.stringify(value)))),
            error: reject,
            complete: () => reject(new Error("completed without an event")),
          },
        );
      });
      // The server starts listening a moment after the subscribe message: write until an event arrives.
      let delivered: { table: string } | undefined;
      received.then((change) => {
        delivered = change;
      });
      const deadline = Date.now() + 15_000;
      let round = 0;
      while (!delivered && Date.now() < deadline) {
        const created = await writer.graphql(
          `mutation { createAsset(input: { asset: { name: "Streamed ${++round}", type: "equity", status: "drafted",
             authorizedTotal: "100" } }) { asset { id } } }`,
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
