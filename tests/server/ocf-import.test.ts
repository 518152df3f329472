// OCF import (issue 20) through the real server: POST /api/v2/imports/ocf previews (nothing written), POST
// /api/v2/imports/ocf/confirm applies in one transaction; only an owner or admin of the selected issuer may import;
// bad packages (zip bomb, over the upload limit, wrong version, missing file, md5 mismatch, unknown object type,
// duplicate ids) are refused with a message naming the file and object, and nothing is written.
import { strToU8, Zip, ZipDeflate, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPackage, type OcfJson, smallPackage } from "../helpers/ocf.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();
let targetId = "";

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
  // An empty issuer: issuer@demo.test owns it, issuer-viewer@demo.test views it.
  const created = await t.server.db.query<{ id: string }>(
    `with a as (insert into app_public.accounts (type, name, email, setup)
                values ('issuer', 'Import Target Corp', 'target@import-target.example', true) returning id),
     m as (insert into app_public.users_accounts (user_id, account_id, role)
           select ue.user_id, a.id, case ue.email when 'issuer@demo.test' then 'account_owner' else 'account_viewer' end
             from a, app_public.user_emails ue where ue.email in ('issuer@demo.test', 'issuer-viewer@demo.test'))
     select id from a`,
  );
  targetId = created.rows[0]?.id ?? "";
  accountIds.set("Import Target Corp", targetId);
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

type Body = Uint8Array | ReadableStream<Uint8Array>;

function post(client: TestClient, path: string, body: Body, init: RequestInit = {}) {
  return client.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/zip" },
    body: body as BodyInit,
    ...init,
  } as RequestInit);
}

/** Everything an import writes, counted over the whole database. */
async function footprint(): Promise<Record<string, number>> {
  const { rows } = await t.server.db.query<Record<string, number>>(
    `select (select count(*)::int from app_public.accounts) as accounts,
            (select count(*)::int from app_public.customers) as customers,
            (select count(*)::int from app_public.assets) as assets,
            (select count(*)::int from app_public.securities) as securities,
            (select count(*)::int from app_public.rounds) as rounds,
            (select count(*)::int from app_public.allocations) as allocations,
            (select count(*)::int from app_public.distributions) as distributions,
            (select count(*)::int from app_public.holdings) as holdings,
            (select count(*)::int from app_public.transactions) as transactions,
            (select count(*)::int from app_public.ledger_entries) as ledger_entries,
            (select count(*)::int from app_public.vesting_schedules) as vesting_schedules`,
  );
  return rows[0] ?? {};
}

async function refusedWithNothingWritten(
  client: TestClient,
  body: Body,
  status: number,
  message: RegExp,
  init: RequestInit = {},
) {
  const before = await footprint();
  for (const path of ["/api/v2/imports/ocf", "/api/v2/imports/ocf/confirm"]) {
    const response = await post(client, path, body, init);
    const json = await response.json();
    const texts = [
      ...(Array.isArray(json.errors) ? json.errors : []).map((e: { message: string }) => e.message),
      ...(json.problems ?? []).map(
        (p: { file: string; objectId: string | null; message: string }) => `${p.file} ${p.objectId ?? ""} ${p.message}`,
      ),
    ].join("\n");
    if (path.endsWith("/confirm") || response.status !== 200) {
      expect(response.status).toBe(status);
    } else {
      // the preview answers 200 and lists the problem
      expect(json.errors).toBeGreaterThan(0);
    }
    expect(texts).toMatch(message);
  }
  expect(await footprint()).toEqual(before);
}

describe("OCF import", () => {
  it("previews without writing, then applies the package into the issuer's ledger in one import", async () => {
    const owner = await as("issuer@demo.test", "Import Target Corp");
    // One stakeholder is already a contact of the target issuer (matched by e-mail); the other is new.
    await t.server.db.query(
      `with inv as (insert into app_public.accounts (type, name, email, investor_type)
                    values ('investor', 'Ada R. Fan', 'ada.ocf@example.com', 'Individual') returning id)
       insert into app_public.customers (account_id, investor_id, email, name) select $1, id, 'Ada.OCF@example.com', 'Ada' from inv`,
      [targetId],
    );
    const zip = buildPackage(smallPackage());
    const before = await footprint();
    const previewResponse = await post(owner, "/api/v2/imports/ocf", zip);
    expect(previewResponse.status).toBe(200);
    const preview = await previewResponse.json();
    expect(preview).toMatchObject({
      issuer: "Test Robotics, Inc.",
      stakeholders: { total: 2, matchedContacts: 1, newContacts: 1 },
      stockClasses: [{ name: "Test Robotics Common", authorized: "10000000", issuances: 2, units: "950000.5" }],
      financings: [{ name: "Robotics Seed", date: "2024-03-01", issuances: 2, units: "1050000.5" }],
      issuances: 2,
      units: "950000.5",
      cancellations: 1,
      errors: 0,
      problems: [],
    });
    expect(preview.stakeholderSample).toEqual([
      { name: "Ada Robotics Fan", email: "ada.ocf@example.com", match: "contact" },
      { name: "Gearbox Ventures LP", email: "deals.ocf@gearbox.example", match: "new" },
    ]);
    expect(await footprint()).toEqual(before);

    const applied = await post(owner, "/api/v2/imports/ocf/confirm", zip);
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({
      stakeholders: 2,
      createdAccounts: 1,
      stockClasses: 1,
      rounds: 1,
      issuances: 2,
      cancellations: 1,
      transfers: 0,
      repurchases: 0,
      splits: 0,
      conversions: 0,
    });
    const after = await footprint();
    expect(after.holdings).toBe((before.holdings ?? 0) + 2);
    expect(after.customers).toBe((before.customers ?? 0) + 1);

    // Recorded in the ledger: an import transaction for the round with an entry per issuance, and the cancellation.
    const { rows: ledger } = await t.server.db.query<{ amount: string; source: string; kind: string | null }>(
      `select le.amount::text as amount, t.chain_data ->> 'source' as source, t.chain_data ->> 'kind' as kind
         from app_public.ledger_entries le join app_public.transactions t on t.id = le.transaction_id
        where t.issuer_id = $1 order by le.amount`,
      [targetId],
    );
    expect(ledger).toEqual([
      { amount: "-100000", source: "ocf-import", kind: "cancellation" },
      { amount: "150000.5", source: "ocf-import", kind: null },
      { amount: "900000", source: "ocf-import", kind: null },
    ]);
    // The cap table the issuer downloads now lists the imported holdings with exact units and prices.
    const csv = await (await owner.fetch("/api/v2/reports/cap-table")).text();
    expect(csv).toContain(
      "Ada R. Fan,ada.ocf@example.com,Test Robotics Common,Robotics Seed,Test Robotics Common,150000.5,0.1234567891,",
    );
    expect(csv).toContain(
      "Gearbox Ventures LP,deals.ocf@gearbox.example,Test Robotics Common,Robotics Seed,Test Robotics Common,800000,0.25,",
    );
  });

  it("replicates: the issuer and an investor who already has an account pull the imported documents", async () => {
    const owner = await as("issuer@demo.test", "Import Target Corp");
    const files = smallPackage();
    const people = (files["Stakeholders.ocf.json"]?.items ?? []) as Record<string, unknown>[];
    // Emma Lawson (investor@demo.test) is the first stakeholder this time: matched to her account by e-mail.
    people[0] = {
      ...people[0],
      contact_info: { emails: [{ email_type: "PERSONAL", email_address: "investor@demo.test" }] },
    };
    const classes = (files["StockClasses.ocf.json"]?.items ?? []) as Record<string, unknown>[];
    classes[0] = { ...classes[0], name: "Replicated Robotics Common" };
    const zip = buildPackage(files);
    expect((await post(owner, "/api/v2/imports/ocf/confirm", zip)).status).toBe(200);
    const { rows } = await t.server.db.query<{ holding: string; round: string; asset: string }>(
      `select h.id as holding, r.id as round, a.id as asset from app_public.holdings h
         join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id
         join app_public.accounts inv on inv.id = h.investor_id
        where a.name = 'Replicated Robotics Common' and inv.email = 'investor@demo.test'`,
    );
    expect(rows).toHaveLength(1);
    const expected = rows[0] as { holding: string; round: string; asset: string };
    const pulled = async (client: TestClient, model: string): Promise<Set<string>> => {
      const ids = new Set<string>();
      let after = { txid: "0", seq: "0" };
      for (let page = 0; page < 100; page++) {
        const response = await client.fetch("/api/v2/pull", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ model, afterTxid: after.txid, afterSeq: after.seq, limit: 500 }),
        });
        expect(response.status).toBe(200);
        const batch = (await response.json()) as {
          documents: { id: string; _deleted: boolean }[];
          checkpoint: { txid: string; seq: string | number };
        };
        for (const doc of batch.documents) {
          if (doc._deleted) ids.delete(doc.id);
          else ids.add(doc.id);
        }
        if (batch.documents.length === 0) break;
        after = { txid: String(batch.checkpoint.txid), seq: String(batch.checkpoint.seq) };
      }
      return ids;
    };
    const emma = await as("investor@demo.test", "Emma Lawson");
    for (const client of [owner, emma]) {
      expect((await pulled(client, "holdings")).has(expected.holding)).toBe(true);
      expect((await pulled(client, "rounds")).has(expected.round)).toBe(true);
      expect((await pulled(client, "assets")).has(expected.asset)).toBe(true);
    }
  });

  it("applies a confirm once per Idempotency-Key: a repeat answers the same, another user's key is refused", async () => {
    const owner = await as("issuer@demo.test", "Import Target Corp");
    /** The package with its stock class renamed, so each import here is told apart from the others. */
    const packageOf = (className: string) => {
      const files = smallPackage();
      const classes = (files["StockClasses.ocf.json"]?.items ?? []) as Record<string, unknown>[];
      classes[0] = { ...classes[0], name: className };
      return buildPackage(files);
    };
    const confirm = (client: TestClient, zip: Uint8Array, key?: string) =>
      post(client, "/api/v2/imports/ocf/confirm", zip, {
        headers: { "content-type": "application/zip", ...(key ? { "idempotency-key": key } : {}) },
      });
    const imported = async (className: string) => {
      const { rows } = await t.server.db.query<{ holdings: number; entries: number }>(
        `select count(distinct h.id)::int as holdings, count(le.id)::int as entries
           from app_public.holdings h join app_public.rounds r on r.id = h.round_id
           join app_public.assets a on a.id = r.asset_id
           left join app_public.ledger_entries le on le.holding_id = h.id
          where a.name = $1 and a.issuer_id = $2`,
        [className, targetId],
      );
      return rows[0];
    };

    // The answer is lost and the person clicks Import again: the same key, one import, the same answer.
    const key = crypto.randomUUID();
    const zip = packageOf("Once Robotics Common");
    const first = await confirm(owner, zip, key);
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(answer).toMatchObject({ stakeholders: 2, issuances: 2, cancellations: 1 });
    const once = await imported("Once Robotics Common");
    expect(once?.holdings).toBe(2);
    const before = await footprint();
    const again = await confirm(owner, zip, key.toUpperCase());
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(answer);
    expect(await imported("Once Robotics Common")).toEqual(once);
    expect(await footprint()).toEqual(before);

    // Two confirms with one key at the same time: one import, both answered alike.
    const racedKey = crypto.randomUUID();
    const racedZip = packageOf("Raced Robotics Common");
    const raced = await Promise.all([confirm(owner, racedZip, racedKey), confirm(owner, racedZip, racedKey)]);
    expect(raced.map((response) => response.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(raced.map((response) => response.json()));
    expect(a).toEqual(b);
    expect((await imported("Raced Robotics Common"))?.holdings).toBe(2);

    // Another user's key, on the account that user may import into: refused, nothing written.
    const second = await t.server.db.query<{ id: string }>(
      `with a as (insert into app_public.accounts (type, name, email, setup)
                  values ('issuer', 'Second Target Corp', 'target@second-target.example', true) returning id),
       m as (insert into app_public.users_accounts (user_id, account_id, role)
             select ue.user_id, a.id, 'account_admin' from a, app_public.user_emails ue
              where ue.email = 'issuer-viewer@demo.test')
       select id from a`,
    );
    accountIds.set("Second Target Corp", second.rows[0]?.id ?? "");
    const otherUser = await as("issuer-viewer@demo.test", "Second Target Corp");
    const stillBefore = await footprint();
    const taken = await confirm(otherUser, zip, key);
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors[0].message).toBe(
      "This confirmation was already used for another import. Choose the package again and import it.",
    );
    // a malformed key is refused before anything is read
    const malformed = await confirm(otherUser, zip, "not-a-uuid");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors[0].message).toBe("The Idempotency-Key header must be a UUID.");
    expect(await footprint()).toEqual(stillBefore);
    // with a key of its own the same user imports into its account
    expect((await confirm(otherUser, zip, crypto.randomUUID())).status).toBe(200);
    expect((await footprint()).holdings).toBe((stillBefore.holdings ?? 0) + 2);

    // Without the header (an older client) every confirm imports, as before.
    const plain = packageOf("Plain Robotics Common");
    expect((await confirm(owner, plain)).status).toBe(200);
    expect((await confirm(owner, plain)).status).toBe(200);
    expect((await imported("Plain Robotics Common"))?.holdings).toBe(4);
  });

  it("refuses a viewer, an investor, a broker and another issuer's owner acting on this issuer: nothing written", async () => {
    const zip = buildPackage(smallPackage());
    const before = await footprint();
    const viewer = await as("issuer-viewer@demo.test", "Import Target Corp");
    const investor = await as("investor@demo.test", "Emma Lawson");
    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    for (const client of [viewer, investor, broker]) {
      for (const path of ["/api/v2/imports/ocf", "/api/v2/imports/ocf/confirm"]) {
        const response = await post(client, path, zip);
        expect(response.status).toBe(403);
        expect((await response.json()).errors[0].message).toBe("Operation not allowed");
      }
    }
    // Another issuer: Cascade has no member here; an owner of Northwind cannot select it, and the import it sends
    // goes to the account it did select (Northwind), never to Cascade.
    const other = t.client();
    await other.signIn("issuer@demo.test");
    expect((await other.selectAccount(accountIds.get("Cascade Biotech Holdings") ?? "")).status).not.toBe(303);
    const refused = await post(other, "/api/v2/imports/ocf/confirm", zip);
    expect([401, 403]).toContain(refused.status);
    expect(await footprint()).toEqual(before);
    const { rows } = await t.server.db.query<{ n: number }>(
      `select count(*)::int as n from app_public.assets where issuer_id = $1`,
      [accountIds.get("Cascade Biotech Holdings")],
    );
    expect(rows[0]?.n).toBe(1);
    // a cross-site form post is refused too
    const owner = await as("issuer@demo.test", "Import Target Corp");
    const crossSite = await post(owner, "/api/v2/imports/ocf/confirm", zip, {
      headers: { "content-type": "application/zip", origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(await footprint()).toEqual(before);
  });

  it("refuses bad packages with the file and object named, writing nothing", async () => {
    const owner = await as("issuer@demo.test", "Import Target Corp");
    const files = smallPackage();

    await refusedWithNothingWritten(
      owner,
      buildPackage(files, { manifest: { ocf_version: "1.1.0" } }),
      422,
      /Manifest\.ocf\.json.*ocf_version is "1\.1\.0"; only OCF 1\.2\.0 packages can be imported/,
    );
    await refusedWithNothingWritten(
      owner,
      buildPackage(files, { omit: ["StockClasses.ocf.json"] }),
      422,
      /StockClasses\.ocf\.json.*The manifest lists StockClasses\.ocf\.json, which is missing from the package/,
    );
    await refusedWithNothingWritten(
      owner,
      buildPackage(files, { md5Override: { "Transactions.ocf.json": "0123456789abcdef0123456789abcdef" } }),
      422,
      /Transactions\.ocf\.json.*md5 mismatch: the manifest says 0123456789abcdef0123456789abcdef/,
    );
    const unknown = structuredClone(files);
    (unknown["Transactions.ocf.json"] as OcfJson).items?.push({ object_type: "TX_TELEPORT", id: "tx-odd" });
    await refusedWithNothingWritten(
      owner,
      buildPackage(unknown),
      422,
      /Transactions\.ocf\.json tx-odd Unknown object type TX_TELEPORT/,
    );
    const duplicate = structuredClone(files);
    const stakeholders = (duplicate["Stakeholders.ocf.json"] as OcfJson).items ?? [];
    stakeholders.push({ ...(stakeholders[0] as Record<string, unknown>) });
    await refusedWithNothingWritten(
      owner,
      buildPackage(duplicate),
      422,
      /Stakeholders\.ocf\.json sh-ada Duplicate id sh-ada/,
    );
    const badSchema = structuredClone(files);
    const issuance = (badSchema["Transactions.ocf.json"] as OcfJson).items?.[0] as Record<string, unknown>;
    issuance.quantity = 150000.5; // a JSON number: OCF wants a decimal string
    await refusedWithNothingWritten(
      owner,
      buildPackage(badSchema),
      422,
      /Transactions\.ocf\.json iss-1 \/quantity must be string/,
    );
    const dangling = structuredClone(files);
    ((dangling["Transactions.ocf.json"] as OcfJson).items?.[1] as Record<string, unknown>).stakeholder_id = "sh-nobody";
    await refusedWithNothingWritten(
      owner,
      buildPackage(dangling),
      422,
      /Transactions\.ocf\.json iss-2 stakeholder_id sh-nobody does not name a STAKEHOLDER/,
    );
    const negative = structuredClone(files);
    ((negative["Transactions.ocf.json"] as OcfJson).items?.[1] as Record<string, unknown>).quantity = "-5";
    await refusedWithNothingWritten(owner, buildPackage(negative), 422, /iss-2 quantity must not be negative/);
    await refusedWithNothingWritten(owner, strToU8("this is not a zip"), 422, /not a zip file/);
  });

  it("refuses a zip that is cut short, damaged or no zip at all (422 with the reason, never a 500), writing nothing", async () => {
    const owner = await as("issuer@demo.test", "Import Target Corp");
    const whole = buildPackage(smallPackage());
    // cut short at several places: inside the first entry's data (that was a 500 "invalid zip data"), inside its
    // header, between entries, inside the zip's directory
    for (const length of [60, 40, 120, Math.floor(whole.length / 2), whole.length - 60, whole.length - 1]) {
      await refusedWithNothingWritten(
        owner,
        whole.subarray(0, length),
        422,
        /^(\S+: )?The upload is not a complete zip file: it ends (before the zip's directory|in the middle of a file)/,
      );
    }
    // a byte of the first entry's deflated data flipped: that file is named
    const damaged = whole.slice();
    const nameLength = (damaged[26] ?? 0) | ((damaged[27] ?? 0) << 8);
    for (let i = 30 + nameLength + 2; i < 30 + nameLength + 12; i++) damaged[i] = (damaged[i] ?? 0) ^ 0xa5;
    await refusedWithNothingWritten(owner, damaged, 422, /Manifest\.ocf\.json: The upload is not a complete zip file/);
    // not a zip at all: garbage bytes, a PDF, an empty body
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    for (const body of [garbage, strToU8("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj <<>> endobj\n"), new Uint8Array(0)]) {
      await refusedWithNothingWritten(
        owner,
        body,
        422,
        /^The upload is not a zip file, or not a complete one: no zip data was found in it\.$/,
      );
    }
  });

  it("refuses unsafe file names in the zip and in the manifest, naming the file and why, writing nothing", async () => {
    const owner = await as("issuer@demo.test", "Import Target Corp");
    const files = smallPackage();
    const unsafe: [string, RegExp][] = [
      ["../Evil.ocf.json", /^\.\.\/Evil\.ocf\.json: Unsafe file name in the zip: it has a \.\. segment/],
      [
        "pkg/../../Evil.ocf.json",
        /^pkg\/\.\.\/\.\.\/Evil\.ocf\.json: Unsafe file name in the zip: it has a \.\. segment/,
      ],
      ["/etc/Evil.ocf.json", /^\/etc\/Evil\.ocf\.json: Unsafe file name in the zip: it is an absolute path/],
      ["pkg\\Evil.ocf.json", /^pkg\\Evil\.ocf\.json: Unsafe file name in the zip: it contains a backslash/],
      ["C:/Evil.ocf.json", /^C:\/Evil\.ocf\.json: Unsafe file name in the zip: it starts with a drive letter/],
      ["Evil\u0000.ocf.json", /^Evil\\u0000\.ocf\.json: Unsafe file name in the zip: it contains the NUL character/],
    ];
    for (const [name, message] of unsafe) {
      // listed by the manifest or not: the entry's name alone refuses the package
      await refusedWithNothingWritten(owner, buildPackage(files, { unlisted: { [name]: "{}" } }), 422, message);
    }
    // the manifest refers to a file outside the package (the entry itself has a plain name)
    for (const [reference, reason] of [
      ["../Stakeholders.ocf.json", "it has a .. segment"],
      ["/Stakeholders.ocf.json", "it is an absolute path"],
      ["D:\\Stakeholders.ocf.json", "it contains a backslash"],
    ]) {
      const manifest = { stakeholders_files: [{ filepath: reference, md5: "0123456789abcdef0123456789abcdef" }] };
      await refusedWithNothingWritten(
        owner,
        buildPackage(files, { manifest }),
        422,
        new RegExp(
          `^Manifest\\.ocf\\.json: The manifest refers to the file ${JSON.stringify(reference).replace(/[.\\/]/g, "\\$&")} in stakeholders_files, an unsafe file name: ${reason}`,
        ),
      );
    }
  });

  it("refuses a zip bomb and a package over the upload limit while reading", async () => {
    const owner = await as("issuer@demo.test", "Import Target Corp");
    // The limits are settings (defaults 100 MB uploaded, 400 MB unzipped); smaller here to keep the test quick.
    process.env.OCF_UPLOAD_LIMIT_MB = "8";
    process.env.OCF_UNZIPPED_LIMIT_MB = "24";
    // 40 MB of zeros deflated to a few dozen KB: refused once 24 MB are inflated.
    const parts: Uint8Array[] = [];
    const zip = new Zip((error, chunk) => {
      if (error) throw error;
      parts.push(chunk);
    });
    const bomb = new ZipDeflate("Transactions.ocf.json", { level: 9 });
    zip.add(bomb);
    const zeros = new Uint8Array(1024 * 1024);
    for (let i = 0; i < 40; i++) bomb.push(zeros, false);
    bomb.push(new Uint8Array(0), true);
    zip.end();
    const body = Buffer.concat(parts);
    expect(body.length).toBeLessThan(200 * 1024);
    await refusedWithNothingWritten(
      owner,
      body,
      422,
      /Transactions\.ocf\.json: The package unzips to more than 24 MB: refused as a possible zip bomb/,
    );

    // 9 MB streamed (no length declared up front): refused when the 8 MB limit is passed.
    const before = await footprint();
    const chunk = new Uint8Array(1024 * 1024).fill(7);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 9) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await post(owner, "/api/v2/imports/ocf", stream, { duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).errors[0].message).toBe("The package is larger than the upload limit of 8 MB.");
    // declared up front: refused before reading
    const declared = await post(owner, "/api/v2/imports/ocf", new Uint8Array(9 * 1024 * 1024));
    expect(declared.status).toBe(413);
    // a package of more than 200 files
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 201; i++) many[`f${i}.ocf.json`] = strToU8("{}");
    await refusedWithNothingWritten(owner, zipSync(many), 422, /The package has more than 200 files/);
    expect(await footprint()).toEqual(before);
    delete process.env.OCF_UPLOAD_LIMIT_MB;
    delete process.env.OCF_UNZIPPED_LIMIT_MB;
  }, 120_000);
});
