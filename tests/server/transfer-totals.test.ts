// A transferee's distribution is not new money (issue 32, docs/CLIENT.md "Round page"): the distributions read model
// says which distribution a transfer request made for its transferee (byTransfer), for that distribution only, from
// the request to after its approval; and the totals the issuer reads of the round (the Allocations summary, the
// incoming capital, the dashboard's count), computed by the client's own functions over the issuer's pulled
// documents, stay what they were before the request. The client is bypassed: the server's documents are read as a
// device pulls them. One server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distributionSummary, incomingCapital } from "../../src/domain/allocations.ts";
import { toString as decimalText } from "../../src/domain/decimal.ts";
import { dashboardSummary } from "../../src/features/dashboard/summary.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;

const ISSUER = "Northwind Renewables, Inc.";
const SECURITY = "Northwind Series A Preferred Stock";
const JORDAN = "Jordan Blake";
const NEWCOMER = "totals-newcomer@transfers.test";

interface SignedIn {
  client: TestClient;
  accountId: string;
}
interface DistributionDocument {
  id: string;
  amount: string;
  investorId: string;
  paidInCapital?: string | null;
  byTransfer?: boolean | null;
  allocation?: { roundId?: string } | null;
  _deleted?: boolean;
}
type Answer = {
  data?: Record<string, { transfer?: Record<string, string> } | null> | null;
  errors?: Array<{ message: string }>;
};

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(text, values)).rows as T[];
}

async function as(email: string, accountId: string): Promise<SignedIn> {
  const client = t.client();
  expect((await client.signIn(email, "demo-password")).status).toBe(200);
  expect((await client.selectAccount(accountId)).status).toBe(303);
  return { client, accountId };
}

const call = async (who: SignedIn, mutation: string, input: Record<string, unknown>, selection: string) => {
  const answer = (await who.client.graphql(
    `mutation ($input: ${mutation[0]?.toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { ${selection} } }`,
    { input },
  )) as Answer;
  expect(answer.errors).toBeUndefined();
  return Object.values(answer.data ?? {})[0]?.transfer;
};

/** Every distribution document the reader's device holds after pulling from the start, page by page. */
async function pullDistributions(who: SignedIn): Promise<DistributionDocument[]> {
  const held = new Map<string, DistributionDocument>();
  let checkpoint = { txid: "0", seq: "0" };
  for (;;) {
    const response = await who.client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "distributions",
        afterTxid: checkpoint.txid,
        afterSeq: checkpoint.seq,
        limit: 1000,
      }),
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      documents: DistributionDocument[];
      checkpoint: { txid: string; seq: string } | null;
    };
    for (const doc of page.documents) {
      if (doc._deleted) held.delete(doc.id);
      else held.set(doc.id, doc);
    }
    if (page.documents.length < 1000 || !page.checkpoint) return [...held.values()];
    checkpoint = page.checkpoint;
  }
}

/** The figures the issuer reads of the Seed round, by the functions its screens use. */
function issuerFigures(documents: DistributionDocument[], roundPrice: string) {
  const round = documents.filter((doc) => doc.allocation?.roundId === seedRoundId);
  const summary = distributionSummary(round);
  const incoming = incomingCapital(round, roundPrice);
  return {
    distributions: summary.count,
    units: decimalText(summary.units),
    committed: decimalText(incoming.committed),
    expected: decimalText(incoming.expected),
    dashboardCount: dashboardSummary({
      accountType: "issuer",
      rounds: [],
      holdings: [],
      customers: [],
      distributions: documents,
      accounts: [],
      assets: [],
      transactions: [],
    }).distributionCount,
  };
}

let issuer: SignedIn;
let jordan: SignedIn;
let jordanSeed: string;
let seedRoundId: string;
let seedPrice: string;
let securityId: string;

beforeAll(async () => {
  t = await startTestServer();
  const accountId = async (name: string) =>
    (await sql<{ id: string }>("select id from app_public.accounts where name = $1", [name]))[0]?.id ?? "";
  securityId =
    (await sql<{ id: string }>("select id from app_public.securities where name = $1", [SECURITY]))[0]?.id ?? "";
  const [seed] = await sql<{ id: string; price: string }>(
    "select r.id, trim_scale(r.price)::text as price from app_public.rounds r where r.name = 'Seed' and r.security_id = $1",
    [securityId],
  );
  seedRoundId = seed?.id ?? "";
  seedPrice = seed?.price ?? "0";
  jordanSeed =
    (
      await sql<{ id: string }>("select h.id from app_public.holdings h where h.investor_id = $1 and h.round_id = $2", [
        await accountId(JORDAN),
        seedRoundId,
      ])
    )[0]?.id ?? "";
  issuer = await as("issuer@demo.test", await accountId(ISSUER));
  jordan = await as("multi@demo.test", await accountId(JORDAN));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a transferee's distribution in the round's totals", () => {
  it("is marked by transfer, alone, and leaves the issuer's figures of the round as they were", async () => {
    const before = await pullDistributions(issuer);
    expect(before.filter((doc) => doc.allocation?.roundId === seedRoundId).length).toBeGreaterThan(0);
    expect(before.every((doc) => doc.byTransfer === false)).toBe(true);
    const figuresBefore = issuerFigures(before, seedPrice);
    expect(Number(figuresBefore.committed)).toBeGreaterThan(0);

    await call(
      issuer,
      "setTransferRules",
      { securityId, transfereeQualificationRequired: true },
      "transferRule { id }",
    );
    const requested = await call(
      jordan,
      "requestTransfer",
      { holdingId: jordanSeed, units: "250", reason: "sale", pricePerUnit: "3", transfereeEmail: NEWCOMER },
      "transfer { id status }",
    );
    const [made] = await sql<{ id: string; investor_id: string }>(
      "select t.onboarding_distribution_id as id, t.transferee_id as investor_id from app_public.transfers t where t.id = $1",
      [requested?.id],
    );
    expect(made?.id).toEqual(expect.any(String));

    const during = await pullDistributions(issuer);
    // the transferee's distribution reached the issuer's device, the only one by transfer
    expect(during.filter((doc) => doc.byTransfer === true).map((doc) => doc.id)).toEqual([made?.id]);
    expect(during.find((doc) => doc.id === made?.id)).toMatchObject({ amount: "250", investorId: made?.investor_id });
    expect(during.filter((doc) => doc.byTransfer !== true).every((doc) => doc.byTransfer === false)).toBe(true);
    expect(during).toHaveLength(before.length + 1);
    expect(issuerFigures(during, seedPrice)).toEqual(figuresBefore);
    // without the flag the same documents would count it: the figures are not equal by accident
    const unflagged = during.map((doc) => ({ ...doc, byTransfer: false }));
    expect(issuerFigures(unflagged, seedPrice).distributions).toBe(figuresBefore.distributions + 1);
    expect(issuerFigures(unflagged, seedPrice).units).not.toBe(figuresBefore.units);

    // the holder's own distribution, on the holder's device, is not by transfer
    const holderDocs = await pullDistributions(jordan);
    expect(holderDocs.length).toBeGreaterThan(0);
    expect(holderDocs.some((doc) => doc.byTransfer === true)).toBe(false);

    // approved (the transferee set up; the round asks no step), the distribution is the new holding's, still by transfer
    await sql("update app_public.accounts set setup = true where id = $1", [made?.investor_id]);
    const approved = await call(issuer, "approveTransfer", { transferId: requested?.id }, "transfer { id status }");
    expect(approved?.status).toBe("approved");
    const after = await pullDistributions(issuer);
    expect(after.filter((doc) => doc.byTransfer === true).map((doc) => doc.id)).toEqual([made?.id]);
    expect(issuerFigures(after, seedPrice)).toEqual(figuresBefore);
  });
});
