// Prices are left out for agents on the GraphQL API too (spec part 2: distributions "with prices (isPurchase) left
// out for agent accounts"), not only in the replicated documents: an agent asking GraphQL directly for a
// distribution's purchase price or price rows gets nothing, and cannot learn the price by filtering or sorting;
// issuers and brokers still read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function as(email: string, accountName: string): Promise<TestClient> {
  const { rows } = await t.server.db.query<{ id: string }>("select id from app_public.accounts where name = $1", [
    accountName,
  ]);
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(rows[0]!.id)).status).toBe(303);
  return client;
}

interface Node {
  id: string;
  purchasePrice: string | null;
  distributionPrices: { nodes: Array<{ price: string }> };
}
const PRICES = `{ allDistributions { nodes { id purchasePrice distributionPrices { nodes { price } } } } }`;

async function directDistributionIds(): Promise<string[]> {
  const { rows } = await t.server.db.query<{ id: string }>(
    `select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
      where al.name = 'Series A Direct' and d.purchase_price is not null`,
  );
  return rows.map((r) => r.id);
}

describe("distribution prices through GraphQL", () => {
  it("an agent reads its distributions without any price", async () => {
    const agent = await as("agent@demo.test", "Keystone Transfer Agents");
    const result = await agent.graphql<{ allDistributions: { nodes: Node[] } }>(PRICES);
    expect(result.errors).toBeUndefined();
    const nodes = result.data?.allDistributions.nodes ?? [];
    const priced = await directDistributionIds();
    expect(priced.length).toBeGreaterThan(0);
    expect(nodes.map((n) => n.id)).toEqual(expect.arrayContaining(priced));
    for (const node of nodes) {
      expect(node.purchasePrice).toBeNull();
      expect(node.distributionPrices.nodes).toEqual([]);
    }
    const byId = await agent.graphql<{ distributionById: { purchasePrice: string | null } }>(
      "query ($id: UUID!) { distributionById(id: $id) { purchasePrice } }",
      { id: priced[0] },
    );
    expect(byId.errors).toBeUndefined();
    expect(byId.data?.distributionById.purchasePrice).toBeNull();
    const rows = await agent.graphql<{ allDistributionPrices: { nodes: unknown[] } }>(
      "{ allDistributionPrices { nodes { price } } }",
    );
    expect(rows.data?.allDistributionPrices.nodes ?? []).toEqual([]);
  });

  it("an agent cannot learn the price by filtering or sorting on it", async () => {
    const agent = await as("agent@demo.test", "Keystone Transfer Agents");
    const filtered = await agent.graphql<{ allDistributions: { nodes: unknown[] } }>(
      `{ allDistributions(filter: { purchasePrice: { greaterThan: "1" } }) { nodes { id } } }`,
    );
    expect(filtered.errors !== undefined || filtered.data?.allDistributions.nodes.length === 0).toBe(true);
    const condition = await agent.graphql(
      `{ allDistributions(condition: { purchasePrice: "1.25" }) { nodes { id } } }`,
    );
    expect(condition.errors?.length).toBeGreaterThan(0);
    const sorted = await agent.graphql(`{ allDistributions(orderBy: PURCHASE_PRICE_DESC) { nodes { id } } }`);
    expect(sorted.errors?.length).toBeGreaterThan(0);
  });

  it("the issuer and the broker read the purchase price and the price rows", async () => {
    const priced = new Set(await directDistributionIds());
    const issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    const result = await issuer.graphql<{ allDistributions: { nodes: Node[] } }>(PRICES);
    expect(result.errors).toBeUndefined();
    const direct = (result.data?.allDistributions.nodes ?? []).filter((n) => priced.has(n.id));
    expect(direct.length).toBe(priced.size);
    expect(direct.map((n) => n.purchasePrice)).toContain("1.25");
    expect(direct.some((n) => n.distributionPrices.nodes.length > 0)).toBe(true);

    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    const brokerResult = await broker.graphql<{ allDistributions: { nodes: Node[] } }>(PRICES);
    expect(brokerResult.errors).toBeUndefined();
    const { rows } = await t.server.db.query<{ price: string }>(
      `select d.purchase_price::text as price from app_public.distributions d
         join app_public.allocations al on al.id = d.allocation_id
        where al.name = 'Harborview Placement' and d.purchase_price is not null limit 1`,
    );
    expect(rows[0]).toBeDefined();
    expect((brokerResult.data?.allDistributions.nodes ?? []).map((n) => n.purchasePrice)).toContain(rows[0]!.price);
  });
});
