// API keys with the client bypassed (issue 35 items 1 and 2, docs/API.md "API keys"): who may make and revoke keys
// (owners and admins; viewers, a key itself and other accounts are refused), and what a request with
// `Authorization: Bearer <key>` reaches: GraphQL, the command endpoint and downloads as the key's account and role,
// without sign-in, under the same row-level security; a viewer key and an investor's personal key write nothing;
// a revoked or wrong key is 401; over the key's rate, 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_TEXT } from "../../sync/http/api-keys.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const ids = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) ids.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

const ISSUER = "Northwind Renewables, Inc.";
const BROKER = "Harborview Capital Markets LLC";
const INVESTOR = "Emma Lawson";

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(ids.get(accountName) ?? "")).status).toBe(303);
  return client;
}

interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** A plain request with the key and no cookie, as curl would send it. */
async function withKey(key: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${key}`);
  return fetch(new URL(path, t.url), { ...init, headers, redirect: "manual" });
}

async function graphqlWithKey<T = Record<string, unknown>>(
  key: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<Answer<T>> {
  const response = await withKey(key, "/api/v2/graphql", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, ...((await response.json()) as object) };
}

const code = (r: { errors?: Array<{ extensions?: { code?: string } }> }) => r.errors?.[0]?.extensions?.code;
const message = (r: { errors?: Array<{ message: string }> }) => r.errors?.[0]?.message;

const CREATE = `mutation ($name: String!, $role: String!) {
  createApiKey(input: { name: $name, role: $role }) { apiKeyCreation { keyId secret } } }`;
const REVOKE = `mutation ($id: UUID!) { revokeApiKey(input: { keyId: $id }) { apiKey { id revokedOn } } }`;
const KEYS = "{ allApiKeys(orderBy: CREATED_ON_ASC) { nodes { id name role prefix lastUsedOn revokedOn } } }";
const WHO = "{ currentUser { id } currentAccount { id name } }";
const HOLDINGS = "{ allHoldings { totalCount nodes { id investorId } } }";

interface Creation {
  createApiKey: { apiKeyCreation: { keyId: string; secret: string } } | null;
}
interface Keys {
  allApiKeys: {
    nodes: Array<{
      id: string;
      name: string;
      role: string;
      prefix: string;
      lastUsedOn: string | null;
      revokedOn: string | null;
    }>;
  };
}

async function createKey(client: TestClient, name: string, role: string) {
  const answer = await client.graphql<Creation>(CREATE, { name, role });
  return { answer, key: answer.data?.createApiKey?.apiKeyCreation ?? null };
}

async function keyCount(): Promise<number> {
  const { rows } = await t.server.db.query<{ n: number }>("select count(*)::int as n from app_public.api_keys");
  return rows[0]?.n ?? -1;
}

/** A command as the device's outbox sends it, with the key instead of a cookie. */
async function commandWithKey(key: string, userId: string, accountId: string, mutation: string, variables: object) {
  const response = await withKey(key, "/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify([
      {
        key: crypto.randomUUID(),
        mutation,
        variables,
        userId,
        accountId,
        createdOn: new Date().toISOString(),
        deviceId: "api-key-test",
        seq: 1,
      },
    ]),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { results: Array<{ status: string; errorCode: string | null }> };
  return body.results[0];
}

describe("account API keys", () => {
  let owner: TestClient;
  let adminKey = "";
  let viewerKey = "";
  let viewerKeyId = "";

  beforeAll(async () => {
    owner = await as("issuer@demo.test", ISSUER);
  });

  it("owners and admins make keys, seen once; only a hash is stored; viewers, investors' admin keys and bad input are refused", async () => {
    const made = await createKey(owner, "Books sync", "admin");
    expect(made.answer.errors).toBeUndefined();
    expect(made.key?.secret).toMatch(/^llk_[0-9a-f]{64}$/);
    adminKey = made.key?.secret ?? "";
    const { rows } = await t.server.db.query<{ stored: string }>(
      "select row_to_json(k)::text || row_to_json(s)::text as stored from app_public.api_keys k join app_private.api_key_secrets s on s.key_id = k.id where k.id = $1",
      [made.key?.keyId],
    );
    expect(rows[0]?.stored).toBeTruthy();
    expect(rows[0]?.stored).not.toContain(adminKey);

    const admin = await as("multi@demo.test", ISSUER);
    const byAdmin = await createKey(admin, "Reporting", "viewer");
    expect(byAdmin.answer.errors).toBeUndefined();
    viewerKey = byAdmin.key?.secret ?? "";
    viewerKeyId = byAdmin.key?.keyId ?? "";

    const listed = await owner.graphql<Keys>(KEYS);
    expect(listed.data?.allApiKeys.nodes.map((k) => [k.name, k.role, k.revokedOn])).toEqual([
      ["Books sync", "admin", null],
      ["Reporting", "viewer", null],
    ]);
    expect(listed.data?.allApiKeys.nodes[0]?.prefix).toBe(adminKey.slice(0, 12));
    expect(JSON.stringify(listed)).not.toContain(adminKey);

    const before = await keyCount();
    const viewer = await as("issuer-viewer@demo.test", ISSUER);
    const refused = await createKey(viewer, "Mine", "viewer");
    expect(code(refused.answer)).toBe("LL403");
    expect(code(await viewer.graphql(REVOKE, { id: viewerKeyId }))).toBe("LL403");
    expect(code((await createKey(owner, "  ", "viewer")).answer)).toBe("LL422");
    expect(message((await createKey(owner, "  ", "viewer")).answer)).toBe("Name is a required field.");
    expect(message((await createKey(owner, "X", "owner")).answer)).toBe("Choose a role: admin or viewer.");
    const investor = await as("investor@demo.test", INVESTOR);
    expect(message((await createKey(investor, "Tracker", "admin")).answer)).toBe(
      "A personal key can only read: choose the viewer role.",
    );
    // another account's owner neither sees nor revokes this account's keys
    const broker = await as("broker@demo.test", BROKER);
    expect((await broker.graphql<Keys>(KEYS)).data?.allApiKeys.nodes).toEqual([]);
    expect(code(await broker.graphql(REVOKE, { id: viewerKeyId }))).toBe("LL404");
    expect(await keyCount()).toBe(before);
  });

  it("reaches GraphQL, the command endpoint and downloads as the key's account and role, without sign-in", async () => {
    const who = await graphqlWithKey<{ currentUser: { id: string }; currentAccount: { id: string; name: string } }>(
      adminKey,
      WHO,
    );
    expect(who.status).toBe(200);
    expect(who.data?.currentAccount).toEqual({ id: ids.get(ISSUER), name: ISSUER });
    const userId = who.data?.currentUser.id ?? "";
    const accountId = ids.get(ISSUER) ?? "";

    // the same rows as the owner's session: the same row-level security
    const viaKey = await graphqlWithKey<{ allRounds: { totalCount: number } }>(
      adminKey,
      "{ allRounds { totalCount } }",
    );
    const viaSession = await owner.graphql<{ allRounds: { totalCount: number } }>("{ allRounds { totalCount } }");
    expect(viaKey.data?.allRounds.totalCount).toBeGreaterThan(0);
    expect(viaKey.data?.allRounds.totalCount).toBe(viaSession.data?.allRounds.totalCount);

    const url = "https://books.northwind.example";
    const accepted = await commandWithKey(adminKey, userId, accountId, "updateAccountById", {
      input: { id: accountId, patch: { url } },
    });
    expect(accepted?.status).toBe("accepted");
    const { rows } = await t.server.db.query<{ url: string }>("select url from app_public.accounts where id = $1", [
      accountId,
    ]);
    expect(rows[0]?.url).toBe(url);

    const csv = await withKey(adminKey, "/api/v2/reports/cap-table");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).length).toBeGreaterThan(0);

    const listed = await owner.graphql<Keys>(KEYS);
    expect(listed.data?.allApiKeys.nodes.find((k) => k.name === "Books sync")?.lastUsedOn).toBeTruthy();
    expect(listed.data?.allApiKeys.nodes.find((k) => k.name === "Reporting")?.lastUsedOn).toBeNull();
  });

  it("a viewer key reads but writes nothing, on GraphQL or as a command; a key makes no keys", async () => {
    const accountId = ids.get(ISSUER) ?? "";
    const read = await graphqlWithKey<{ currentAccount: { url: string | null } }>(
      viewerKey,
      "{ currentAccount { url } }",
    );
    expect(read.data?.currentAccount.url).toBe("https://books.northwind.example");
    const refused = await graphqlWithKey(
      viewerKey,
      `mutation ($id: UUID!) { updateAccountById(input: { id: $id, patch: { url: "https://evil.example" } }) { account { url } } }`,
      { id: accountId },
    );
    expect(refused.errors?.length).toBeGreaterThan(0);
    const who = await graphqlWithKey<{ currentUser: { id: string } }>(viewerKey, WHO);
    const asCommand = await commandWithKey(viewerKey, who.data?.currentUser.id ?? "", accountId, "updateAccountById", {
      input: { id: accountId, patch: { url: "https://evil.example" } },
    });
    expect(asCommand?.status).toBe("rejected");
    const { rows } = await t.server.db.query<{ url: string }>("select url from app_public.accounts where id = $1", [
      accountId,
    ]);
    expect(rows[0]?.url).toBe("https://books.northwind.example");

    const before = await keyCount();
    const made = await graphqlWithKey(adminKey, CREATE, { name: "From a key", role: "admin" });
    expect(code(made)).toBe("LL403");
    expect(message(made)).toBe("API keys are made and revoked in the app, not with an API key.");
    expect(await keyCount()).toBe(before);
  });

  it("a key never reaches another account's data", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const brokerKey = (await createKey(broker, "Desk", "viewer")).key?.secret ?? "";
    const brokerWho = await graphqlWithKey<{ currentAccount: { id: string } }>(brokerKey, WHO);
    expect(brokerWho.data?.currentAccount.id).toBe(ids.get(BROKER));
    // the issuer's key sees only the issuer's keys, the broker's only the broker's
    const issuerSees = await graphqlWithKey<Keys>(adminKey, KEYS);
    expect(issuerSees.data?.allApiKeys.nodes.map((k) => k.name)).toEqual(["Books sync", "Reporting"]);
    const brokerSees = await graphqlWithKey<Keys>(brokerKey, KEYS);
    expect(brokerSees.data?.allApiKeys.nodes.map((k) => k.name)).toEqual(["Desk"]);
    // the issuer's account is not the broker key's to change
    const issuerId = ids.get(ISSUER) ?? "";
    const refused = await graphqlWithKey(
      brokerKey,
      `mutation ($id: UUID!) { updateAccountById(input: { id: $id, patch: { url: "https://evil.example" } }) { account { url } } }`,
      { id: issuerId },
    );
    expect(refused.errors?.length).toBeGreaterThan(0);
    // the broker key's cap table download is the broker's, not the issuer's
    const viaKey = await (await withKey(brokerKey, "/api/v2/reports/cap-table")).text();
    expect(viaKey).toBe(await (await broker.fetch("/api/v2/reports/cap-table")).text());
    expect(viaKey).not.toBe(await (await withKey(adminKey, "/api/v2/reports/cap-table")).text());
  });

  it("a revoked or wrong key is 401 with a clear message, on every route", async () => {
    const revoked = await owner.graphql<{ revokeApiKey: { apiKey: { revokedOn: string | null } } }>(REVOKE, {
      id: viewerKeyId,
    });
    expect(revoked.data?.revokeApiKey.apiKey.revokedOn).toBeTruthy();
    // a wrong key: the admin key with its last digit changed (one key in 16 already ends in 0)
    const wrong = `${adminKey.slice(0, -1)}${adminKey.endsWith("0") ? "1" : "0"}`;
    for (const key of [viewerKey, wrong, "", "x".repeat(500)]) {
      const answer = await graphqlWithKey(key, WHO);
      expect(answer.status).toBe(401);
      expect(message(answer)).toBe(API_KEY_TEXT.invalid);
      expect((await withKey(key, "/api/v2/reports/cap-table")).status).toBe(401);
      expect((await withKey(key, "/api/v2/commands", { method: "POST", body: "[]" })).status).toBe(401);
    }
    // the key still works for whom it was not revoked
    expect((await graphqlWithKey(adminKey, WHO)).status).toBe(200);
  });

  it("over its rate a key gets 429 with Retry-After, the others do not", async () => {
    const { rows } = await t.server.db.query<{ key_id: string }>(
      "select k.id as key_id from app_public.api_keys k where k.name = 'Books sync'",
    );
    await t.server.db.query(
      "update app_private.api_key_secrets set requests_per_minute = 3, window_start = now(), window_count = 0 where key_id = $1",
      [rows[0]?.key_id],
    );
    for (let i = 0; i < 3; i++) expect((await graphqlWithKey(adminKey, WHO)).status).toBe(200);
    const limited = await graphqlWithKey(adminKey, WHO);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(message(limited)).toBe(API_KEY_TEXT.tooMany(retryAfter));
    // the minute over, the key is let in again
    await t.server.db.query(
      "update app_private.api_key_secrets set window_start = now() - interval '61 seconds' where key_id = $1",
      [rows[0]?.key_id],
    );
    expect((await graphqlWithKey(adminKey, WHO)).status).toBe(200);
  });
});

describe("the investor's personal key", () => {
  it("reads the investor's own holdings, transactions and documents, and writes nothing", async () => {
    const investor = await as("investor@demo.test", INVESTOR);
    const made = await createKey(investor, "Portfolio tracker", "viewer");
    expect(made.answer.errors).toBeUndefined();
    const key = made.key?.secret ?? "";
    const investorId = ids.get(INVESTOR) ?? "";

    type Holdings = { allHoldings: { totalCount: number; nodes: Array<{ investorId: string }> } };
    const viaKey = await graphqlWithKey<Holdings>(key, HOLDINGS);
    const viaSession = await investor.graphql<Holdings>(HOLDINGS);
    expect(viaKey.data?.allHoldings.totalCount).toBeGreaterThan(0);
    expect(viaKey.data?.allHoldings.totalCount).toBe(viaSession.data?.allHoldings.totalCount);
    expect(new Set(viaKey.data?.allHoldings.nodes.map((h) => h.investorId))).toEqual(new Set([investorId]));
    const entries = "{ allLedgerEntries { totalCount } allDocuments { totalCount } }";
    expect((await graphqlWithKey(key, entries)).data).toEqual((await investor.graphql(entries)).data);

    const ofx = await withKey(key, "/api/v2/portfolio/portfolio.ofx");
    expect(ofx.status).toBe(200);
    expect(await ofx.text()).toContain("<INVPOSLIST>");

    const refused = await graphqlWithKey(
      key,
      `mutation ($id: UUID!) { updateAccountById(input: { id: $id, patch: { url: "https://evil.example" } }) { account { url } } }`,
      { id: investorId },
    );
    expect(refused.errors?.length).toBeGreaterThan(0);
    const { rows } = await t.server.db.query<{ url: string | null }>(
      "select url from app_public.accounts where id = $1",
      [investorId],
    );
    expect(rows[0]?.url).not.toBe("https://evil.example");
  });
});
