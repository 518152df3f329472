// OCF and corporate actions (issue 32 item 5, docs/OCF.md): a redemption (redeemUnits) is exported as
// TX_STOCK_REPURCHASE transactions (the holding's security, the units, the price per unit), the package still
// validates against the official schemas with its totals equal to the cap table, and the round trip keeps it: the
// import writes each repurchase as a redemption's ledger entry, and the next export gives the same repurchases.
// Splits and a note's conversion the same way: a 2 for 1 split and a 1 for 3 reverse split with cash in lieu as
// TX_STOCK_CLASS_SPLIT with the fractions as TX_STOCK_REPURCHASE, the note as TX_CONVERTIBLE_ISSUANCE and its
// TX_CONVERTIBLE_CONVERSION into the stock issuance, in the order they happened on one day; imported back as the
// same splits and conversion, and exported again as the same objects.
// The data: Northwind's demo package imported into an empty issuer (no holding on a chain, so it may redeem).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeOcfPackage } from "../../sync/ocf/export.ts";
import { mapPackage, readOcfPackage } from "../../sync/ocf/import.ts";
import { referenceProblems } from "../../sync/ocf/validate.ts";
import { chunksOf } from "../../sync/ocf/zip.ts";
import { asAccount } from "../helpers/db.ts";
import { buildPackage, normalisedObjects, type OcfJson, smallPackage, unzipOcf } from "../helpers/ocf.ts";
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

/** The package's transactions in file order (the order the export says they happened). */
function transactionsOf(bytes: Uint8Array): Record<string, unknown>[] {
  const files = unzipOcf(bytes);
  return [...files.entries()]
    .filter(([name]) => name.startsWith("Transactions-"))
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([, file]) => file.items ?? []);
}

describe("OCF and splits and a conversion", () => {
  it("exports TX_STOCK_CLASS_SPLIT with cash in lieu and a note's conversion, valid with totals equal to the cap table, kept through the round trip", async () => {
    const db = t.server.db;
    const northwind = await download(await as("Northwind Renewables, Inc."));
    const first = await importedIssuer("Split Holdings", northwind);
    const { rows: held } = await db.query<{ security_id: string; round_id: string; investor_id: string }>(
      `select h.security_id, h.round_id, h.investor_id from app_public.holdings h
         join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id
        where a.issuer_id = $1 and h.amount > 0 order by h.amount desc, h.id limit 2`,
      [first.id],
    );
    const [top, second] = held;
    expect(second).toBeDefined();
    // A note of the same issuer: a debt round with bond data, two holders (2,500 and 1,001 units of 1 USD).
    const { rows: note } = await db.query<{ id: string }>(
      `with a as (insert into app_public.assets (issuer_id, name, type, status, authorized_total)
                  values ($1, 'Bridge Note', 'debt', 'active', 10000) returning id),
            s as (insert into app_public.securities (issuer_id, name, total) values ($1, 'Bridge Note', 10000) returning id),
            r as (insert into app_public.rounds (asset_id, name, opens_on, closes_on, status, total, terms_url, price, security_id)
                  select a.id, 'Bridge Note 2025', '2025-06-01', '2025-06-01', 'closed', 10000, 'urn:test:note', 1, s.id
                    from a, s returning id, security_id),
            b as (insert into app_public.tranche_bond_data (round_id, term, coupon) select id, 2, 5 from r returning round_id),
            h as (insert into app_public.holdings (security_id, round_id, investor_id, amount, purchase_price, issued_on)
                  select r.security_id, r.id, x.investor, x.amount, 1, '2025-06-01' from r,
                         (values ($2::uuid, 2500), ($3::uuid, 1001)) x(investor, amount) returning id)
       select r.id from r where (select count(*) from h) = 2 and (select count(*) from b) = 1`,
      [first.id, top?.investor_id, second?.investor_id],
    );
    const split = (ratioNew: number, ratioOld: number, pricePerUnit: string) =>
      first.client.graphql(
        `mutation ($input: SplitSecurityInput!) { splitSecurity(input: $input) { corporateAction { id } } }`,
        { input: { securityId: top?.security_id, ratioNew, ratioOld, pricePerUnit } },
      );
    expect((await split(2, 1, "0.5")).errors).toBeUndefined();
    expect((await split(1, 3, "0.9")).errors).toBeUndefined();
    const converted = await first.client.graphql(
      `mutation ($input: ConvertRoundInput!) { convertRound(input: $input) { corporateAction { id } } }`,
      { input: { roundId: note[0]?.id, toRoundId: top?.round_id, conversionPrice: "0.4" } },
    );
    expect(converted.errors).toBeUndefined();

    const one = await exported(first.id, first.client);
    expect(one.problems).toEqual([]);
    expect(one.summary).toMatchObject({ splits: 2, conversions: 2 });
    const items = transactionsOf(one.bytes);
    const splits = items.filter((i) => i.object_type === "TX_STOCK_CLASS_SPLIT");
    expect(splits.map((i) => i.split_ratio)).toEqual([
      { numerator: "2", denominator: "1" },
      { numerator: "1", denominator: "3" },
    ]);
    // the cash in lieu: each fraction is exact in shares before its split (1 for 3: the units mod 3), so its
    // repurchase comes right before the split it belongs to
    const cash = items.filter((i) => String(i.consideration_text ?? "").startsWith("Cash in lieu"));
    const reverse = cash.filter((i) => String(i.consideration_text).includes("in the 1 for 3 split"));
    expect(reverse.length).toBeGreaterThan(0);
    for (const item of cash) {
      expect(String(item.consideration_text)).toMatch(/: [0-9.]+ USD \(the fraction in shares before the split\)\.$/);
      const at = items.indexOf(item);
      if (reverse.includes(item)) {
        expect(at).toBeGreaterThan(items.indexOf(splits[0] as Record<string, unknown>));
        expect(at).toBeLessThan(items.indexOf(splits[1] as Record<string, unknown>));
      } else expect(at).toBeLessThan(items.indexOf(splits[0] as Record<string, unknown>));
    }
    // the note: its convertible issuance, then the conversion naming the stock issuance, written after the splits
    const notes = items.filter((i) => i.object_type === "TX_CONVERTIBLE_ISSUANCE");
    expect(
      notes.map((i) => i.investment_amount).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      { amount: "1001", currency: "USD" },
      { amount: "2500", currency: "USD" },
    ]);
    const conversions = items.filter((i) => i.object_type === "TX_CONVERTIBLE_CONVERSION");
    const resulting = conversions.map((c) => {
      const issuance = items.find(
        (i) => i.object_type === "TX_STOCK_ISSUANCE" && i.security_id === (c.resulting_security_ids as string[])[0],
      );
      expect(items.indexOf(issuance as Record<string, unknown>)).toBeGreaterThan(
        items.indexOf(splits[1] as Record<string, unknown>),
      );
      return [c.quantity_converted, issuance?.quantity];
    });
    expect(resulting.sort()).toEqual([
      ["1001", "2502"],
      ["2500", "6250"],
    ]);

    const again = await importedIssuer("Split Round Trip", one.bytes);
    expect(again.preview).toMatchObject({ splits: 2, conversions: 2, errors: 0 });
    expect(again.applied).toMatchObject({ splits: 2, conversions: 2 });
    const { rows: actions } = await db.query<{ kind: string; n: number }>(
      `select t.chain_data ->> 'kind' as kind, count(*)::int as n from app_public.transactions t
        where t.issuer_id = $1 and t.chain_data ->> 'kind' in ('split', 'conversion') group by 1 order by 1`,
      [again.id],
    );
    expect(actions).toEqual([
      { kind: "conversion", n: 1 },
      { kind: "split", n: 2 },
    ]);
    const two = await exported(again.id, again.client);
    expect(two.problems).toEqual([]);
    expect(normalisedObjects(unzipOcf(two.bytes))).toEqual(normalisedObjects(unzipOcf(one.bytes)));
    expect(Object.values(two.summary.capTable)).toEqual(Object.values(one.summary.capTable));
  });
});

describe("OCF splits from another platform", () => {
  /** smallPackage with a split of its class on 2024-07-01 (after its cancellation) */
  async function withSplit(ratio: { numerator: string; denominator: string }) {
    const files = smallPackage();
    (files["Transactions.ocf.json"] as OcfJson).items?.push({
      object_type: "TX_STOCK_CLASS_SPLIT",
      id: "split-1",
      date: "2024-07-01",
      stock_class_id: "class-common",
      split_ratio: ratio,
    });
    return mapPackage(await readOcfPackage(chunksOf(buildPackage(files))));
  }

  it("rounds a split that pays no cash in lieu down to whole units, with a warning, and refuses a ratio this product cannot record", async () => {
    const { plan, problems } = await withSplit({ numerator: "3", denominator: "2" });
    expect(problems).toEqual([
      expect.objectContaining({
        objectId: "split-1",
        severity: "warning",
        message: expect.stringContaining("rounded down to whole units"),
      }),
    ]);
    expect(plan.issuances.map((i) => [i.key, i.quantity, i.remaining])).toEqual([
      ["iss-1", "150000.5", "225000"],
      ["iss-2", "900000", "1200000"],
    ]);
    expect(plan.splitLines).toEqual([
      { split_key: "split-1", issuance_key: "iss-1", before: "150000.5", after: "225000", fraction: "0.75", cash: "0" },
      { split_key: "split-1", issuance_key: "iss-2", before: "800000", after: "1200000", fraction: "0", cash: "0" },
    ]);
    const refused = await withSplit({ numerator: "2000000", denominator: "1" });
    expect(refused.problems).toEqual([
      expect.objectContaining({
        objectId: "split-1",
        severity: "error",
        message:
          "Its split ratio cannot be imported: a split here is two different whole numbers from 1 to 1,000,000, such as 2 for 1.",
      }),
    ]);
  });
});
