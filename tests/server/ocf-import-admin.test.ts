// A platform admin creates a new issuer by importing an OCF package (issue 20): POST /api/v2/imports/ocf and
// /confirm with ?newIssuer=1&ownerEmail=...[&accountName=...]. Confirm creates the issuer account, makes the owner
// its owner (a user with that e-mail at once, anybody else through the invitation mail's claim link) and applies
// the import, in one transaction. Everybody else is refused (403) and a bad package is refused (422), each leaving
// no account, no membership, no mail and no imported row behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPackage, type OcfJson, smallPackage } from "../helpers/ocf.ts";
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

function newIssuerPath(path: string, ownerEmail: string, accountName?: string): string {
  const query = new URLSearchParams({ newIssuer: "1", ownerEmail });
  if (accountName) query.set("accountName", accountName);
  return `${path}?${query}`;
}

function post(client: TestClient, path: string, body: Uint8Array, headers: Record<string, string> = {}) {
  return client.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/zip", ...headers },
    body: body as BodyInit,
  });
}

/** A package whose class and financing names are unique, so each test finds its own rows. */
function packageNamed(label: string): Uint8Array {
  const files = smallPackage();
  const classes = (files["StockClasses.ocf.json"] as OcfJson).items as Record<string, unknown>[];
  classes[0] = { ...classes[0], name: `${label} Common` };
  return buildPackage(files, {
    manifest: {
      issuer: {
        object_type: "ISSUER",
        id: "issuer-1",
        legal_name: `${label}, Inc.`,
        formation_date: "2020-01-02",
        country_of_formation: "US",
      },
    },
  });
}

/** Everything such an import writes, counted over the whole database. */
async function footprint(): Promise<Record<string, number>> {
  const { rows } = await t.server.db.query<Record<string, number>>(
    `select (select count(*)::int from app_public.accounts) as accounts,
            (select count(*)::int from app_public.users_accounts) as memberships,
            (select count(*)::int from app_private.mail_outbox) as mails,
            (select count(*)::int from app_private.claim_tokens) as claim_tokens,
            (select count(*)::int from app_public.customers) as customers,
            (select count(*)::int from app_public.assets) as assets,
            (select count(*)::int from app_public.rounds) as rounds,
            (select count(*)::int from app_public.holdings) as holdings,
            (select count(*)::int from app_public.transactions) as transactions,
            (select count(*)::int from app_public.ledger_entries) as ledger_entries`,
  );
  return rows[0] ?? {};
}

async function pulled(client: TestClient, model: string): Promise<Set<string>> {
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
}

async function importedRows(issuerId: string) {
  const { rows } = await t.server.db.query<{ holding: string; round: string; asset: string; amount: string }>(
    `select h.id as holding, r.id as round, a.id as asset, h.amount::text as amount from app_public.holdings h
       join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id
      where a.issuer_id = $1 order by h.amount`,
    [issuerId],
  );
  return rows;
}

describe("OCF import by an admin into a new issuer", () => {
  it("previews without writing, then creates the issuer, makes the existing user its owner and imports", async () => {
    const admin = await as("admin@demo.test", "Ledgerline Operations");
    const zip = packageNamed("Admin Robotics");
    const before = await footprint();
    const previewed = await post(admin, newIssuerPath("/api/v2/imports/ocf", "Broker@Demo.test"), zip);
    expect(previewed.status).toBe(200);
    const preview = await previewed.json();
    expect(preview).toMatchObject({
      issuer: "Admin Robotics, Inc.",
      newIssuer: { name: "Admin Robotics, Inc.", ownerEmail: "broker@demo.test", ownerExists: true, nameTaken: false },
      stakeholders: { total: 2, matchedContacts: 0, newContacts: 2 },
      issuances: 2,
      errors: 0,
    });
    expect(await footprint()).toEqual(before);
    // an issuer of the same name exists (letter case and blanks aside): the preview says so, the import may go on
    const sameName = await post(
      admin,
      newIssuerPath("/api/v2/imports/ocf", "broker@demo.test", " northwind renewables, inc. "),
      zip,
    );
    expect((await sameName.json()).newIssuer).toMatchObject({ name: "northwind renewables, inc.", nameTaken: true });

    const confirmed = await post(admin, newIssuerPath("/api/v2/imports/ocf/confirm", "broker@demo.test"), zip);
    expect(confirmed.status).toBe(200);
    const result = await confirmed.json();
    expect(result).toMatchObject({
      stakeholders: 2,
      stockClasses: 1,
      rounds: 1,
      issuances: 2,
      cancellations: 1,
      newIssuer: { name: "Admin Robotics, Inc.", ownerEmail: "broker@demo.test", invited: false },
    });
    const issuerId = result.newIssuer.id as string;
    const { rows: account } = await t.server.db.query<{ type: string; email: string; role: string; member: string }>(
      `select a.type, a.email, ua.role, ue.email as member from app_public.accounts a
         join app_public.users_accounts ua on ua.account_id = a.id
         join app_public.user_emails ue on ue.user_id = ua.user_id
        where a.id = $1`,
      [issuerId],
    );
    expect(account).toEqual([
      { type: "issuer", email: "broker@demo.test", role: "account_owner", member: "broker@demo.test" },
    ]);
    const after = await footprint();
    expect(after.mails).toBe(before.mails); // added at once: no invitation mail
    expect(after.claim_tokens).toBe(before.claim_tokens);
    const imported = await importedRows(issuerId);
    expect(imported.map((r) => r.amount)).toEqual(["150000.5", "800000"]);

    // The owner selects the new issuer and replicates its imported documents; the cap table lists them.
    accountIds.set("Admin Robotics, Inc.", issuerId);
    const owner = await as("broker@demo.test", "Admin Robotics, Inc.");
    const holdings = await pulled(owner, "holdings");
    const rounds = await pulled(owner, "rounds");
    const assets = await pulled(owner, "assets");
    for (const row of imported) {
      expect(holdings.has(row.holding)).toBe(true);
      expect(rounds.has(row.round)).toBe(true);
      expect(assets.has(row.asset)).toBe(true);
    }
    const csv = await (await owner.fetch("/api/v2/reports/cap-table")).text();
    expect(csv).toContain("Gearbox Ventures LP,deals.ocf@gearbox.example,Admin Robotics Common,Robotics Seed");
  });

  it("invites a new e-mail: the claim link makes the person who signs up owner of the new issuer", async () => {
    const admin = await as("admin@demo.test", "Ledgerline Operations");
    const ownerEmail = "founder@new-issuer.example";
    const confirmed = await post(
      admin,
      newIssuerPath("/api/v2/imports/ocf/confirm", ownerEmail, "Founder Holdings"),
      packageNamed("Founder"),
    );
    expect(confirmed.status).toBe(200);
    const result = await confirmed.json();
    expect(result.newIssuer).toMatchObject({ name: "Founder Holdings", ownerEmail, invited: true });
    const issuerId = result.newIssuer.id as string;
    const { rows: members } = await t.server.db.query("select 1 from app_public.users_accounts where account_id = $1", [
      issuerId,
    ]);
    expect(members).toEqual([]);

    await t.server.mail.deliverQueued();
    const { rows: mails } = await t.server.db.query<{ subject: string; text_body: string; status: string }>(
      "select subject, text_body, status from app_private.mail_outbox where to_address = $1",
      [ownerEmail],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: "You are invited to Founder Holdings on Ledgerline", status: "logged" });
    const link = /(http\S+\/authenticate\/claim\?token=\S+)/.exec(mails[0]?.text_body ?? "")?.[1] ?? "";
    expect(link.startsWith(t.url)).toBe(true);

    const founder = t.client();
    expect(
      (await founder.signUp({ email: ownerEmail, password: "correct horse battery", firstName: "Fay", lastName: "Ng" }))
        .status,
    ).toBe(200);
    const claimed = await founder.fetch(new URL(link).pathname + new URL(link).search);
    expect(claimed.headers.get("location")).toMatch(/^\/account\/claim\?status=complete/);
    const { rows: owners } = await t.server.db.query<{ role: string; email: string }>(
      `select ua.role, ue.email from app_public.users_accounts ua join app_public.user_emails ue on ue.user_id = ua.user_id
        where ua.account_id = $1`,
      [issuerId],
    );
    expect(owners).toEqual([{ role: "account_owner", email: ownerEmail }]);
    // the new user accepts the platform's terms of service as sign-up asks, then opens the new issuer
    const { rows: terms } = await t.server.db.query<{ id: string }>(
      "select id from app_public.terms_of_service where active",
    );
    for (const { id } of terms) {
      const accepted = await founder.graphql(
        "mutation($id: UUID!) { acceptTerms(input: { termsId: $id }) { clientMutationId } }",
        {
          id,
        },
      );
      expect(accepted.errors).toBeUndefined();
    }
    expect(await founder.selectAccount(issuerId)).toMatchObject({ status: 303, location: "/dashboard" });
    const holdings = await pulled(founder, "holdings");
    const imported = await importedRows(issuerId);
    expect(imported).toHaveLength(2);
    for (const row of imported) expect(holdings.has(row.holding)).toBe(true);
  });

  it("creates the new issuer once when the confirm is repeated with its Idempotency-Key", async () => {
    const admin = await as("admin@demo.test", "Ledgerline Operations");
    const path = newIssuerPath("/api/v2/imports/ocf/confirm", "twice@new-issuer.example", "Twice Holdings");
    const zip = packageNamed("Twice");
    const key = crypto.randomUUID();
    const first = await post(admin, path, zip, { "idempotency-key": key });
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(answer.newIssuer).toMatchObject({ name: "Twice Holdings", invited: true });
    const before = await footprint();
    const again = await post(admin, path, zip, { "idempotency-key": key });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect(await footprint()).toEqual(before);
    const { rows } = await t.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_public.accounts where name = 'Twice Holdings'",
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("refuses an issuer owner, an investor and a signed-out request, leaving nothing", async () => {
    const zip = packageNamed("Refused");
    const before = await footprint();
    const owner = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    const investor = await as("investor@demo.test", "Emma Lawson");
    for (const client of [owner, investor, t.client()]) {
      for (const path of ["/api/v2/imports/ocf", "/api/v2/imports/ocf/confirm"]) {
        const response = await post(client, newIssuerPath(path, "refused@new-issuer.example"), zip);
        expect(response.status).toBe(client === owner || client === investor ? 403 : 401);
        expect((await response.json()).errors[0].message).toMatch(/^(Operation not allowed|Not signed in)$/);
      }
    }
    // an admin's import without newIssuer is still an issuer's import: refused for the admin account
    const admin = await as("admin@demo.test", "Ledgerline Operations");
    expect((await post(admin, "/api/v2/imports/ocf/confirm", zip)).status).toBe(403);
    // a cross-site post by the admin
    const crossSite = await post(admin, newIssuerPath("/api/v2/imports/ocf/confirm", "x@new-issuer.example"), zip, {
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    expect(await footprint()).toEqual(before);
    const { rows } = await t.server.db.query("select 1 from app_public.accounts where name = 'Refused, Inc.'");
    expect(rows).toEqual([]);
  });

  it("refuses a bad package or a bad owner e-mail, writing nothing", async () => {
    const admin = await as("admin@demo.test", "Ledgerline Operations");
    const before = await footprint();
    const files = smallPackage();
    const dangling = structuredClone(files);
    ((dangling["Transactions.ocf.json"] as OcfJson).items?.[1] as Record<string, unknown>).stakeholder_id = "sh-nobody";
    const bad = buildPackage(dangling);

    const previewed = await post(admin, newIssuerPath("/api/v2/imports/ocf", "bad@new-issuer.example"), bad);
    expect(previewed.status).toBe(200);
    const preview = await previewed.json();
    expect(preview.errors).toBeGreaterThan(0);
    expect(JSON.stringify(preview.problems)).toMatch(/stakeholder_id sh-nobody does not name a STAKEHOLDER/);
    const confirmed = await post(admin, newIssuerPath("/api/v2/imports/ocf/confirm", "bad@new-issuer.example"), bad);
    expect(confirmed.status).toBe(422);
    expect(JSON.stringify(await confirmed.json())).toMatch(/iss-2.*stakeholder_id sh-nobody/);

    const version = buildPackage(files, { manifest: { ocf_version: "1.1.0" } });
    const refusedVersion = await post(
      admin,
      newIssuerPath("/api/v2/imports/ocf/confirm", "v@new-issuer.example"),
      version,
    );
    expect(refusedVersion.status).toBe(422);

    // A package the database refuses only while applying it (a date before 1900), after the account and the
    // owner's invitation were written in the same transaction: all of it is rolled back.
    const ancient = structuredClone(files);
    for (const name of ["Transactions.ocf.json", "Financings.ocf.json"] as const) {
      for (const item of (ancient[name] as OcfJson | undefined)?.items ?? []) {
        if (typeof item.date === "string") item.date = "1850-01-01";
      }
    }
    const rolledBack = await post(
      admin,
      newIssuerPath("/api/v2/imports/ocf/confirm", "ancient@new-issuer.example", "Ancient Holdings"),
      buildPackage(ancient),
    );
    expect(rolledBack.status).toBe(422);
    expect((await rolledBack.json()).errors[0].message).toBe(
      "Nothing was imported: Enter a valid date between 01/01/1900 and 12/31/2199.",
    );

    for (const email of ["", "not-an-email"]) {
      const response = await post(admin, newIssuerPath("/api/v2/imports/ocf/confirm", email), packageNamed("Bad Mail"));
      expect(response.status).toBe(422);
      expect((await response.json()).errors[0].message).toBe(
        email ? "Please enter a valid email address." : "Owner email is required.",
      );
    }
    expect(await footprint()).toEqual(before);
  });
});
