// The DocuSign eSignature REST v2.1 adapter (sync/signing/docusign.ts) against the local stand-in (tests/helpers/
// docusign.ts): the JWT grant with consent_required, an expired token renewed once, 429 with Retry-After honoured,
// templates with recipients, tabs and documents; then the whole flow through the server: 'Sync template list',
// mapping, a signing step, the embedded recipient view from POST /api/v2/integration/docusign-link with the
// envelope's prefilled tabs, and Connect's webhook (HMAC-SHA256, X-DocuSign-Signature-1) completing the step; a
// webhook with a wrong signature changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docusignProvider } from "../../sync/signing/docusign.ts";
import { SigningProviderError } from "../../sync/signing/provider.ts";
import { type DocusignStandIn, startDocusignStandIn } from "../helpers/docusign.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let standIn: DocusignStandIn;

beforeAll(async () => {
  standIn = await startDocusignStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

const tokenRequests = () => standIn.requests.filter((r) => r.path === "/oauth/token").length;

describe("the DocuSign adapter", () => {
  it("answers consent_required with the consent URL until the user consents", async () => {
    standIn.consentGranted = false;
    const api = docusignProvider(standIn.settings);
    const error = await api.listTemplates().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SigningProviderError);
    expect((error as SigningProviderError).kind).toBe("consent");
    const consent = new URL((error as SigningProviderError).consentUrl ?? "");
    expect(consent.pathname).toBe("/oauth/auth");
    expect(consent.searchParams.get("client_id")).toBe(standIn.settings.integrationKey);
    expect(consent.searchParams.get("scope")).toBe("signature impersonation");
  });

  it("lists templates with their roles, tabs and documents", async () => {
    standIn.consentGranted = true;
    const [template] = await docusignProvider(standIn.settings).listTemplates();
    expect(template?.id).toBe("tpl-subscription");
    expect(template?.roles).toEqual([
      { name: "Investor", order: 1, type: "signer" },
      { name: "Issuer", order: 2, type: "signer" },
    ]);
    expect(template?.fields.map((f) => [f.name, f.role, f.type, f.page])).toEqual([
      ["Investor.name", "Investor", "text", 1],
      ["Investor.units", "Investor", "text", 1],
      ["Investor.signature", "Investor", "signature", 2],
      ["Investor.date", "Investor", "date", 2],
      ["Issuer.name", "Issuer", "text", 1],
    ]);
    expect(template?.documents).toEqual([{ id: "1", name: "Subscription Agreement.pdf", order: 1, pages: 2 }]);
  });

  it("renews an expired token once and calls again", async () => {
    standIn.consentGranted = true;
    const api = docusignProvider(standIn.settings);
    await api.listTemplates();
    const before = tokenRequests();
    standIn.expireTokens();
    const templates = await api.listTemplates();
    expect(templates).toHaveLength(1);
    expect(tokenRequests()).toBe(before + 1);
    expect(standIn.requests.some((r) => r.status === 401)).toBe(true);
  });

  it("waits as long as Retry-After says after a 429, and gives up as unavailable when it lasts", async () => {
    const api = docusignProvider(standIn.settings);
    await api.listTemplates();
    const from = standIn.requests.length;
    standIn.throttleNext(1, 1);
    await api.listTemplates();
    const seen = standIn.requests.slice(from).filter((r) => r.path.endsWith("/templates"));
    expect(seen.map((r) => r.status)).toEqual([429, 200]);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);

    standIn.throttleNext(10, 0);
    const impatient = docusignProvider(standIn.settings, { maxRetries: 1 });
    const error = await impatient.listTemplates().then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as SigningProviderError).kind).toBe("unavailable");
    standIn.throttleNext(0, 0);
  });

  it("refuses an envelope from an unknown template", async () => {
    const error = await docusignProvider(standIn.settings)
      .createEnvelope({ templateId: "nope", emailSubject: "x", roles: [] })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((error as SigningProviderError).kind).toBe("refused");
    expect((error as Error).message).toContain("TEMPLATE_ID_INVALID");
  });
});

describe("signing with DocuSign in onboarding", () => {
  let t: TestServer;
  const ids = new Map<string, string>();
  let issuer: TestClient;
  let emma: TestClient;
  let stepId = "";

  beforeAll(async () => {
    standIn.consentGranted = true;
    t = await startTestServer({
      signing: { tickMs: 0, docusign: docusignProvider(standIn.settings), connectKey: standIn.settings.connectKey },
    });
    const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
    for (const row of rows) ids.set(row.name, row.id);
    const as = async (email: string, name: string) => {
      const client = t.client();
      expect((await client.signIn(email)).status).toBe(200);
      expect((await client.selectAccount(ids.get(name) ?? "")).status).toBe(303);
      return client;
    };
    issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    emma = await as("investor@demo.test", "Emma Lawson");
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ok<T>(client: TestClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const r = await client.graphql<T>(query, variables);
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    return r.data as T;
  }

  /** Syncs, maps, locks and activates the template as a qualification of a new allocation; the investor's step id. */
  async function offer(name: string, signingType: "inline" | "email"): Promise<string> {
    const account = await ok<{ allSigningAccounts: { nodes: { id: string; provider: string }[] } }>(
      issuer,
      "{ allSigningAccounts { nodes { id provider } } }",
    );
    const signingAccount = account.allSigningAccounts.nodes[0];
    expect(signingAccount?.provider).toBe("docusign");
    await ok(
      issuer,
      `mutation ($a: UUID!) { docusignSyncTemplateList(input: { accountId: $a }) { signingAccount { syncStatus } } }`,
      {
        a: signingAccount?.id,
      },
    );
    await t.server.signing.runDue();
    const templates = await ok<{ allSigningTemplates: { nodes: { id: string; name: string; syncStatus: string }[] } }>(
      issuer,
      "{ allSigningTemplates { nodes { id name syncStatus } } }",
    );
    expect(templates.allSigningTemplates.nodes.map((n) => [n.name, n.syncStatus])).toEqual([
      ["Subscription Agreement (DocuSign)", "synced"],
    ]);
    const mapped = await ok<{ createMappedSigningTemplate: { mappedSigningTemplate: { id: string } } }>(
      issuer,
      `mutation ($t: UUID!, $n: String!) { createMappedSigningTemplate(input: { templateId: $t, name: $n }) { mappedSigningTemplate { id } } }`,
      { t: templates.allSigningTemplates.nodes[0]?.id, n: name },
    );
    const mappedId = mapped.createMappedSigningTemplate.mappedSigningTemplate.id;
    const parts = await ok<{
      allSigningRoles: { nodes: { id: string; name: string }[] };
      allSigningFields: { nodes: { id: string; name: string }[] };
    }>(
      issuer,
      `query ($id: UUID!) { allSigningRoles(condition: { mappedSigningTemplateId: $id }) { nodes { id name } }
        allSigningFields(condition: { mappedSigningTemplateId: $id }) { nodes { id name } } }`,
      { id: mappedId },
    );
    const role = (n: string) => parts.allSigningRoles.nodes.find((r) => r.name === n)?.id;
    const field = (n: string) => parts.allSigningFields.nodes.find((f) => f.name === n)?.id;
    const ROLE = `mutation ($id: UUID!, $p: SigningRolePatch!) { updateSigningRoleById(input: { id: $id, patch: $p }) { signingRole { id } } }`;
    const FIELD = `mutation ($id: UUID!, $p: SigningFieldPatch!) { updateSigningFieldById(input: { id: $id, patch: $p }) { signingField { id } } }`;
    await ok(issuer, ROLE, { id: role("Investor"), p: { mapTo: "investor" } });
    await ok(issuer, ROLE, { id: role("Issuer"), p: { mapTo: "issuer" } });
    await ok(issuer, FIELD, { id: field("Investor.name"), p: { mapTo: "investor.name" } });
    await ok(issuer, FIELD, { id: field("Investor.units"), p: { mapTo: "distribution.amount" } });
    await ok(issuer, FIELD, { id: field("Issuer.name"), p: { mapTo: "issuer.name" } });
    const PATCH = `mutation ($id: UUID!, $p: MappedSigningTemplatePatch!) { updateMappedSigningTemplateById(input: { id: $id, patch: $p }) { mappedSigningTemplate { id } } }`;
    await ok(issuer, PATCH, { id: mappedId, p: { qualificationStepType: signingType } });
    await ok(issuer, PATCH, { id: mappedId, p: { locked: true } });
    await ok(issuer, PATCH, { id: mappedId, p: { active: true } });
    const vq = await ok<{ addMappedSigningTemplateToQualifications: { vendorQualification: { id: string } } }>(
      issuer,
      `mutation ($id: UUID!) { addMappedSigningTemplateToQualifications(input: { id: $id }) { vendorQualification { id } } }`,
      { id: mappedId },
    );
    const { rows } = await t.server.db.query<{ id: string }>(
      `select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id where a.issuer_id = $1 order by r.created_on limit 1`,
      [ids.get("Northwind Renewables, Inc.")],
    );
    const allocation = await ok<{ createAllocation: { allocation: { id: string } } }>(
      issuer,
      `mutation ($r: UUID!, $o: Datetime!, $c: Datetime!, $n: String!) { createAllocation(input: { allocation: { roundId: $r,
        name: $n, status: "open", opensOn: $o, closesOn: $c } }) { allocation { id } } }`,
      {
        r: rows[0]?.id,
        o: new Date(Date.now() - 86400000).toISOString(),
        c: new Date(Date.now() + 30 * 86400000).toISOString(),
        n: name,
      },
    );
    await ok(
      issuer,
      `mutation ($a: UUID!, $v: UUID!) { createAllocationQualification(input: { allocationQualification: {
        allocationId: $a, vendorQualificationId: $v, executeOrder: 1 } }) { allocationQualification { id } } }`,
      {
        a: allocation.createAllocation.allocation.id,
        v: vq.addMappedSigningTemplateToQualifications.vendorQualification.id,
      },
    );
    const made = await ok<{ makeDistribution: { distribution: { id: string } } }>(
      issuer,
      `mutation ($a: UUID!) { makeDistribution(input: { allocationId: $a, accountEmail: "investor@demo.test", amount: "1500" }) { distribution { id } } }`,
      { a: allocation.createAllocation.allocation.id },
    );
    const steps = await t.server.db.query<{ id: string; type: string }>(
      `select s.id, s.type from app_public.steps s join app_public.processes p on p.id = s.process_id where p.distribution_id = $1`,
      [made.makeDistribution.distribution.id],
    );
    expect(steps.rows.map((s) => s.type)).toEqual(["signing"]);
    return steps.rows[0]?.id as string;
  }

  it("syncs, maps and offers the template as a signing step", async () => {
    stepId = await offer("DocuSign subscription", "inline");
  });

  it("docusign-link returns the embedded signing URL of an envelope with the prefilled tabs", async () => {
    const response = await emma.fetch("/api/v2/integration/docusign-link", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stepId }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { link } = (await response.json()) as { link: string };
    expect(link.startsWith(`${standIn.url}/signing/`)).toBe(true);
    const envelope = [...standIn.envelopes.values()].at(-1);
    const investor = envelope?.templateRoles.find((r) => r.roleName === "Investor");
    expect(investor?.email).toBe("investor@demo.test");
    expect(investor?.clientUserId).toBe(ids.get("Emma Lawson"));
    expect(Object.fromEntries((investor?.tabs?.textTabs ?? []).map((tab) => [tab.tabLabel, tab.value]))).toMatchObject({
      "Investor.units": "1500",
    });
    expect(envelope?.templateRoles.find((r) => r.roleName === "Issuer")?.tabs?.textTabs).toEqual([
      { tabLabel: "Issuer.name", value: "Northwind Renewables, Inc." },
    ]);
    // the built-in sign route does not sign a DocuSign document
    const sign = await emma.fetch(`/api/v2/signing/steps/${stepId}/sign`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ consent: true, typedName: "Emma Lawson" }),
    });
    expect(sign.status).toBe(409);
  });

  it("Connect completes the step only with a valid HMAC", async () => {
    const envelope = [...standIn.envelopes.values()].at(-1);
    const { body, signature } = standIn.completeEnvelope(envelope?.envelopeId ?? "");
    const post = (sig: string) =>
      fetch(`${t.url}/api/v2/signing/docusign/connect`, {
        method: "POST",
        headers: { "content-type": "application/json", "X-DocuSign-Signature-1": sig },
        body,
      });
    expect((await post(Buffer.from("forged").toString("base64"))).status).toBe(401);
    const status = async () =>
      (await t.server.db.query<{ status: string }>("select status from app_public.steps where id = $1", [stepId]))
        .rows[0]?.status;
    expect(await status()).toBe("in_progress");
    expect((await post(signature)).status).toBe(200);
    expect(await status()).toBe("complete");
    // delivered again: nothing changes
    expect((await post(signature)).status).toBe(200);
    const sent = await ok<{ allSentSigningDocuments: { nodes: { status: string; documentUri: string }[] } }>(
      emma,
      "{ allSentSigningDocuments { nodes { status documentUri } } }",
    );
    expect(sent.allSentSigningDocuments.nodes.map((n) => n.status)).toEqual(["completed"]);
    const download = await emma.fetch(sent.allSentSigningDocuments.nodes[0]?.documentUri ?? "");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
  });

  it("by e-mail: the server sends the envelope (DocuSign mails the investor) and Connect completes the step", async () => {
    const before = standIn.envelopes.size;
    const emailStep = await offer("DocuSign by e-mail", "email");
    const created = await t.server.db.query<{ status: string; delivery: string }>(
      "select status, delivery from app_public.sent_signing_documents where step_id = $1",
      [emailStep],
    );
    expect(created.rows).toEqual([{ status: "created", delivery: "email" }]);
    await t.server.signing.runDue();
    expect(standIn.envelopes.size).toBe(before + 1);
    const envelope = [...standIn.envelopes.values()].at(-1);
    expect(envelope?.templateRoles.find((r) => r.roleName === "Investor")?.clientUserId).toBeUndefined();
    const sent = await t.server.db.query<{ status: string; envelope_id: string }>(
      "select status, envelope_id from app_public.sent_signing_documents where step_id = $1",
      [emailStep],
    );
    expect(sent.rows).toEqual([{ status: "sent", envelope_id: envelope?.envelopeId }]);
    const { body, signature } = standIn.completeEnvelope(envelope?.envelopeId ?? "");
    const response = await fetch(`${t.url}/api/v2/signing/docusign/connect`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-DocuSign-Signature-1": signature },
      body,
    });
    expect(response.status).toBe(200);
    const step = await t.server.db.query<{ status: string }>("select status from app_public.steps where id = $1", [
      emailStep,
    ]);
    expect(step.rows[0]?.status).toBe("complete");
  });
});

describe("DocuSign Connect on a server without DocuSign settings", () => {
  it("answers 503 saying DocuSign is not configured here (not 404 'Not found'), whatever the message", async () => {
    const t = await startTestServer({ signing: { tickMs: 0, docusign: null, connectKey: null } });
    try {
      const { body, signature } = standIn.completeEnvelope("00000000-0000-4000-8000-000000000000");
      const signed: Record<string, string> = {
        "content-type": "application/json",
        "X-DocuSign-Signature-1": signature,
      };
      for (const headers of [signed, { "content-type": "application/json" }]) {
        const response = await fetch(`${t.url}/api/v2/signing/docusign/connect`, { method: "POST", headers, body });
        expect(response.status).toBe(503);
        const json = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
        expect(json.errors[0]).toEqual({
          message: "DocuSign is not configured on this server.",
          extensions: { code: "LL503" },
        });
      }
    } finally {
      await t.close();
    }
  });
});
