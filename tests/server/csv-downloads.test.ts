// Server-made CSV downloads neutralise spreadsheet formulas (src/domain/csv.ts): an investor names its account
// "-1+1+cmd|' /C calc'!A0" and the issuer's cap-table download carries it as text; a contact's name does the same
// in the broker's contacts download. Figures stay figures. Through the real server, as the browser downloads them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvField } from "../../src/domain/csv.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

const PAYLOADS: readonly (readonly [string, string])[] = [
  ["-1+1+cmd|' /C calc'!A0", "'-1+1+cmd|' /C calc'!A0"],
  ["-2+3", "'-2+3"],
  ['=HYPERLINK("http://evil.example","x")', '"\'=HYPERLINK(""http://evil.example"",""x"")"'],
  ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
  ["@SUM(1)", "'@SUM(1)"],
  ["\t=1+1", "'\t=1+1"],
  ["＝1+1", "'＝1+1"],
  ["－2+3", "'－2+3"],
];

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

describe("server-made CSV downloads", () => {
  it.each(PAYLOADS)("the issuer's cap table carries an investor named %j as text", async (payload, cell) => {
    expect(csvField(payload)).toBe(cell);
    const { rows } = await t.server.db.query<{ id: string }>(
      "select investor_id as id from app_public.holdings where amount = 500000 limit 1",
    );
    const investorId = rows[0]!.id;
    await t.server.db.query("update app_public.accounts set name = $2 where id = $1", [investorId, payload]);
    const issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    const text = await (await issuer.fetch("/api/v2/reports/cap-table")).text();
    const line = text.split("\r\n").find((l) => l.includes(",500000,"));
    expect(line?.startsWith(`${cell},`)).toBe(true);
    // The units and the price stay plain figures.
    expect(line).toContain(",500000,0.50,");
  });

  it.each(PAYLOADS)("the broker's contacts carry a contact named %j as text", async (payload, cell) => {
    const brokerId = accountIds.get("Harborview Capital Markets LLC");
    const { rows } = await t.server.db.query<{ email: string }>(
      "update app_public.customers set name = $2 where id = (select id from app_public.customers where account_id = $1 order by lower(email) limit 1) returning email",
      [brokerId, payload],
    );
    const email = rows[0]!.email;
    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    const text = await (await broker.fetch("/api/v2/reports/contacts")).text();
    const line = text.split("\r\n").find((l) => l.endsWith(`,${csvField(email)}`));
    expect(line?.startsWith(`${cell},`)).toBe(true);
  });

  it("the example files are written by the same function", async () => {
    const allocation = await (await t.client().fetch("/api/v2/example/download/allocation-cap-table.csv")).text();
    expect(allocation).toBe(
      "Email,Amount,Contact Name\r\nada.byron@example.com,1000,Ada Byron\r\nalan.turing@example.com,250.5,\r\n",
    );
    const contacts = await (await t.client().fetch("/api/v2/example/download/contacts.csv")).text();
    expect(contacts).toBe(
      "Contact Name,Email\r\nAda Byron,ada.byron@example.com\r\nAlan Turing,alan.turing@example.com\r\n",
    );
  });
});
