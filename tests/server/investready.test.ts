// The InvestReady adapter against the local stand-in (tests/helpers/investready.ts; docs/ACCREDITATION.md
// "InvestReady"), the client bypassed: the credential for an accreditation step ({token, state} and where to sign in),
// the provider's answer read back and applied to the verification (approved with InvestReady's expiry, pending then
// approved on a refresh, rejected with its reason, an expired certificate), and the failures (the investor refuses,
// the server's credentials refused, a code used twice, an unknown InvestReady user, another investor's step).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readInvestReadySettings } from "../../sync/config.ts";
import { type InvestReadyStandIn, startInvestReadyStandIn } from "../helpers/investready.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let standIn: InvestReadyStandIn;
const accountIds = new Map<string, string>();
const ISSUER = "Northwind Renewables, Inc.";
let allocationId = "";

beforeAll(async () => {
  standIn = await startInvestReadyStandIn();
  t = await startTestServer({
    investready: { clientId: standIn.clientId, clientSecret: standIn.clientSecret, baseUrl: standIn.url },
  });
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(accountIds.get(accountName) ?? "")).status).toBe(303);
  return client;
}

async function stepFor(issuer: TestClient, email: string): Promise<{ id: string; schema: Record<string, unknown> }> {
  const made = await issuer.graphql<{ makeDistribution: { distribution: { id: string } } }>(
    `mutation ($allocationId: UUID!, $email: String!) {
       makeDistribution(input: { allocationId: $allocationId, accountEmail: $email, amount: "10" }) { distribution { id } } }`,
    { allocationId, email },
  );
  expect(made.errors).toBeUndefined();
  const distribution = made.data?.makeDistribution.distribution.id;
  await t.server.db.query("update app_public.distributions set status = 'open' where id = $1 and status = 'drafted'", [
    distribution,
  ]);
  const { rows } = await t.server.db.query<{ id: string; schema: Record<string, unknown> }>(
    `select s.id, s.schema from app_public.steps s join app_public.processes p on p.id = s.process_id
      where p.distribution_id = $1 and s.type = 'accreditation'`,
    [distribution],
  );
  if (!rows[0]) throw new Error("no step");
  return rows[0];
}

async function step(id: string) {
  const { rows } = await t.server.db.query<{ status: string; output_data: Record<string, unknown> }>(
    "select status, output_data from app_public.steps where id = $1",
    [id],
  );
  return rows[0];
}

async function verification(stepId: string) {
  const { rows } = await t.server.db.query<{
    status: string;
    provider: string;
    method: string;
    reason: string | null;
    expires_on: Date | null;
    provider_reference: string | null;
  }>(
    `select status, provider, method, reason, expires_on, provider_reference from app_public.accreditations
      where step_id = $1 order by submitted_on desc limit 1`,
    [stepId],
  );
  return rows[0];
}

async function credential(client: TestClient, stepId: string) {
  const response = await client.fetch("/api/v2/integration/investready-credential", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ stepId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The investor at InvestReady (the stand-in signs in as signInAs) and back: the page's status and text. */
async function verifyAtInvestReady(client: TestClient, url: string, replayCode = false) {
  const atProvider = await fetch(url, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(`${t.url}/api/v2/integration/investready/callback`);
  const page = await client.fetch(`${back.pathname}${back.search}`);
  const text = await page.text();
  if (replayCode) {
    const again = await client.fetch(`${back.pathname}${back.search}`);
    return { status: page.status, text, replay: { status: again.status, text: await again.text() } };
  }
  return { status: page.status, text };
}

describe("InvestReady", () => {
  let issuer: TestClient;

  it("an approval is read back and applied to the verification with InvestReady's expiry", async () => {
    issuer = await as("issuer@demo.test", ISSUER);
    const added = await issuer.graphql<{
      createAccountIntegration: { accountIntegration: { id: string } };
    }>(
      'mutation { createAccountIntegration(input: { integrationId: "7a000000-0000-4000-8000-000000000003" }) { accountIntegration { id } } }',
    );
    expect(added.errors).toBeUndefined();
    const { rows } = await t.server.db.query<{ id: string }>(
      `with a as (
         insert into app_public.allocations (round_id, owner_id, name, status, opens_on, closes_on)
           select r.id, $1, 'InvestReady Direct', 'open', '2025-09-01', '2026-12-31' from app_public.rounds r
             join app_public.assets s on s.id = r.asset_id where r.name = 'Series A' and s.issuer_id = $1
         returning id)
       insert into app_public.allocation_qualifications (allocation_id, vendor_qualification_id, execute_order)
         select a.id, v.id, 1 from a, app_public.vendor_qualifications v
          where v.account_id = $1 and v.name = 'Accreditation verification'
       returning allocation_id as id`,
      [accountIds.get(ISSUER)],
    );
    allocationId = rows[0]?.id ?? "";

    const emma = await as("investor@demo.test", "Emma Lawson");
    const emmaStep = await stepFor(issuer, "investor@demo.test");
    expect(emmaStep.schema).toMatchObject({ investReady: true });
    const answer = await credential(emma, emmaStep.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ token: expect.any(String), state: expect.any(String), url: expect.any(String) });
    const url = new URL(String(answer.body.url));
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.url}/oauth/authorize`);
    expect(url.searchParams.get("state")).toBe(answer.body.state);
    expect(url.searchParams.get("client_id")).toBe(standIn.clientId);

    const expiresOn = new Date(Date.now() + 60 * 86_400_000);
    standIn.users.set("emma@investready.test", { name: "Emma Lawson", status: "approved", expiresOn });
    standIn.signInAs = "emma@investready.test";
    const back = await verifyAtInvestReady(emma, url.toString(), true);
    expect(back.status).toBe(200);
    expect(back.text).toContain("InvestReady verified your accreditation.");
    // the same code again: InvestReady refuses it, and nothing changes
    expect(back.replay?.status).toBe(502);
    expect(back.replay?.text).toContain("The InvestReady sign-in expired or was already used.");
    expect(await verification(emmaStep.id)).toMatchObject({
      status: "approved",
      provider: "investready",
      method: "investready",
      expires_on: expiresOn,
      provider_reference: expect.any(String),
    });
    expect((await step(emmaStep.id))?.status).toBe("complete");
    // another investor cannot ask for a credential of Emma's step
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    expect((await credential(kim, emmaStep.id)).status).toBe(404);
  });

  it("pending waits for review and a refresh applies the later approval; a rejection fails the step with its reason", async () => {
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    const kimStep = await stepFor(issuer, "investor2@demo.test");
    standIn.users.set("kim@investready.test", { name: "Daniel Kim", status: "pending" });
    standIn.signInAs = "kim@investready.test";
    const pending = await verifyAtInvestReady(kim, String((await credential(kim, kimStep.id)).body.url));
    expect(pending.text).toContain("InvestReady is still reviewing your accreditation.");
    expect((await step(kimStep.id))?.status).toBe("processing");
    expect((await verification(kimStep.id))?.status).toBe("submitted");

    standIn.users.set("kim@investready.test", {
      name: "Daniel Kim",
      status: "approved",
      expiresOn: new Date(Date.now() + 30 * 86_400_000),
    });
    const refreshed = await kim.fetch("/api/v2/integration/investready-status", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stepId: kimStep.id }),
    });
    expect(await refreshed.json()).toEqual({ status: "approved" });
    // the tokens that read it again are kept sealed with the server's key
    const sealed = await t.server.db.query<{ readable: boolean; plain: boolean }>(
      `select app_private.unseal(tokens) ? 'access' as readable,
              position(convert_to(app_private.unseal(tokens) ->> 'access', 'UTF8') in tokens) > 0 as plain
         from app_private.investready_states where step_id = $1 and tokens is not null`,
      [kimStep.id],
    );
    expect(sealed.rows).toEqual([{ readable: true, plain: false }]);
    expect((await step(kimStep.id))?.status).toBe("complete");

    const jordan = await as("multi@demo.test", "Jordan Blake");
    const jordanStep = await stepFor(issuer, "multi@demo.test");
    standIn.users.set("jordan@investready.test", {
      name: "Jordan Blake",
      status: "rejected",
      reason: "The income documents are for another person.",
    });
    standIn.signInAs = "jordan@investready.test";
    const rejected = await verifyAtInvestReady(jordan, String((await credential(jordan, jordanStep.id)).body.url));
    expect(rejected.text).toContain("InvestReady could not verify your accreditation.");
    expect(await step(jordanStep.id)).toMatchObject({
      status: "failed",
      output_data: expect.objectContaining({ error: "The income documents are for another person." }),
    });

    // an expired certificate: refused with its date, the step open for another try
    standIn.users.set("jordan@investready.test", {
      name: "Jordan Blake",
      status: "expired",
      expiresOn: new Date("2026-01-15T12:00:00Z"),
    });
    await verifyAtInvestReady(jordan, String((await credential(jordan, jordanStep.id)).body.url));
    expect((await verification(jordanStep.id))?.reason).toBe(
      "Your InvestReady verification expired on 01/15/2026. Please verify again with InvestReady.",
    );
    expect((await step(jordanStep.id))?.status).toBe("failed");
  });

  it("the provider's failures say what happened and change nothing", async () => {
    const jordan = await as("multi@demo.test", "Jordan Blake");
    const { rows } = await t.server.db.query<{ id: string }>(
      `select s.id from app_public.steps s join app_public.processes p on p.id = s.process_id
        where p.investor_id = $1 and s.type = 'accreditation' and s.status = 'failed'`,
      [accountIds.get("Jordan Blake")],
    );
    const stepId = rows[0]?.id ?? "";
    const before = await t.server.db.query("select count(*) from app_public.accreditations");

    standIn.signInAs = "deny";
    const denied = await verifyAtInvestReady(jordan, String((await credential(jordan, stepId)).body.url));
    expect(denied.status).toBe(400);
    expect(denied.text).toContain("You did not allow Ledgerline to read your InvestReady verification.");

    standIn.signInAs = "nobody@investready.test";
    const unknown = await verifyAtInvestReady(jordan, String((await credential(jordan, stepId)).body.url));
    expect(unknown.status).toBe(502);
    expect(unknown.text).toContain("InvestReady has no account for you yet.");

    const secret = standIn.clientSecret;
    standIn.clientSecret = "rotated";
    standIn.signInAs = "jordan@investready.test";
    const refused = await verifyAtInvestReady(jordan, String((await credential(jordan, stepId)).body.url));
    standIn.clientSecret = secret;
    expect(refused.status).toBe(502);
    expect(refused.text).toContain("InvestReady refused this server&#39;s connection.");

    const unknownState = await jordan.fetch("/api/v2/integration/investready/callback?code=x&state=nope");
    expect(unknownState.status).toBe(404);
    expect((await t.server.db.query("select count(*) from app_public.accreditations")).rows).toEqual(before.rows);
    expect((await step(stepId))?.status).toBe("failed");
  });
});

describe("InvestReady settings", () => {
  it("takes both credentials or neither, and says which one is missing", () => {
    expect(readInvestReadySettings({})).toBeNull();
    expect(readInvestReadySettings({ INVESTREADY_CLIENT_ID: "id", INVESTREADY_CLIENT_SECRET: "secret" })).toEqual({
      clientId: "id",
      clientSecret: "secret",
      baseUrl: "https://api.investready.com",
    });
    expect(() => readInvestReadySettings({ INVESTREADY_CLIENT_ID: "id" })).toThrow(
      "InvestReady is half configured: INVESTREADY_CLIENT_SECRET is not set",
    );
    expect(() => readInvestReadySettings({ INVESTREADY_CLIENT_SECRET: "secret" })).toThrow(
      /INVESTREADY_CLIENT_ID is not set/,
    );
    expect(() => readInvestReadySettings({ INVESTREADY_BASE_URL: "https://sandbox.test" })).toThrow(
      /INVESTREADY_BASE_URL is set without/,
    );
  });
});
