// POST /api/v2/pull: the same documents and checkpoints as the GraphQL field pullDocuments for the same account and
// checkpoint (row-level security included), soft deletes, and the refusals (no session, no account, bad input).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let models: string[];

interface Checkpoint {
  txid: string;
  seq: string | number;
}

interface Batch {
  documents: Array<{ id: string; _deleted: boolean } & Record<string, unknown>>;
  checkpoint: Checkpoint;
}

const START: Checkpoint = { txid: "0", seq: "0" };

async function signedIn(email: string, accountType?: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  const answer = await client.graphql<{
    currentUser: { usersAccounts: { nodes: Array<{ account: { id: string; type: string } }> } };
  }>("{ currentUser { usersAccounts { nodes { account { id type } } } } }");
  const account = answer.data?.currentUser.usersAccounts.nodes
    .map((node) => node.account)
    .find((a) => !accountType || a.type === accountType);
  if (!account) throw new Error(`${email} has no ${accountType ?? ""} account`);
  expect((await client.selectAccount(account.id)).status).toBe(303);
  return client;
}

function post(client: TestClient, body: unknown, init: RequestInit = {}): Promise<Response> {
  return client.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

async function pullEndpoint(client: TestClient, model: string, after: Checkpoint, limit: number): Promise<Batch> {
  const response = await post(client, { model, afterTxid: after.txid, afterSeq: String(after.seq), limit });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`pull ${model}: ${response.status} ${text}`);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return JSON.parse(text) as Batch;
}

async function pullGraphql(client: TestClient, model: string, after: Checkpoint, limit: number): Promise<Batch> {
  const answer = await client.graphql<{ pullDocuments: Batch | string }>(
    `query pull($model: String!, $afterTxid: String!, $afterSeq: BigInt!, $lim: Int!) {
      pullDocuments(model: $model, afterTxid: $afterTxid, afterSeq: $afterSeq, lim: $lim)
    }`,
    { model, afterTxid: after.txid, afterSeq: String(after.seq), lim: limit },
  );
  if (answer.errors) throw new Error(`pullDocuments ${model}: ${JSON.stringify(answer.errors)}`);
  const value = answer.data?.pullDocuments;
  return (typeof value === "string" ? JSON.parse(value) : value) as Batch;
}

/** Walks a model page by page through both, asserting each page is the same; returns the live documents' ids. */
async function walkBoth(client: TestClient, model: string, limit: number): Promise<{ ids: string[]; end: Checkpoint }> {
  let after = START;
  const ids: string[] = [];
  for (let page = 0; page < 1000; page++) {
    const viaGraphql = await pullGraphql(client, model, after, limit);
    const viaEndpoint = await pullEndpoint(client, model, after, limit);
    expect(viaEndpoint).toEqual(viaGraphql);
    for (const doc of viaEndpoint.documents) if (!doc._deleted) ids.push(doc.id);
    after = viaEndpoint.checkpoint;
    if (viaEndpoint.documents.length < limit) return { ids, end: after };
  }
  throw new Error(`${model}: the pull never ended`);
}

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ model: string }>(
    "select model from app_private.replicated_models order by model",
  );
  models = rows.map((row) => row.model);
});

afterAll(async () => {
  await t?.close();
});

describe("the same answer as pullDocuments", () => {
  for (const [email, type] of [
    ["issuer@demo.test", "issuer"],
    ["investor@demo.test", "investor"],
    ["agent@demo.test", "agent"],
  ] as const) {
    it(`as the ${type}: every model, page by page, same documents and checkpoints`, async () => {
      const client = await signedIn(email, type);
      expect(models.length).toBeGreaterThan(5);
      let documents = 0;
      for (const model of models) documents += (await walkBoth(client, model, 3)).ids.length;
      expect(documents).toBeGreaterThan(0);
    });
  }

  it("applies row-level security: an investor gets only the holdings the API shows it", async () => {
    const issuer = await signedIn("issuer@demo.test", "issuer");
    const investor = await signedIn("investor@demo.test", "investor");
    const issuerHoldings = (await walkBoth(issuer, "holdings", 1000)).ids.sort();
    const investorHoldings = (await walkBoth(investor, "holdings", 1000)).ids.sort();
    const api = await investor.graphql<{ allHoldings: { nodes: Array<{ id: string }> } }>(
      "{ allHoldings { nodes { id } } }",
    );
    expect(investorHoldings).toEqual((api.data?.allHoldings.nodes ?? []).map((node) => node.id).sort());
    expect(investorHoldings.length).toBeGreaterThan(0);
    expect(investorHoldings.length).toBeLessThan(issuerHoldings.length);
  });

  it("answers a full page as one JSON text with the checkpoint of its last change", async () => {
    const client = await signedIn("issuer@demo.test", "issuer");
    const first = await pullEndpoint(client, "holdings", START, 2);
    expect(first.documents).toHaveLength(2);
    expect(first.checkpoint.txid).toMatch(/^[0-9]+$/);
    const second = await pullEndpoint(client, "holdings", first.checkpoint, 2);
    expect(second.documents.map((doc) => doc.id)).not.toContain(first.documents[0]?.id);
  });
});

describe("app_private.pull_documents_text (the endpoint's SQL)", () => {
  it("prints byte for byte what pull_documents(...)::text prints, for every demo account and model", async () => {
    const { rows: members } = await t.server.db.query<{
      user_id: string;
      account_id: string;
      type: string;
      role: string;
    }>(
      `select distinct on (ua.account_id) ua.user_id, ua.account_id, a.type, ua.role
         from app_public.users_accounts ua join app_public.accounts a on a.id = ua.account_id
        where ua.status = 'active' order by ua.account_id, ua.user_id`,
    );
    expect(members.length).toBeGreaterThan(5);
    let pages = 0;
    for (const member of members) {
      const claims: Array<[string, string]> = [
        ["role", "app_user"],
        ["jwt.claims.user_id", member.user_id],
        ["jwt.claims.account_id", member.account_id],
        ["jwt.claims.account_type", member.type],
        ["jwt.claims.role", member.role],
      ];
      await t.server.db.transaction(async (tx) => {
        await tx.query("select set_config(el->>0, el->>1, true) from json_array_elements($1::json) el", [
          JSON.stringify(claims),
        ]);
        for (const model of models) {
          let after = START;
          for (;;) {
            const { rows } = await tx.query<{ text: string; json: string }>(
              `select app_private.pull_documents_text($1, $2, $3::bigint, 4) as text,
                      app_public.pull_documents($1, $2, $3::bigint, 4)::text as json`,
              [model, after.txid, String(after.seq)],
            );
            const row = rows[0];
            expect(row?.text).toBe(row?.json);
            pages++;
            const batch = JSON.parse(row?.text ?? "null") as Batch;
            if (batch.documents.length < 4) break;
            after = batch.checkpoint;
          }
        }
      });
    }
    expect(pages).toBeGreaterThan(members.length * models.length);
  });
});

describe("soft deletes", () => {
  it("serves a deleted row as {id, _deleted: true} after the checkpoint, as pullDocuments does", async () => {
    const client = await signedIn("issuer@demo.test", "issuer");
    const { ids, end } = await walkBoth(client, "customers", 1000);
    const customerId = ids[0];
    expect(customerId).toBeDefined();
    await t.server.db.query("delete from app_public.customers where id = $1", [customerId]);
    const viaEndpoint = await pullEndpoint(client, "customers", end, 1000);
    expect(viaEndpoint.documents).toContainEqual({ id: customerId, _deleted: true });
    expect(viaEndpoint).toEqual(await pullGraphql(client, "customers", end, 1000));
    // Nothing more after the new checkpoint.
    expect((await pullEndpoint(client, "customers", viaEndpoint.checkpoint, 1000)).documents).toEqual([]);
  });
});

describe("refusals", () => {
  const valid = { model: "holdings", afterTxid: "0", afterSeq: "0", limit: 10 };

  it("401 without a session, with the body of the GraphQL endpoint's 401", async () => {
    const anonymous = t.client();
    const response = await post(anonymous, valid);
    expect(response.status).toBe(401);
    const graphql = await anonymous.fetch("/api/v2/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(graphql.status).toBe(401);
    expect(await response.json()).toEqual(await graphql.json());
  });

  it("401 after sign-out, and while no account is chosen", async () => {
    const client = await signedIn("issuer@demo.test", "issuer");
    expect((await post(client, valid)).status).toBe(200);
    await (await client.fetch("/authenticate/app-user")).arrayBuffer();
    const noAccount = await post(client, valid);
    expect(noAccount.status).toBe(401);
    expect(
      ((await noAccount.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code,
    ).toBe("LL401");
    const stale = client.session;
    await (await client.fetch("/authenticate/logout")).arrayBuffer();
    const after = await t.client().fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `ll_session=${stale}` },
      body: JSON.stringify(valid),
    });
    expect(after.status).toBe(401);
  });

  it("400 with a message that names the problem", async () => {
    const client = await signedIn("issuer@demo.test", "issuer");
    const cases: Array<[unknown, RegExp]> = [
      [{ ...valid, model: "nonsense" }, /Unknown read model "nonsense"/],
      [{ ...valid, model: "holdings; drop table x" }, /model/],
      [{ ...valid, model: undefined }, /model/],
      [{ ...valid, afterTxid: 0 }, /afterTxid/],
      [{ ...valid, afterTxid: "12a" }, /afterTxid/],
      [{ ...valid, afterTxid: "18446744073709551616" }, /afterTxid/],
      [{ ...valid, afterSeq: "-1" }, /afterSeq/],
      [{ ...valid, afterSeq: 5 }, /afterSeq/],
      [{ ...valid, afterSeq: "9223372036854775808" }, /afterSeq/],
      [{ ...valid, limit: 0 }, /limit/],
      [{ ...valid, limit: 1001 }, /limit/],
      [{ ...valid, limit: 2.5 }, /limit/],
      [{ ...valid, limit: "10" }, /limit/],
      [[valid], /JSON object/],
      ["{not json", /not valid JSON/],
    ];
    for (const [body, message] of cases) {
      const response = await post(client, body);
      const answer = (await response.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(answer.errors[0]?.message).toMatch(message);
      expect(answer.errors[0]?.extensions.code).toBe("LL400");
    }
    // The limits themselves are accepted.
    expect((await post(client, { ...valid, limit: 1 })).status).toBe(200);
    expect((await post(client, { ...valid, limit: 1000 })).status).toBe(200);
  });

  it("only POST, only application/json", async () => {
    const client = await signedIn("issuer@demo.test", "issuer");
    const get = await client.fetch("/api/v2/pull");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const form = await post(client, "model=holdings", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const text = await post(client, JSON.stringify(valid), { headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
  });
});
