// The invest flow with the client bypassed: offering details for investors only and only for open offerings, the
// amount rules, and a new distribution that starts its onboarding process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const ids = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>(
    "select name, id from app_public.accounts union all select name, id from app_public.allocations",
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

const DETAILS = `query ($id: UUID!) { investorOfferingDetailsById(id: $id) { id issuerName sellerName assetName className classPrice } }`;
const INVEST = `mutation ($offeringId: UUID!, $amount: BigFloat!, $id: UUID) {
  investorMakeDistribution(input: { offeringId: $offeringId, amount: $amount, id: $id }) { distribution { id amount status investorId } } }`;

describe("invest", () => {
  it("shows an open offering to investors only", async () => {
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    const details = await kim.graphql<{ investorOfferingDetailsById: Record<string, string> }>(DETAILS, {
      id: ids.get("Series A Direct"),
    });
    expect(details.errors).toBeUndefined();
    expect(details.data?.investorOfferingDetailsById).toEqual({
      id: ids.get("Series A Direct"),
      issuerName: "Northwind Renewables, Inc.",
      sellerName: "Northwind Renewables, Inc.",
      assetName: "Northwind Series A Preferred",
      className: "Series A",
      classPrice: "1.25",
    });
    const closed = await kim.graphql(DETAILS, { id: ids.get("Seed Allocation") });
    expect(closed.errors?.[0]?.extensions?.code).toBe("LL404");
    const issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    expect((await issuer.graphql(DETAILS, { id: ids.get("Series A Direct") })).errors?.[0]?.extensions?.code).toBe(
      "LL403",
    );
  });

  it("takes whole positive units and starts the onboarding process", async () => {
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    const offeringId = ids.get("Series A Direct");
    expect((await kim.graphql(INVEST, { offeringId, amount: "10.5" })).errors?.[0]?.message).toBe(
      "Must be whole number.",
    );
    expect((await kim.graphql(INVEST, { offeringId, amount: "0" })).errors?.[0]?.message).toBe(
      "Distribution amount must be greater than 0.",
    );
    expect(
      (await kim.graphql(INVEST, { offeringId: ids.get("Seed Allocation"), amount: "10" })).errors?.[0]?.extensions
        ?.code,
    ).toBe("LL404");
    const issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    expect((await issuer.graphql(INVEST, { offeringId, amount: "10" })).errors?.[0]?.extensions?.code).toBe("LL403");

    const id = crypto.randomUUID();
    const made = await kim.graphql<{ investorMakeDistribution: { distribution: Record<string, string> } }>(INVEST, {
      offeringId,
      amount: "800",
      id,
    });
    expect(made.errors).toBeUndefined();
    expect(made.data?.investorMakeDistribution.distribution).toEqual({
      id,
      amount: "800",
      status: "open",
      investorId: ids.get("Kim Family Trust"),
    });
    const { rows } = await t.server.db.query<{ steps: string; price: string }>(
      `select (select count(*)::text from app_public.steps s join app_public.processes p on p.id = s.process_id
               where p.distribution_id = $1 and s.parent_id is null) as steps,
              (select price::text from app_public.distribution_prices where distribution_id = $1 and is_purchase) as price`,
      [id],
    );
    expect(rows[0]).toEqual({ steps: "7", price: "1.25" });
  });
});
