// OCF export (issue 20): GET /api/v2/reports/ocf serves the signed-in issuer's cap table as an OCF 1.2.0 zip that
// validates against the vendored official schemas (sync/ocf/schema, v1.2.0) the way utils/validate.mjs does, with
// the reference checks; every demo issuer's export has zero problems; the round trip export -> import into an
// empty issuer -> export gives the same package apart from ids and generation times.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeOcfPackage } from "../../sync/ocf/export.ts";
import { readOcfPackage } from "../../sync/ocf/import.ts";
import { referenceProblems } from "../../sync/ocf/validate.ts";
import { chunksOf } from "../../sync/ocf/zip.ts";
import { asAccount } from "../helpers/db.ts";
import { normalisedObjects, type OcfJson, unzipOcf } from "../helpers/ocf.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();
const NORTHWIND = "Northwind Renewables, Inc.";

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

async function download(client: TestClient): Promise<Uint8Array> {
  const response = await client.fetch("/api/v2/reports/ocf");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="ocf_\d{4}_\d{2}_\d{2}\.zip"$/);
  return new Uint8Array(await response.arrayBuffer());
}

const items = (files: Map<string, OcfJson>, type: string) =>
  [...files.values()].flatMap((f) => f.items ?? []).filter((i) => i.object_type === type);

describe("OCF export", () => {
  it("every demo issuer's export validates with zero errors and its issuances add up to the cap table", async () => {
    const { rows } = await t.server.db.query<{ id: string; name: string }>(
      "select id, name from app_public.accounts where type = 'issuer' order by name",
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const issuer of rows) {
      const chunks: Uint8Array[] = [];
      const summary = await asAccount(
        t.server.db,
        { accountId: issuer.id, accountType: "issuer", role: "account_owner" },
        (tx) => writeOcfPackage(tx, issuer.id, (chunk) => chunks.push(chunk)),
      );
      const pkg = await readOcfPackage(chunksOf(Buffer.concat(chunks)));
      expect({ issuer: issuer.name, problems: pkg.problems }).toEqual({ issuer: issuer.name, problems: [] });
      const capTable = new Map(Object.entries(summary.capTable));
      expect(referenceProblems({ objects: pkg.objects, capTable })).toEqual([]);
      expect(pkg.manifest?.ocf_version).toBe("1.2.0");
    }
  });

  it("the issuer downloads its package: manifest with md5s, stakeholders, class, financing, issuances as decimal strings", async () => {
    const issuer = await as("issuer@demo.test", NORTHWIND);
    const files = unzipOcf(await download(issuer));
    const manifest = files.get("Manifest.ocf.json") as OcfJson;
    expect(manifest).toMatchObject({ ocf_version: "1.2.0", file_type: "OCF_MANIFEST_FILE" });
    expect((manifest.issuer as { legal_name: string }).legal_name).toBe(NORTHWIND);
    expect(manifest.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(String(manifest.generated_at)))).toBe(false);
    // The debt and fund assets are not silently dropped: the manifest's comments name them.
    const comments = (manifest.comments as string[]).join("\n");
    expect(comments).toContain('debt asset "Northwind Green Bonds 2030" with 1 holding (25.00 units)');
    expect(comments).toContain('fund asset "Northwind Infrastructure Fund I" with 1 holding (25,000.00 units)');
    for (const ref of manifest.transactions_files as { filepath: string; md5: string }[]) {
      expect(files.has(ref.filepath)).toBe(true);
    }
    const issuances = items(files, "TX_STOCK_ISSUANCE");
    expect(issuances.map((i) => i.quantity).sort()).toEqual(["200000", "40000", "500000"]);
    for (const i of issuances) {
      expect(typeof i.quantity).toBe("string");
      expect(i.share_price).toEqual({ amount: "0.5", currency: "USD" });
      expect(i.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const people = items(files, "STAKEHOLDER");
    const kim = people.find((p) => (p.name as { legal_name: string }).legal_name === "Kim Family Trust");
    expect(kim?.stakeholder_type).toBe("INSTITUTION");
    const emma = people.find((p) => (p.name as { legal_name: string }).legal_name === "Emma Lawson");
    expect(emma?.stakeholder_type).toBe("INDIVIDUAL");
    const ids = new Set(people.map((p) => p.id));
    for (const i of issuances) expect(ids.has(i.stakeholder_id)).toBe(true);
    const [financing] = items(files, "FINANCING");
    expect(financing).toMatchObject({ name: "Seed", date: "2024-01-15" });
    expect([...((financing?.issuance_ids as string[] | undefined) ?? [])].sort()).toEqual(
      issuances.map((i) => String(i.id)).sort(),
    );
    expect(items(files, "STOCK_CLASS")).toMatchObject([
      { name: "Northwind Series A Preferred", class_type: "PREFERRED", initial_shares_authorized: "10000000" },
    ]);

    const summary = await (await issuer.fetch("/api/v2/reports/ocf/summary")).json();
    expect(summary).toMatchObject({ issuer: NORTHWIND, issuances: 3, stockClasses: 1, financings: 1 });
    expect(summary.omitted).toHaveLength(2);
  });

  it("a viewer downloads; investors and brokers are refused; another issuer's package has none of Northwind's objects", async () => {
    const viewer = await as("issuer-viewer@demo.test", NORTHWIND);
    expect(items(unzipOcf(await download(viewer)), "TX_STOCK_ISSUANCE")).toHaveLength(3);

    const investor = await as("investor@demo.test", "Emma Lawson");
    expect((await investor.fetch("/api/v2/reports/ocf")).status).toBe(403);
    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    expect((await broker.fetch("/api/v2/reports/ocf")).status).toBe(403);
    expect((await t.client().fetch("/api/v2/reports/ocf")).status).toBe(401);

    const cascadeId = accountIds.get("Cascade Biotech Holdings") ?? "";
    const chunks: Uint8Array[] = [];
    await asAccount(t.server.db, { accountId: cascadeId, accountType: "issuer", role: "account_owner" }, (tx) =>
      writeOcfPackage(tx, cascadeId, (chunk) => chunks.push(chunk)),
    );
    const cascade = unzipOcf(Buffer.concat(chunks));
    expect(items(cascade, "STOCK_CLASS").map((c) => c.name)).toEqual(["Cascade Common Stock"]);
    expect(items(cascade, "TX_STOCK_ISSUANCE")).toHaveLength(0);
    const text = JSON.stringify([...cascade.values()]);
    expect(text).not.toContain("Northwind");
  });

  it("round trip: export, import into an empty issuer, export again: equal apart from ids and times", async () => {
    const db = t.server.db;
    const northwind = accountIds.get(NORTHWIND) ?? "";
    // Vesting and a cancellation on the Seed round, so the trip carries them too.
    await db.exec(`
      insert into app_public.vesting_schedules (distribution_id, cliff, periods, automatic, starts_on)
      select h.distribution_id, 12, 48, true, '2024-02-01'
        from app_public.holdings h join app_public.rounds r on r.id = h.round_id
       where r.name = 'Seed' and h.amount = 500000 and h.distribution_id is not null
         and not exists (select 1 from app_public.vesting_schedules v where v.distribution_id = h.distribution_id);
    `);
    await db.query(
      `with tx as (
         insert into app_public.transactions (issuer_id, chain_data) values ($1, '{"date": "2025-02-03"}') returning id
       ), h as (
         update app_public.holdings h set amount = amount - 15000.25
           from app_public.rounds r where r.id = h.round_id and r.name = 'Seed' and h.amount = 200000
         returning h.id, h.investor_id
       )
       insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
       select tx.id, h.id, h.investor_id, -15000.25 from tx, h`,
      [northwind],
    );
    // A transfer: 10,000 of Jordan Blake's 40,000 Seed units to Emma Lawson (a new holding), one transaction.
    await db.query(
      `with src as (
         select h.* from app_public.holdings h join app_public.rounds r on r.id = h.round_id
          where r.name = 'Seed' and h.amount = 40000
       ), tx as (
         insert into app_public.transactions (issuer_id, round_id, chain_data)
         select $1, src.round_id, '{"date": "2025-03-04"}' from src returning id
       ), dest as (
         insert into app_public.holdings (security_id, round_id, investor_id, amount, purchase_price, issued_on)
         select src.security_id, src.round_id, (select id from app_public.accounts where email = 'investor@demo.test'),
                10000, 0.75, '2025-03-04' from src
         returning id, investor_id
       ), debit as (
         update app_public.holdings h set amount = h.amount - 10000 from src where h.id = src.id returning h.id
       )
       insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
       select tx.id, src.id, src.investor_id, -10000 from tx, src
       union all select tx.id, dest.id, dest.investor_id, 10000 from tx, dest`,
      [northwind],
    );
    // A transfer as the product makes it: Jordan asks to sell 5,000 of the 30,000 left to a new investor at 1.25,
    // the issuer approves (docs/TRANSFERS.md).
    const issuer = await as("issuer@demo.test", NORTHWIND);
    const jordan = await as("multi@demo.test", "Jordan Blake");
    const { rows: jordanSeed } = await db.query<{ id: string }>(
      `select h.id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
        where r.name = 'Seed' and h.investor_id = $1`,
      [accountIds.get("Jordan Blake")],
    );
    const requested = await jordan.graphql<{ requestTransfer: { transfer: { id: string } } }>(
      `mutation ($input: RequestTransferInput!) { requestTransfer(input: $input) { transfer { id } } }`,
      {
        input: {
          holdingId: jordanSeed[0]?.id,
          units: "5000",
          reason: "sale",
          pricePerUnit: "1.25",
          transfereeEmail: "buyer@ocf-trip.test",
        },
      },
    );
    expect(requested.errors).toBeUndefined();
    const approved = await issuer.graphql(
      `mutation ($input: ApproveTransferInput!) { approveTransfer(input: $input) { transfer { status } } }`,
      { input: { transferId: requested.data?.requestTransfer.transfer.id } },
    );
    expect(approved).toMatchObject({ data: { approveTransfer: { transfer: { status: "approved" } } } });
    const today = new Date().toISOString().slice(0, 10);

    const first = await download(issuer);
    const firstFiles = unzipOcf(first);
    expect(items(firstFiles, "TX_STOCK_CANCELLATION")).toMatchObject([{ quantity: "15000.25", date: "2025-02-03" }]);
    const transfers = items(firstFiles, "TX_STOCK_TRANSFER");
    const transfer = transfers.find((x) => x.date === "2025-03-04");
    expect(transfer).toMatchObject({ quantity: "10000" });
    expect(transfer).not.toHaveProperty("consideration_text");
    const issuanceOf = (x: Record<string, unknown> | undefined) =>
      items(firstFiles, "TX_STOCK_ISSUANCE").find(
        (i) => i.security_id === ((x?.resulting_security_ids as string[] | undefined) ?? [])[0],
      );
    expect(issuanceOf(transfer)).toMatchObject({ quantity: "10000", share_price: { amount: "0.75", currency: "USD" } });
    const sale = transfers.find((x) => x.date === today);
    expect(sale).toMatchObject({
      quantity: "5000",
      security_id: jordanSeed[0]?.id,
      consideration_text: "Sale at 1.25 USD per share.",
    });
    expect(sale?.resulting_security_ids).toHaveLength(1);
    const buyer = items(firstFiles, "STAKEHOLDER").find((p) => p.id === issuanceOf(sale)?.stakeholder_id);
    expect(buyer?.contact_info).toMatchObject({ emails: [{ email_address: "buyer@ocf-trip.test" }] });
    expect(issuanceOf(sale)).toMatchObject({
      quantity: "5000",
      date: today,
      share_price: { amount: "1.25", currency: "USD" },
    });
    expect(items(firstFiles, "VESTING_TERMS").map((v) => v.id)).toEqual(["vesting-48-months-cliff-12"]);
    const firstPackage = await readOcfPackage(chunksOf(first));
    expect(firstPackage.problems).toEqual([]);
    // issuances less cancellations and transfers still equal the cap table
    const summary = await asAccount(db, { accountId: northwind, accountType: "issuer", role: "account_owner" }, (tx) =>
      writeOcfPackage(tx, northwind, () => {}),
    );
    expect(summary).toMatchObject({ issuances: 5, cancellations: 1, transfers: 2, vestingTerms: 1 });
    expect(
      referenceProblems({ objects: firstPackage.objects, capTable: new Map(Object.entries(summary.capTable)) }),
    ).toEqual([]);

    // An empty issuer the same user owns.
    const { rows } = await db.query<{ id: string }>(
      `with a as (insert into app_public.accounts (type, name, email, setup)
                  values ('issuer', 'Round Trip Holdings', 'trip@round-trip.example', true) returning id)
       insert into app_public.users_accounts (user_id, account_id, role)
       select ue.user_id, a.id, 'account_owner' from a, app_public.user_emails ue where ue.email = 'issuer@demo.test'
       returning account_id as id`,
    );
    const emptyId = rows[0]?.id ?? "";
    accountIds.set("Round Trip Holdings", emptyId);
    const owner = await as("issuer@demo.test", "Round Trip Holdings");
    const post = (path: string) =>
      owner.fetch(path, { method: "POST", headers: { "content-type": "application/zip" }, body: first as BodyInit });
    const preview = await (await post("/api/v2/imports/ocf")).json();
    expect(preview).toMatchObject({
      issuer: NORTHWIND,
      issuances: 5,
      errors: 0,
      cancellations: 1,
      transfers: 2,
      vestingTerms: 1,
    });
    const applied = await post("/api/v2/imports/ocf/confirm");
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({
      issuances: 5,
      cancellations: 1,
      transfers: 2,
      stockClasses: 1,
      rounds: 1,
    });

    // The imported sale is written as its approval wrote it: the holdings moved, the ledger's two sides in one
    // transaction with the reason, the price and both parties.
    const { rows: imported } = await db.query<{ chain: Record<string, string>; entries: string[] }>(
      `select t.chain_data as chain,
              array(select trim_scale(le.amount)::text || ' ' || h.amount::text from app_public.ledger_entries le
                      join app_public.holdings h on h.id = le.holding_id
                     where le.transaction_id = t.id order by le.amount) as entries
         from app_public.transactions t where t.issuer_id = $1 and t.chain_data ->> 'kind' = 'transfer'
        order by t.chain_data ->> 'date'`,
      [emptyId],
    );
    expect(imported.map((r) => r.chain.reason ?? null)).toEqual([null, "sale"]);
    const importedSale = imported[1];
    expect(importedSale?.chain).toMatchObject({ source: "ocf-import", date: today, price_per_unit: "1.25" });
    expect(importedSale?.entries.map((e) => e.split(" ").map(Number))).toEqual([
      [-5000, 25000],
      [5000, 5000],
    ]);
    const { rows: sides } = await db.query<{ from_ok: boolean; to_ok: boolean }>(
      `select exists (select 1 from app_public.holdings h where h.id = ($1::jsonb ->> 'from_holding_id')::uuid
                         and h.investor_id = ($1::jsonb ->> 'from_investor_id')::uuid and h.amount = 25000) as from_ok,
              exists (select 1 from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
                       where h.id = ($1::jsonb ->> 'to_holding_id')::uuid and a.email = 'buyer@ocf-trip.test'
                         and h.investor_id = ($1::jsonb ->> 'to_investor_id')::uuid and h.amount = 5000) as to_ok`,
      [JSON.stringify(importedSale?.chain)],
    );
    expect(sides[0]).toEqual({ from_ok: true, to_ok: true });

    const secondBytes = await download(owner);
    const second = unzipOcf(secondBytes);
    expect(normalisedObjects(second)).toEqual(normalisedObjects(firstFiles));
    const secondSummary = await asAccount(
      db,
      { accountId: emptyId, accountType: "issuer", role: "account_owner" },
      (tx) => writeOcfPackage(tx, emptyId, () => {}),
    );
    expect(Object.values(secondSummary.capTable)).toEqual(Object.values(summary.capTable));
    expect(
      referenceProblems({
        objects: (await readOcfPackage(chunksOf(secondBytes))).objects,
        capTable: new Map(Object.entries(secondSummary.capTable)),
      }),
    ).toEqual([]);
    // The manifests: same version and file lists; the issuer is the account imported into, the comments name
    // what the source could not export (its debt and fund assets, which the package did not carry).
    const m1 = firstFiles.get("Manifest.ocf.json") as OcfJson;
    const m2 = second.get("Manifest.ocf.json") as OcfJson;
    const shape = (m: OcfJson) =>
      Object.fromEntries(
        Object.entries(m)
          .filter(([k]) => !["issuer", "generated_at", "as_of", "comments"].includes(k))
          .map(([k, v]) => [k, Array.isArray(v) ? v.map((f) => (f as { filepath: string }).filepath) : v]),
      );
    expect(shape(m2)).toEqual(shape(m1));
    expect((m2.issuer as { legal_name: string }).legal_name).toBe("Round Trip Holdings");
  });

  it("after a 1 for 3 reverse split with cash in lieu the export still validates and its totals equal the cap table", async () => {
    // The imported issuer of the round trip has no holding on a chain, so it may split (docs/CORPORATE-ACTIONS.md).
    const db = t.server.db;
    const tripId = accountIds.get("Round Trip Holdings") ?? "";
    const owner = await as("issuer@demo.test", "Round Trip Holdings");
    const { rows } = await db.query<{ id: string }>(
      "select distinct r.security_id as id from app_public.rounds r join app_public.assets a on a.id = r.asset_id where a.issuer_id = $1",
      [tripId],
    );
    const split = await owner.graphql<{ splitSecurity: { corporateAction: { unitsAfter: string } } }>(
      `mutation ($input: SplitSecurityInput!) { splitSecurity(input: $input) { corporateAction { unitsAfter } } }`,
      { input: { securityId: rows[0]?.id, ratioNew: 1, ratioOld: 3, pricePerUnit: "0.9" } },
    );
    expect(split.errors).toBeUndefined();
    const bytes = await download(owner);
    const pkg = await readOcfPackage(chunksOf(bytes));
    expect(pkg.problems).toEqual([]);
    const summary = await asAccount(db, { accountId: tripId, accountType: "issuer", role: "account_owner" }, (tx) =>
      writeOcfPackage(tx, tripId, () => {}),
    );
    // 500,000 + 184,999.75 + 25,000 + 10,000 + 5,000 units, each divided by 3 and rounded down:
    // 166,666 + 61,666 + 8,333 + 3,333 + 1,666
    expect(split.data?.splitSecurity.corporateAction.unitsAfter).toBe("241664");
    expect(Object.values(summary.capTable)).toEqual(["241664"]);
    expect(referenceProblems({ objects: pkg.objects, capTable: new Map(Object.entries(summary.capTable)) })).toEqual(
      [],
    );
  });
});
