// The workspace's other writes with the client bypassed (spec part 1 sections 2.12, 6, 7): a broker answers its
// round invitations (only sent -> accepted | rejected, only the invited broker, never a viewer); a broker creates
// fully managed issuer accounts (makeIssuerAccount, the spec's messages); the vendor default email preference is
// the issuer's or broker's own, changed by owners and admins only. Plus what the accounts read model carries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();

const ISSUER = "Northwind Renewables, Inc.";
const BROKER = "Harborview Capital Markets LLC";

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

const idOf = (name: string) => {
  const id = accountIds.get(name);
  if (!id) throw new Error(`demo account ${name} not found`);
  return id;
};

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(idOf(accountName))).status).toBe(303);
  return client;
}

const ANSWER = `mutation answer($id: UUID!, $status: String!) {
  updateBrokerAllocationById(input: { id: $id, patch: { status: $status } }) { brokerAllocation { id status } } }`;

async function sentInvitation(): Promise<string> {
  // a fresh round of the issuer and an invitation of the broker to it, written as the database owner
  const { rows } = await t.server.db.query<{ id: string }>(
    `with round as (
       insert into app_public.rounds (asset_id, name, opens_on, closes_on, status, total, terms_url, price)
       select a.id, 'Invitation test round', now(), now() + interval '30 days', 'active', 1000, 'https://example.test', 1
       from app_public.assets a where a.issuer_id = $2 order by a.created_on limit 1 returning id)
     insert into app_public.broker_allocations (round_id, broker_id, name, managed_units, status)
     select round.id, $1, 'Test invitation', 1000, 'sent' from round returning id`,
    [idOf(BROKER), idOf(ISSUER)],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error("no asset to invite to");
  return id;
}

const statusOf = async (id: string) =>
  (await t.server.db.query<{ status: string }>("select status from app_public.broker_allocations where id = $1", [id]))
    .rows[0]?.status;

describe("broker invitations", () => {
  it("the invited broker's owner accepts or rejects a sent invitation, once", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const first = await sentInvitation();
    const accepted = await broker.graphql(ANSWER, { id: first, status: "accepted" });
    expect(accepted.errors).toBeUndefined();
    expect(await statusOf(first)).toBe("accepted");
    // no second answer
    const again = await broker.graphql(ANSWER, { id: first, status: "rejected" });
    expect(again.errors?.[0]?.extensions?.code).toBe("LL403");
    expect(await statusOf(first)).toBe("accepted");

    const second = await sentInvitation();
    expect((await broker.graphql(ANSWER, { id: second, status: "rejected" })).errors).toBeUndefined();
    expect(await statusOf(second)).toBe("rejected");
  });

  it("the issuer and a broker viewer cannot answer", async () => {
    const id = await sentInvitation();
    const issuer = await as("issuer@demo.test", ISSUER);
    expect((await issuer.graphql(ANSWER, { id, status: "accepted" })).errors?.[0]?.extensions?.code).toBe("LL403");
    const viewer = await as("multi@demo.test", BROKER);
    expect((await viewer.graphql(ANSWER, { id, status: "accepted" })).errors?.[0]?.extensions?.code).toBe("LL403");
    expect(await statusOf(id)).toBe("sent");
  });
});

const MAKE_ISSUER = `mutation make($id: UUID, $name: String!, $email: String!) {
  makeIssuerAccount(input: { id: $id, companyName: $name, companyEmail: $email }) { account { id name type } } }`;

describe("makeIssuerAccount", () => {
  it("creates a managed issuer account with the client's id, and says what is missing", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const id = crypto.randomUUID();
    const made = await broker.graphql<{ makeIssuerAccount: { account: { id: string; type: string } } }>(MAKE_ISSUER, {
      id,
      name: "Lakeside Ventures",
      email: `cfo-${Date.now()}@lakeside.test`,
    });
    expect(made.errors).toBeUndefined();
    expect(made.data?.makeIssuerAccount.account).toMatchObject({ id, type: "issuer" });
    const { rows } = await t.server.db.query(
      "select 1 from app_public.managed_accounts where account_id = $1 and manager_id = $2",
      [id, idOf(BROKER)],
    );
    expect(rows).toHaveLength(1);

    expect((await broker.graphql(MAKE_ISSUER, { name: " ", email: "a@b.co" })).errors?.[0]?.message).toBe(
      "Name is required.",
    );
    expect((await broker.graphql(MAKE_ISSUER, { name: "X", email: "" })).errors?.[0]?.message).toBe(
      "Email is required.",
    );
  });

  it("is refused to issuers and to a broker viewer", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    expect(
      (await issuer.graphql(MAKE_ISSUER, { name: "Nope", email: "nope@x.co" })).errors?.[0]?.extensions?.code,
    ).toBe("LL403");
    const viewer = await as("multi@demo.test", BROKER);
    expect(
      (await viewer.graphql(MAKE_ISSUER, { name: "Nope", email: "nope@x.co" })).errors?.[0]?.extensions?.code,
    ).toBe("LL403");
  });
});

const PREFERENCE = `{ currentAccount { id } allVendorDefaultEmailPreferences { nodes { id accountId sendDistribution } } }`;
const UPDATE_PREFERENCE = `mutation set($id: UUID!, $value: Boolean!) {
  updateVendorDefaultEmailPreferenceById(input: { id: $id, patch: { sendDistribution: $value } }) {
    vendorDefaultEmailPreference { sendDistribution } } }`;
const CREATE_PREFERENCE = `mutation create($id: UUID!, $accountId: UUID!, $value: Boolean!) {
  createVendorDefaultEmailPreference(input: { vendorDefaultEmailPreference: { id: $id, accountId: $accountId, sendDistribution: $value } }) {
    vendorDefaultEmailPreference { id sendDistribution } } }`;

describe("vendor default email preference", () => {
  it("a broker owner reads and changes only its own", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const read = await broker.graphql<{
      allVendorDefaultEmailPreferences: { nodes: Array<{ id: string; accountId: string; sendDistribution: boolean }> };
    }>(PREFERENCE);
    expect(read.errors).toBeUndefined();
    const nodes = read.data?.allVendorDefaultEmailPreferences.nodes ?? [];
    expect(nodes.map((n) => n.accountId)).toEqual([idOf(BROKER)]);
    const own = nodes[0];
    if (!own) throw new Error("the demo broker has a preference");
    const flipped = await broker.graphql(UPDATE_PREFERENCE, { id: own.id, value: !own.sendDistribution });
    expect(flipped.errors).toBeUndefined();
    const { rows } = await t.server.db.query<{ send_distribution: boolean }>(
      "select send_distribution from app_public.vendor_default_email_preferences where id = $1",
      [own.id],
    );
    expect(rows[0]?.send_distribution).toBe(!own.sendDistribution);
  });

  it("an issuer owner creates or changes its own; not another's; a viewer and an investor cannot write", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const read = await issuer.graphql<{
      allVendorDefaultEmailPreferences: { nodes: Array<{ id: string; sendDistribution: boolean }> };
    }>(PREFERENCE);
    let id = read.data?.allVendorDefaultEmailPreferences.nodes[0]?.id;
    if (!id) {
      id = crypto.randomUUID();
      const created = await issuer.graphql(CREATE_PREFERENCE, { id, accountId: idOf(ISSUER), value: true });
      expect(created.errors).toBeUndefined();
    }
    expect((await issuer.graphql(UPDATE_PREFERENCE, { id, value: false })).errors).toBeUndefined();
    // not for another account
    const other = await issuer.graphql(CREATE_PREFERENCE, {
      id: crypto.randomUUID(),
      accountId: idOf(BROKER),
      value: false,
    });
    expect(other.errors?.length).toBeGreaterThan(0);

    const viewer = await as("issuer-viewer@demo.test", ISSUER);
    expect((await viewer.graphql(UPDATE_PREFERENCE, { id, value: true })).errors?.[0]?.extensions?.code).toBe("LL403");
    const investor = await as("investor@demo.test", "Emma Lawson");
    expect((await investor.graphql(UPDATE_PREFERENCE, { id, value: true })).errors?.length).toBeGreaterThan(0);
    const { rows } = await t.server.db.query<{ send_distribution: boolean }>(
      "select send_distribution from app_public.vendor_default_email_preferences where id = $1",
      [id],
    );
    expect(rows[0]?.send_distribution).toBe(false);
  });
});

describe("accounts read model", () => {
  it("carries the manager to the managing broker and the preference to its own account only", async () => {
    // the documents as a device of this account pulls them: under its claims and RLS
    const pull = async (account: string, ids: string[]) => {
      const { rows } = await t.server.db.transaction(async (tx) => {
        await tx.query(
          `select set_config('jwt.claims.account_id', $1, true),
                  set_config('jwt.claims.account_type', $2, true), set_config('jwt.claims.role', 'account_owner', true)`,
          [idOf(account), account === BROKER ? "broker" : "issuer"],
        );
        await tx.query("set local role app_user");
        return tx.query<{ id: string; doc: Record<string, unknown> }>(
          "select id, doc from app_private.docs_accounts($1)",
          [ids],
        );
      });
      return new Map(rows.map((row) => [row.id, row.doc]));
    };
    const { rows: managed } = await t.server.db.query<{ account_id: string }>(
      "select account_id from app_public.managed_accounts where manager_id = $1 limit 1",
      [idOf(BROKER)],
    );
    const managedId = managed[0]?.account_id;
    if (!managedId) throw new Error("the demo broker manages an account");
    const asBroker = await pull(BROKER, [managedId, idOf(BROKER), idOf(ISSUER)]);
    expect(asBroker.get(managedId)?.managedBy).toBe(idOf(BROKER));
    expect(asBroker.get(idOf(BROKER))?.vendorDefaultEmailPreference).toMatchObject({
      sendDistribution: expect.any(Boolean),
    });
    expect(asBroker.get(idOf(ISSUER))?.vendorDefaultEmailPreference ?? null).toBeNull();
    expect(asBroker.get(idOf(ISSUER))?.jurisdiction).toMatchObject({ alpha3: expect.stringMatching(/^[A-Z]{3}$/) });
  });
});
