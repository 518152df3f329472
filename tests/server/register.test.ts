// The register as of any date (issue 32 item 3, docs/REGISTER.md) through the real server, the client bypassed:
// the cap table as of today equals today's cap table; a past day's register equals the snapshot taken that day,
// after a later issuance and a transfer (requested and approved); who may read what (issuer, broker, investor,
// viewer; refusals); a bad date's text; the control report's findings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AS_OF_TEXT, CONTROL_COLUMNS, NO_FINDINGS, PURCHASERS_COLUMNS } from "../../src/domain/register.ts";
import { CAP_TABLE_COLUMNS } from "../../src/domain/reports.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const clients = new Map<string, TestClient>();

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

async function as(email: string, accountName: string): Promise<TestClient> {
  const known = clients.get(`${email} ${accountName}`);
  if (known) return known;
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(accountIds.get(accountName) ?? "")).status).toBe(303);
  clients.set(`${email} ${accountName}`, client);
  return client;
}
const issuer = () => as("issuer@demo.test", "Northwind Renewables, Inc.");
const broker = () => as("broker@demo.test", "Harborview Capital Markets LLC");
const investor = () => as("investor@demo.test", "Emma Lawson");

/** A CSV's data lines, sorted, with the units column as a number (trailing zeros do not make a difference). */
async function csvLines(client: TestClient, path: string, unitsColumn = 5): Promise<string[]> {
  const response = await client.fetch(path);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  const [, ...lines] = (await response.text()).trim().split("\r\n");
  return lines
    .map((line) => {
      const cells = line.split(",");
      cells[unitsColumn] = String(Number(cells[unitsColumn]));
      return cells.join(",");
    })
    .sort();
}

async function refusal(client: TestClient, path: string): Promise<{ status: number; message?: string }> {
  const response = await client.fetch(path);
  const body = (await response.json()) as { errors?: { message: string }[] };
  return { status: response.status, message: body.errors?.[0]?.message };
}

/** The demo's closed, unissued distribution of Series A Direct, and an open one closed here, issued by the issuer. */
async function distribution(amount: string): Promise<string> {
  const { rows } = await t.server.db.query<{ id: string }>(
    `select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
      where al.name = 'Series A Direct' and d.amount = $1 and not d.locked`,
    [amount],
  );
  expect(rows).toHaveLength(1);
  return rows[0]?.id ?? "";
}

async function issue(distributionId: string): Promise<string> {
  const client = await issuer();
  const closed = await client.graphql(
    `mutation($id: UUID!) { updateDistributionById(input: {id: $id, patch: {status: "closed"}}) { clientMutationId } }`,
    { id: distributionId },
  );
  expect(closed.errors).toBeUndefined();
  const issued = await client.graphql<{ makeTaRequestDistributionIssuances: { holdings: { id: string }[] } }>(
    `mutation($ids: [UUID]!) { makeTaRequestDistributionIssuances(input: {distributionIds: $ids}) { holdings { id } } }`,
    { ids: [distributionId] },
  );
  expect(issued.errors).toBeUndefined();
  return issued.data?.makeTaRequestDistributionIssuances.holdings[0]?.id ?? "";
}

describe("the register as of a date", () => {
  it("as of today equals today's cap table, on the demo data", async () => {
    const client = await issuer();
    const todays = await csvLines(client, "/api/v2/reports/cap-table");
    expect(todays).toHaveLength(5);
    expect(await csvLines(client, `/api/v2/reports/cap-table?asOf=${today}`)).toEqual(todays);
    const response = await client.fetch(`/api/v2/reports/cap-table?asOf=${today}`);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="cap_table_${today.replaceAll("-", "_")}.csv"`,
    );
    expect((await response.text()).split("\r\n")[0]).toBe(CAP_TABLE_COLUMNS.join(","));
    // before the seed's first issuances (05/15/2024) the register is empty; between them it has the earlier ones
    expect(await csvLines(client, "/api/v2/reports/cap-table?asOf=2024-05-14")).toEqual([]);
    expect(await csvLines(client, "/api/v2/reports/cap-table?asOf=2024-05-15")).toHaveLength(3);
  });

  it("a past day's register equals the snapshot taken that day, after a later issuance and an approved transfer", async () => {
    const client = await issuer();
    // issued "yesterday" (the seed's way of dating an issuance), then the snapshot of that day's cap table
    const first = await issue(await distribution("160000"));
    await t.server.db.query("update app_public.holdings set issued_on = $2 where id = $1", [
      first,
      `${yesterday}T12:00:00Z`,
    ]);
    const snapshot = await csvLines(client, "/api/v2/reports/cap-table");
    const snapshotPurchasers = await csvLines(client, "/api/v2/reports/purchasers");
    expect(snapshot).toHaveLength(6);

    // today: another issuance, and Kim Family Trust gives 60,000 of the first holding to Emma (requestTransfer,
    // approveTransfer: the transfer's own ledger entries, docs/TRANSFERS.md)
    await issue(await distribution("80000"));
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    const requested = await kim.graphql<{ requestTransfer: { transfer: { id: string } } }>(
      `mutation($holding: UUID!, $to: UUID!) {
         requestTransfer(input: {holdingId: $holding, units: "60000", reason: "gift", transfereeId: $to}) { transfer { id } }
       }`,
      { holding: first, to: accountIds.get("Emma Lawson") },
    );
    expect(requested.errors).toBeUndefined();
    const approved = await client.graphql(
      "mutation($id: UUID!) { approveTransfer(input: {transferId: $id}) { clientMutationId } }",
      { id: requested.data?.requestTransfer.transfer.id },
    );
    expect(approved.errors).toBeUndefined();

    const todays = await csvLines(client, "/api/v2/reports/cap-table");
    expect(todays).toHaveLength(8);
    expect(todays).not.toEqual(snapshot);
    expect(await csvLines(client, `/api/v2/reports/cap-table?asOf=${today}`)).toEqual(todays);
    expect(await csvLines(client, `/api/v2/reports/cap-table?asOf=${yesterday}`)).toEqual(snapshot);
    expect(await csvLines(client, `/api/v2/reports/purchasers?asOf=${yesterday}`)).toEqual(snapshotPurchasers);

    // GraphQL answers the same lines
    const read = await client.graphql<{ registerCapTable: { nodes: { units: string }[] } }>(
      "query($d: Date!) { registerCapTable(asOf: $d) { nodes { units } } }",
      { d: yesterday },
    );
    expect(read.data?.registerCapTable.nodes).toHaveLength(6);
  });

  it("the schedule of purchasers: units, price, capital and payment day", async () => {
    const response = await (await issuer()).fetch("/api/v2/reports/purchasers?asOf=2024-06-01");
    expect(response.headers.get("content-disposition")).toContain("schedule_of_purchasers_2024_06_01.csv");
    const [header, ...lines] = (await response.text()).trim().split("\r\n");
    expect(header).toBe(PURCHASERS_COLUMNS.join(","));
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => /,500000,0\.50*,250000\.?0*,2024-0\d-\d\d$/.test(l))).toBe(true);
  });

  it("a broker reads the rounds it manages, an investor only its own position, a viewer reads", async () => {
    const brokerLines = await csvLines(await broker(), `/api/v2/reports/cap-table?asOf=${today}`);
    expect(brokerLines.length).toBeGreaterThan(0);
    expect(brokerLines.every((l) => l.includes(",Series A,"))).toBe(true);
    expect(brokerLines).toEqual(await csvLines(await broker(), "/api/v2/reports/cap-table"));

    const emma = await investor();
    const own = await csvLines(emma, `/api/v2/reports/position?asOf=${today}`);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((l) => l.startsWith("Emma Lawson,"))).toBe(true);
    // another holder's position is not hers to read: nothing comes back
    expect(
      await csvLines(emma, `/api/v2/reports/position?asOf=${today}&investor=${accountIds.get("Kim Family Trust")}`),
    ).toEqual([]);
    const viaGraphql = await emma.graphql<{ registerCapTable: { nodes: { investor: string }[] } }>(
      "query($d: Date!) { registerCapTable(asOf: $d) { nodes { investor } } }",
      { d: today },
    );
    expect(viaGraphql.data?.registerCapTable.nodes.every((n) => n.investor === "Emma Lawson")).toBe(true);

    // the issuer names a holder
    const kim = await csvLines(
      await issuer(),
      `/api/v2/reports/position?asOf=${today}&investor=${accountIds.get("Kim Family Trust")}`,
    );
    expect(kim.length).toBeGreaterThan(0);
    expect(kim.every((l) => l.startsWith("Kim Family Trust,"))).toBe(true);

    const viewer = await as("issuer-viewer@demo.test", "Northwind Renewables, Inc.");
    expect(await csvLines(viewer, `/api/v2/reports/cap-table?asOf=${today}`)).toEqual(
      await csvLines(await issuer(), `/api/v2/reports/cap-table?asOf=${today}`),
    );

    expect((await refusal(emma, `/api/v2/reports/cap-table?asOf=${today}`)).status).toBe(403);
    expect((await refusal(emma, "/api/v2/reports/control")).status).toBe(403);
    expect((await refusal(await broker(), "/api/v2/reports/control")).status).toBe(403);
    expect((await refusal(t.client(), `/api/v2/reports/cap-table?asOf=${today}`)).status).toBe(401);
    const control = await emma.graphql("{ registerControl { nodes { security } } }");
    expect(control.errors?.[0]?.message).toBe("Operation not allowed");
  });

  it("a bad date is refused with its text", async () => {
    const client = await issuer();
    expect(await refusal(client, "/api/v2/reports/cap-table?asOf=2026-02-30")).toEqual({
      status: 422,
      message: AS_OF_TEXT.invalid,
    });
    expect(await refusal(client, "/api/v2/reports/purchasers?asOf=31/01/2026")).toEqual({
      status: 422,
      message: AS_OF_TEXT.invalid,
    });
    expect(await refusal(client, "/api/v2/reports/cap-table?asOf=1899-12-31")).toEqual({
      status: 422,
      message: AS_OF_TEXT.range,
    });
    expect(await refusal(client, "/api/v2/reports/cap-table?asOf=2199-12-31")).toEqual({
      status: 422,
      message: AS_OF_TEXT.future,
    });
    expect(await refusal(client, "/api/v2/reports/cap-table?asOf=")).toEqual({
      status: 422,
      message: AS_OF_TEXT.required,
    });
    const future = await client.graphql("query($d: Date!) { registerCapTable(asOf: $d) { nodes { units } } }", {
      d: "2199-12-31",
    });
    expect(future.errors?.[0]?.message).toBe(AS_OF_TEXT.future);
    const missing = await client.graphql("{ registerCapTable { nodes { units } } }");
    expect(missing.errors?.[0]?.message).toBe(AS_OF_TEXT.required);
  });

  it("the control report reconciles each security and flags a difference in people's words", async () => {
    const client = await issuer();
    const read = async () => {
      const response = await client.fetch("/api/v2/reports/control");
      expect(response.status).toBe(200);
      const [header, ...lines] = (await response.text()).trim().split("\r\n");
      expect(header).toBe(CONTROL_COLUMNS.join(","));
      return lines;
    };
    const lines = await read();
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.endsWith(NO_FINDINGS))).toBe(true);
    const preferred = lines.find((l) => l.startsWith("Northwind Series A Preferred Stock,"));
    // authorized 10,000,000; issued 740,000 + 160,000 + 80,000; the transfer changes nothing outstanding
    expect(preferred).toMatch(
      /^Northwind Series A Preferred Stock,10000000,980000,980000,980000,980000,700000,700000,/,
    );

    // a ledger entry with no change to its holding: the ledger and the holdings disagree
    const { rows } = await t.server.db.query<{ id: string; investor_id: string; issuer_id: string }>(
      `select h.id, h.investor_id, a.issuer_id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
         join app_public.assets a on a.id = r.asset_id where r.name = 'First Close'`,
    );
    const fund = rows[0];
    await t.server.db.query(
      `with made as (insert into app_public.transactions (issuer_id, chain_data)
                     values ($1, '{"kind": "adjustment"}') returning id)
       insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
       select id, $2, $3, 10 from made`,
      [fund?.issuer_id, fund?.id, fund?.investor_id],
    );
    const flagged = (await read()).find((l) => l.startsWith("Northwind Infrastructure Fund I LP Units,"));
    expect(flagged).toContain("The ledger shows 25,010 units outstanding but the holdings add up to 25,000.");
  });
});
