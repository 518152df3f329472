// Replication end to end: the real server in-process (PGlite, demo data) and the real client data layer on RxDB's
// memory storage. Pull, scope by account (RLS), the live stream, deletes and revoked visibility.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LocalData } from "../../src/data/local-data.ts";
import type { ReadModelName } from "../../src/data/models/index.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { eventually, openDevice, type SignedIn, signInAs } from "./harness.ts";

let t: TestServer;
let issuer: SignedIn;
let investor: SignedIn;
let investor2: SignedIn;
const devices: LocalData[] = [];

// RxDB's free tier opens at most 13 collections per process: one full device at a time, or small ones.
async function device(who: SignedIn, models?: ReadModelName[]): Promise<LocalData> {
  const opened = await openDevice(who, t.url, { models });
  devices.push(opened);
  return opened;
}

async function ids(who: SignedIn, connection: string): Promise<string[]> {
  const answer = await who.client.graphql<Record<string, { nodes: Array<{ id: string }> }>>(
    `{ ${connection} { nodes { id } } }`,
  );
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return (answer.data?.[connection]?.nodes ?? []).map((node) => node.id).sort();
}

async function localIds(data: LocalData, collection: keyof LocalData["db"]["collections"]): Promise<string[]> {
  const docs = await data.db.collections[collection].find().exec();
  return docs.map((doc) => doc.primary).sort();
}

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test");
  investor = await signInAs(t.client(), "investor@demo.test");
  investor2 = await signInAs(t.client(), "investor2@demo.test");
});

afterEach(async () => {
  for (const opened of devices.splice(0)) await opened.remove();
});

afterAll(async () => {
  await t?.close();
});

describe("pull", () => {
  it("brings every document the account can see, as the API shows them, with exact decimals", async () => {
    const data = await device(issuer);
    await data.replication.awaitInitialReplication();
    for (const [collection, connection] of [
      ["assets", "allAssets"],
      ["rounds", "allRounds"],
      ["allocations", "allAllocations"],
      ["distributions", "allDistributions"],
      ["holdings", "allHoldings"],
      ["customers", "allCustomers"],
      ["securities", "allSecurities"],
    ] as const) {
      const expected = await ids(issuer, connection);
      expect(expected.length, `${connection} has demo rows`).toBeGreaterThan(0);
      expect(await localIds(data, collection), collection).toEqual(expected);
    }
    const api = await issuer.client.graphql<{
      allRounds: { nodes: Array<{ id: string; price: string; total: string }> };
    }>("{ allRounds { nodes { id price total } } }");
    for (const round of api.data?.allRounds.nodes ?? []) {
      const local = await data.db.rounds.findOne(round.id).exec();
      expect(local?.price).toBe(round.price);
      expect(local?.total).toBe(round.total);
      expect(typeof local?.price).toBe("string");
    }
  });

  it("scopes by account: an investor's replica holds only what row-level security shows it", async () => {
    const data = await device(investor);
    await data.replication.awaitInitialReplication();
    const mine = await ids(investor, "allDistributions");
    expect(mine.length).toBeGreaterThan(0);
    expect(await localIds(data, "distributions")).toEqual(mine);
    expect(await localIds(data, "holdings")).toEqual(await ids(investor, "allHoldings"));
    expect(await localIds(data, "assets")).toEqual(await ids(investor, "allAssets"));
    // An investor never sees the vendors' contacts, nor the notes and custom fields of its distributions.
    expect(await localIds(data, "customers")).toEqual([]);
    for (const doc of await data.db.distributions.find().exec()) {
      expect(doc.investorId).toBe(investor.accountId);
      expect(doc.toJSON().customFields).toEqual([]);
      expect(doc.toJSON().annotations).toEqual([]);
    }
    // Nothing of another investor, not even as a tombstone.
    const others = (await ids(issuer, "allDistributions")).filter((id) => !mine.includes(id));
    expect(others.length).toBeGreaterThan(0);
    const storedOthers = await data.db.distributions.storageInstance.findDocumentsById(others, true);
    expect(storedOthers).toEqual([]);
    // Accounts: the ones it deals with, and no tombstones of the others.
    expect(await localIds(data, "accounts")).toEqual(await ids(investor, "allAccounts"));
    const { rows } = await t.server.db.query<{ id: string }>("select id from app_public.accounts");
    const stored = await data.db.accounts.storageInstance.findDocumentsById(
      rows.map((row) => row.id),
      true,
    );
    expect(stored.filter((doc) => doc._deleted)).toEqual([]);
  });
});

describe("stream", () => {
  it("converges on a change made elsewhere, through the live change stream", async () => {
    const data = await device(issuer);
    await data.replication.awaitInitialReplication();
    await eventually(() => data.replication.states.get("assets") && statusConnected(data), 10_000, "stream connected");
    const [assetId] = await ids(issuer, "allAssets");
    const renamed = `Renamed ${Date.now()}`;
    const update = await issuer.client.graphql(
      "mutation($id: UUID!, $name: String!) { updateAssetById(input: { id: $id, patch: { name: $name } }) { asset { id } } }",
      { id: assetId, name: renamed },
    );
    expect(update.errors).toBeUndefined();
    // No reSync by the test: only the stream can bring it.
    await eventually(
      async () => (await data.db.assets.findOne(assetId).exec())?.name === renamed,
      5_000,
      "renamed asset",
    );
  });

  it("updates a parent document when one of its child rows changes (a distribution's price)", async () => {
    const data = await device(issuer);
    await data.replication.awaitInitialReplication();
    const { rows } = await t.server.db.query<{ id: string; distribution_id: string }>(
      `select p.id, p.distribution_id from app_public.distribution_prices p
       join app_public.distributions d on d.id = p.distribution_id where not d.locked limit 1`,
    );
    const price = rows[0];
    expect(price).toBeDefined();
    await t.server.db.query("update app_public.distribution_prices set price = 123.456789 where id = $1", [price?.id]);
    await eventually(
      async () => {
        const doc = await data.db.distributions.findOne(price?.distribution_id).exec();
        const prices = (doc?.toJSON().prices ?? []) as Array<{ id: string; price: string }>;
        return prices.find((p) => p.id === price?.id)?.price === "123.456789";
      },
      5_000,
      "new price in the distribution document",
    );
  });
});

describe("deletes and revoked visibility", () => {
  it("removes a deleted row from the replica", async () => {
    const data = await device(issuer);
    await data.replication.awaitInitialReplication();
    const [customerId] = await localIds(data, "customers");
    expect(customerId).toBeDefined();
    await t.server.db.query("delete from app_public.customers where id = $1", [customerId]);
    await eventually(
      async () => (await data.db.customers.findOne(customerId).exec()) === null,
      5_000,
      "customer removed",
    );
  });

  it("moves a distribution that changes investor: it leaves one device and arrives on the other", async () => {
    const first = await device(investor, ["distributions"]);
    const second = await device(investor2, ["distributions"]);
    await Promise.all([first.replication.awaitInitialReplication(), second.replication.awaitInitialReplication()]);
    const unlocked = await first.db.distributions.find({ selector: { locked: false } }).exec();
    const distributionId = unlocked[0]?.id;
    expect(distributionId).toBeDefined();
    expect(await second.db.distributions.findOne(distributionId).exec()).toBeNull();

    await t.server.db.query("update app_public.distributions set investor_id = $1 where id = $2", [
      investor2.accountId,
      distributionId,
    ]);
    await eventually(
      async () => (await first.db.distributions.findOne(distributionId).exec()) === null,
      5_000,
      "gone from the first investor",
    );
    await eventually(
      async () => (await second.db.distributions.findOne(distributionId).exec()) !== null,
      5_000,
      "arrived at the second",
    );
    // The API agrees with both replicas.
    expect(await ids(investor, "allDistributions")).toEqual(await localIds(first, "distributions"));
    expect(await ids(investor2, "allDistributions")).toEqual(await localIds(second, "distributions"));
  });
});

describe("a broker's invitation decides what its devices hold", () => {
  it("gains the round's rows when it accepts, and loses them when the invitation is rejected", async () => {
    const broker = await signInAs(t.client(), "broker@demo.test", "broker");
    const data = await device(broker, ["distributions", "holdings", "allocations"]);
    await data.replication.awaitInitialReplication();
    const agree = async () => {
      expect(await localIds(data, "distributions")).toEqual(await ids(broker, "allDistributions"));
      expect(await localIds(data, "holdings")).toEqual(await ids(broker, "allHoldings"));
      expect(await localIds(data, "allocations")).toEqual(await ids(broker, "allAllocations"));
    };
    await agree();
    const { rows } = await t.server.db.query<{ id: string; status: string; round_id: string }>(
      "select id, status, round_id from app_public.broker_allocations where broker_id = $1 order by status",
      [broker.accountId],
    );
    const sent = rows.find((row) => row.status === "sent");
    const accepted = rows.find((row) => row.status === "accepted");
    if (!sent || !accepted) throw new Error("the demo broker needs a sent and an accepted invitation");

    // accepting through the API (the broker's own write) shows the round's distributions and holdings
    const before = (await localIds(data, "distributions")).length;
    const answer = await broker.client.graphql(
      `mutation($id: UUID!) { updateBrokerAllocationById(input: { id: $id, patch: { status: "accepted" } }) { clientMutationId } }`,
      { id: sent.id },
    );
    expect(answer.errors).toBeUndefined();
    await eventually(
      async () => (await localIds(data, "distributions")).length > before,
      5_000,
      "round's distributions arrive",
    );
    await eventually(async () => (await localIds(data, "holdings")).length > 0, 5_000, "round's holdings arrive");
    await agree();

    // a rejected invitation takes them away again
    const shown = (await localIds(data, "distributions")).length;
    await t.server.db.query("update app_public.broker_allocations set status = 'rejected' where id = $1", [
      accepted.id,
    ]);
    await eventually(
      async () => (await localIds(data, "distributions")).length < shown,
      5_000,
      "rows leave the device",
    );
    await data.replication.awaitInSync();
    await agree();
  });
});

function statusConnected(data: LocalData): Promise<boolean> {
  return new Promise((resolve) => {
    const subscription = data.replication.progress$.subscribe((progress) => {
      resolve(progress.streamConnected);
    });
    subscription.unsubscribe();
  });
}
