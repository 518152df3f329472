// Report downloads through the real server (spec part 2: GET /api/v2/reports/cap-table and /contacts, issuer and
// broker only) and the allocation import's example file. The CSV is made by the same function the device uses
// offline, from what the account may see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAP_TABLE_COLUMNS, CONTACTS_COLUMNS } from "../../src/domain/reports.ts";
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

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(accountIds.get(accountName) ?? "")).status).toBe(303);
  return client;
}

describe("reports", () => {
  it("the issuer downloads its cap table: issued holdings with exact units, as an attachment", async () => {
    const issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    const response = await issuer.fetch("/api/v2/reports/cap-table");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="cap_table_\d{4}_\d{2}_\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe(CAP_TABLE_COLUMNS.join(","));
    // Seed: Emma 200000, Kim Family Trust 500000, Jordan 40000 (Seed round); Kim 25000 (fund); Emma 25 notes.
    expect(lines).toHaveLength(6);
    expect(lines.some((l) => l.includes("Seed,Northwind Series A Preferred Stock,500000,0.50,"))).toBe(true);
    expect(lines.some((l) => l.includes(",25,1000,"))).toBe(true);
  });

  it("contacts of the selected account only", async () => {
    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    const text = await (await broker.fetch("/api/v2/reports/contacts")).text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(CONTACTS_COLUMNS.join(","));
    const { rows } = await t.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_public.customers where account_id = $1",
      [accountIds.get("Harborview Capital Markets LLC")],
    );
    expect(lines.length - 1).toBe(rows[0]?.n);
  });

  it("refuses investors and signed-out requests", async () => {
    const investor = t.client();
    await investor.signIn("investor@demo.test");
    const refused = await investor.fetch("/api/v2/reports/cap-table");
    expect([401, 403]).toContain(refused.status);
    expect((await t.client().fetch("/api/v2/reports/contacts")).status).toBe(401);
  });

  it("serves the allocation import's example file", async () => {
    const response = await t.client().fetch("/api/v2/example/download/allocation-cap-table.csv");
    expect(response.status).toBe(200);
    expect((await response.text()).split("\r\n")[0]).toBe("Email,Amount,Contact Name");
  });
});
