// OCF and corporate actions (issue 32 item 5, docs/OCF.md): a redemption (redeemUnits) is exported as
// TX_STOCK_REPURCHASE transactions (the holding's security, the units, the price per unit), the package still
// validates against the official schemas with its totals equal to the cap table, and the round trip keeps it: the
// import writes each repurchase as a redemption's ledger entry, and the next export gives the same repurchases.
// The data: Northwind's demo package imported into an empty issuer (no holding on a chain, so it may redeem).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeOcfPackage } from "../../sync/ocf/export.ts";
import { readOcfPackage } from "../../sync/ocf/import.ts";
import { referenceProblems } from "../../sync/ocf/validate.ts";
import { chunksOf } from "../../sync/ocf/zip.ts";
import { asAccount } from "../helpers/db.ts";
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

async function as(accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn("issuer@demo.test")).status).toBe(200);
  expect((await client.selectAccount(accountIds.get(accountName) ?? "")).status).toBe(303);
  return client;
}

async function download(client: TestClient): Promise<Uint8Array> {
  const response = await client.fetch("/api/v2/reports/ocf");
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** An empty issuer issuer@demo.test owns, with `bytes` imported into it. */
async function importedIssuer(
  name: string,
  bytes: Uint8Array,
): Promise<{ id: string; client: TestClient; preview: Record<string, unknown>; applied: Record<string, unknown> }> {
  const { rows } = await t.server.db.query<{ id: string }>(
    `with a as (insert into app_public.accounts (type, name, email, setup)
                values ('issuer', $1, 'ocf-actions@example.com', true) returning id)
     insert into app_public.users_accounts (user_id, account_id, role)
     select ue.user_id, a.id, 'account_owner' from a, app_public.user_emails ue where ue.email = 'issuer@demo.test'
     returning account_id as id`,
    [name],
  );
  const id = rows[0]?.id ?? "";
  accountIds.set(name, id);
  const client = await as(name);
  const post = (path: string) =>
    client.fetch(path, { method: "POST", headers: { "content-type": "application/zip" }, body: bytes as BodyInit });
  const preview = await (await post("/api/v2/imports/ocf")).json();
  const confirmed = await post("/api/v2/imports/ocf/confirm");
  expect(confirmed.status).toBe(200);
  return { id, client, preview, applied: await confirmed.json() };
}

/** The package's repurchases without ids, and its problems with the totals checked against the cap table. */
async function exported(issuerId: string, client: TestClient) {
  const bytes = await download(client);
  const pkg = await readOcfPackage(chunksOf(bytes));
  const summary = await asAccount(
    t.server.db,
    { accountId: issuerId, accountType: "issuer", role: "account_owner" },
    (tx) => writeOcfPackage(tx, issuerId, () => {}),
  );
  const repurchases = pkg.objects
    .map((o) => o.item)
    .filter((item) => item.object_type === "TX_STOCK_REPURCHASE")
    .map((item) => ({ quantity: item.quantity, price: item.price, date: item.date }))
    .sort((a, b) => String(a.quantity).localeCompare(String(b.quantity)));
  return {
    bytes,
    summary,
    repurchases,
    problems: [
      ...pkg.problems,
      ...referenceProblems({ objects: pkg.objects, capTable: new Map(Object.entries(summary.capTable)) }),
    ],
  };
}

describe("OCF and a redemption", () => {
  it("exports TX_STOCK_REPURCHASE, validates with totals equal to the cap table, and keeps it through the round trip", async () => {
    const northwind = await download(await as("Northwind Renewables, Inc."));
    const first = await importedIssuer("Repurchase Holdings", northwind);
    expect(first.applied).toMatchObject({ repurchases: 0 });
    const { rows: held } = await t.server.db.query<{ id: string; security_id: string }>(
      `select h.id, h.security_id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
         join app_public.assets a on a.id = r.asset_id where a.issuer_id = $1 and h.amount >= 1000
        order by h.amount desc, h.id limit 2`,
      [first.id],
    );
    expect(held).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    const redeemed = await first.client.graphql(
      `mutation ($input: RedeemUnitsInput!) { redeemUnits(input: $input) { corporateAction { id } } }`,
      {
        input: {
          securityId: held[0]?.security_id,
          pricePerUnit: "1.2345",
          lines: [
            { holdingId: held[0]?.id, units: "1000.5" },
            { holdingId: held[1]?.id, units: "10" },
          ],
        },
      },
    );
    expect(redeemed.errors).toBeUndefined();

    const one = await exported(first.id, first.client);
    expect(one.problems).toEqual([]);
    expect(one.summary.repurchases).toBe(2);
    const expected = [
      { quantity: "10", price: { amount: "1.2345", currency: "USD" }, date: today },
      { quantity: "1000.5", price: { amount: "1.2345", currency: "USD" }, date: today },
    ];
    expect(one.repurchases).toEqual(expected);

    const second = await importedIssuer("Repurchase Round Trip", one.bytes);
    expect(second.preview).toMatchObject({ repurchases: 2, errors: 0 });
    expect(second.applied).toMatchObject({ repurchases: 2 });
    const { rows: ledger } = await t.server.db.query<{ kind: string; price: string; amount: string }>(
      `select t.chain_data->>'kind' as kind, t.chain_data->>'price_per_unit' as price, trim_scale(e.amount)::text as amount
         from app_public.ledger_entries e join app_public.transactions t on t.id = e.transaction_id
        where t.issuer_id = $1 and t.chain_data->>'kind' = 'redemption' order by e.amount`,
      [second.id],
    );
    expect(ledger).toEqual([
      { kind: "redemption", price: "1.2345", amount: "-1000.5" },
      { kind: "redemption", price: "1.2345", amount: "-10" },
    ]);
    const two = await exported(second.id, second.client);
    expect(two.problems).toEqual([]);
    expect(two.repurchases).toEqual(expected);
    expect(Object.values(two.summary.capTable)).toEqual(Object.values(one.summary.capTable));
  });
});
