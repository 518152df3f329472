// The built-in signer end to end with the client bypassed (issue 17 items 1, 2 and the signing half of 5): the issuer
// uploads a template PDF, it syncs into roles and fields, the issuer maps, locks, activates and adds it to an
// allocation's qualifications; the investor's onboarding gets the signing step; the investor reads what to sign and
// signs with consent and a typed name; the signed PDF (audit page, PKCS#7 signature openssl verifies) is stored,
// the step completes, and only the issuer and that investor download it. Refusals leave nothing behind.
import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";
import { templatePdf, verifyWithOpenssl } from "../helpers/signing-pdf.ts";

let t: TestServer;
const ids = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer({ signing: { tickMs: 0, docusign: null } });
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) ids.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(ids.get(accountName) ?? "")).status).toBe(303);
  return client;
}

async function ok<T>(client: TestClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await client.graphql<T>(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

const ISSUER = "Northwind Renewables, Inc.";

describe("the built-in signer in onboarding", () => {
  let issuer: TestClient;
  let emma: TestClient;
  let daniel: TestClient;
  let broker: TestClient;
  let mappedId = "";
  let stepId = "";
  let distributionId = "";
  let uploaded: Uint8Array = new Uint8Array();

  beforeAll(async () => {
    issuer = await as("issuer@demo.test", ISSUER);
    emma = await as("investor@demo.test", "Emma Lawson");
    daniel = await as("investor2@demo.test", "Kim Family Trust");
    broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
  });

  it("an uploaded PDF syncs into a template with the roles and fields of its form", async () => {
    const located = await ok<{ makeFileLocation: { fileLocation: { url: string; fields: { key: string } } } }>(
      issuer,
      `mutation ($f: String!) { makeFileLocation(input: { fileName: $f }) { fileLocation { url fields } } }`,
      { f: "subscription.pdf" },
    );
    const where = located.makeFileLocation.fileLocation;
    const form = new FormData();
    form.set("key", where.fields.key);
    uploaded = await templatePdf();
    form.set("file", new Blob([Buffer.from(uploaded)], { type: "application/pdf" }), "subscription.pdf");
    expect((await issuer.fetch(where.url, { method: "POST", body: form })).status).toBe(201);
    const created = await ok<{ createSigningTemplate: { signingTemplate: { id: string; syncStatus: string } } }>(
      issuer,
      `mutation ($k: UUID!) { createSigningTemplate(input: { fileKey: $k, name: "Subscription Agreement" }) {
        signingTemplate { id syncStatus } } }`,
      { k: where.fields.key },
    );
    expect(created.createSigningTemplate.signingTemplate.syncStatus).toBe("loading");
    await t.server.signing.runDue();
    const synced = await ok<{
      signingTemplateById: { syncStatus: string; roles: { name: string }[]; fields: { name: string; type: string }[] };
      allSigningAccounts: { nodes: { syncStatus: string }[] };
    }>(
      issuer,
      `query ($id: UUID!) { signingTemplateById(id: $id) { syncStatus roles fields }
        allSigningAccounts { nodes { syncStatus } } }`,
      { id: created.createSigningTemplate.signingTemplate.id },
    );
    expect(synced.signingTemplateById.syncStatus).toBe("synced");
    expect(synced.allSigningAccounts.nodes.map((n) => n.syncStatus)).toEqual(["synced"]);
    expect(synced.signingTemplateById.roles.map((r) => r.name)).toEqual(["Investor", "Issuer", "Witness"]);
    expect(synced.signingTemplateById.fields.find((f) => f.name === "Investor.signature")?.type).toBe("signature");

    // map it
    const mapped = await ok<{
      createMappedSigningTemplate: { mappedSigningTemplate: { id: string } };
    }>(
      issuer,
      `mutation ($t: UUID!) { createMappedSigningTemplate(input: { templateId: $t, name: "Series A subscription" }) {
        mappedSigningTemplate { id } } }`,
      { t: created.createSigningTemplate.signingTemplate.id },
    );
    mappedId = mapped.createMappedSigningTemplate.mappedSigningTemplate.id;
    const parts = await ok<{
      allSigningRoles: { nodes: { id: string; name: string; mapTo: string }[] };
      allSigningFields: { nodes: { id: string; name: string; mapTo: string }[] };
    }>(
      issuer,
      `query ($id: UUID!) { allSigningRoles(condition: { mappedSigningTemplateId: $id }) { nodes { id name mapTo } }
        allSigningFields(condition: { mappedSigningTemplateId: $id }) { nodes { id name mapTo } } }`,
      { id: mappedId },
    );
    expect(parts.allSigningRoles.nodes.map((r) => r.mapTo)).toEqual(["not mapped", "not mapped", "not mapped"]);
    const role = (name: string) => parts.allSigningRoles.nodes.find((r) => r.name === name)?.id;
    const field = (name: string) => parts.allSigningFields.nodes.find((f) => f.name === name)?.id;
    const ROLE = `mutation ($id: UUID!, $p: SigningRolePatch!) { updateSigningRoleById(input: { id: $id, patch: $p }) { signingRole { mapTo } } }`;
    const FIELD = `mutation ($id: UUID!, $p: SigningFieldPatch!) { updateSigningFieldById(input: { id: $id, patch: $p }) { signingField { mapTo } } }`;
    const LOCK = `mutation ($id: UUID!, $p: MappedSigningTemplatePatch!) { updateMappedSigningTemplateById(input: { id: $id, patch: $p }) { mappedSigningTemplate { locked active } } }`;
    const locked = await issuer.graphql(LOCK, { id: mappedId, p: { locked: true } });
    expect(locked.errors?.[0]?.message).toBe("Mapping required.");
    await ok(issuer, ROLE, { id: role("Investor"), p: { mapTo: "investor" } });
    await ok(issuer, ROLE, { id: role("Issuer"), p: { mapTo: "issuer" } });
    const noEmail = await issuer.graphql(ROLE, {
      id: role("Witness"),
      p: { mapTo: "static", toName: "Wendy Witness" },
    });
    expect(noEmail.errors?.[0]?.message).toBe("To email required for static field.");
    await ok(issuer, ROLE, {
      id: role("Witness"),
      p: { mapTo: "static", toName: "Wendy Witness", toEmail: "w@x.test" },
    });
    await ok(issuer, FIELD, { id: field("Investor.name"), p: { mapTo: "investor.name" } });
    await ok(issuer, FIELD, { id: field("Investor.email"), p: { mapTo: "investor.email" } });
    await ok(issuer, FIELD, { id: field("Investor.units"), p: { mapTo: "distribution.amount" } });
    await ok(issuer, FIELD, { id: field("Issuer.name"), p: { mapTo: "issuer.name" } });
    await ok(issuer, FIELD, { id: field("company"), p: { mapTo: "static", value: "Acme Trust" } });

    // the test page: mock values, the owner only
    const test = await issuer.fetch(`/api/v2/signing/test/${mappedId}`);
    expect(test.status).toBe(200);
    const testBody = (await test.json()) as { fields: { name: string; value: string | null }[] };
    expect(testBody.fields.find((f) => f.name === "Investor.name")?.value).toBe("Jane Investor");
    expect(testBody.fields.find((f) => f.name === "company")?.value).toBe("Acme Trust");
    expect((await emma.fetch(`/api/v2/signing/test/${mappedId}`)).status).toBe(404);
    expect((await broker.fetch(`/api/v2/signing/test/${mappedId}`)).status).toBe(404);
    const testPdf = await issuer.fetch(`/api/v2/signing/test/${mappedId}/preview.pdf`);
    expect(testPdf.headers.get("content-type")).toBe("application/pdf");

    expect((await issuer.graphql(LOCK, { id: mappedId, p: { active: true } })).errors?.[0]?.message).toBe(
      "Lock the mapped template before activating it.",
    );
    await ok(issuer, LOCK, { id: mappedId, p: { locked: true } });
    await ok(issuer, LOCK, { id: mappedId, p: { active: true } });
    expect(
      (await issuer.graphql(FIELD, { id: field("company"), p: { mapTo: "static", value: "Other" } })).errors?.[0]
        ?.message,
    ).toBe("A locked mapped template cannot be edited.");
  });

  it("a qualification of an allocation gives the investor a signing step", async () => {
    const vq = await ok<{
      addMappedSigningTemplateToQualifications: { vendorQualification: { id: string; name: string } };
    }>(
      issuer,
      `mutation ($id: UUID!) { addMappedSigningTemplateToQualifications(input: { id: $id }) { vendorQualification { id name } } }`,
      { id: mappedId },
    );
    const { rows } = await t.server.db.query<{ id: string }>(
      `select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id where a.issuer_id = $1
       order by r.created_on limit 1`,
      [ids.get(ISSUER)],
    );
    const allocation = await ok<{ createAllocation: { allocation: { id: string } } }>(
      issuer,
      `mutation ($r: UUID!, $o: Datetime!, $c: Datetime!) { createAllocation(input: { allocation: { roundId: $r,
        name: "Signing allocation", status: "open", opensOn: $o, closesOn: $c } }) { allocation { id } } }`,
      {
        r: rows[0]?.id,
        o: new Date(Date.now() - 86400000).toISOString(),
        c: new Date(Date.now() + 30 * 86400000).toISOString(),
      },
    );
    const allocationId = allocation.createAllocation.allocation.id;
    await ok(
      issuer,
      `mutation ($a: UUID!, $v: UUID!) { createAllocationQualification(input: { allocationQualification: {
        allocationId: $a, vendorQualificationId: $v, executeOrder: 1 } }) { allocationQualification { id } } }`,
      { a: allocationId, v: vq.addMappedSigningTemplateToQualifications.vendorQualification.id },
    );
    const made = await ok<{ makeDistribution: { distribution: { id: string } } }>(
      issuer,
      `mutation ($a: UUID!) { makeDistribution(input: { allocationId: $a, accountEmail: "investor@demo.test", amount: "1500" }) {
        distribution { id } } }`,
      { a: allocationId },
    );
    distributionId = made.makeDistribution.distribution.id;
    const steps = await t.server.db.query<{ id: string; type: string; status: string }>(
      `select s.id, s.type, s.status from app_public.steps s join app_public.processes p on p.id = s.process_id
       where p.distribution_id = $1`,
      [distributionId],
    );
    expect(steps.rows.map((s) => [s.type, s.status])).toEqual([["signing", "in_progress"]]);
    stepId = steps.rows[0]?.id as string;
  });

  it("the investor (and a host who may manage the distribution) reads what to sign; others cannot", async () => {
    const session = await emma.fetch(`/api/v2/signing/steps/${stepId}`);
    expect(session.status).toBe(200);
    const body = (await session.json()) as {
      provider: string;
      signed: boolean;
      fields: { name: string; value: string }[];
      documentUrl: string;
    };
    expect(body.provider).toBe("builtin");
    expect(body.signed).toBe(false);
    expect(Object.fromEntries(body.fields.map((f) => [f.name, f.value]))).toMatchObject({
      "Investor.units": "1500",
      "Investor.email": "investor@demo.test",
      "Issuer.name": ISSUER,
      company: "Acme Trust",
    });
    const preview = await emma.fetch(body.documentUrl);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("application/pdf");
    for (const other of [daniel, broker]) {
      expect((await other.fetch(`/api/v2/signing/steps/${stepId}`)).status).toBe(404);
    }
    // the issuer managing the distribution may host the investor in person (docs/IN-PERSON.md): it reads the step too
    expect((await issuer.fetch(`/api/v2/signing/steps/${stepId}`)).status).toBe(200);
    expect(
      (
        await emma.graphql(`mutation ($s: UUID!) { completeStep(input: { blob: "{}", stepId: $s }) { step { id } } }`, {
          s: stepId,
        })
      ).errors?.[0]?.message,
    ).toBe("Please sign the document first.");
  });

  it("signing needs consent and a typed name; nothing is left behind by a refusal", async () => {
    const noConsent = await emma.fetch(
      `/api/v2/signing/steps/${stepId}/sign`,
      json({ consent: false, typedName: "Emma Lawson" }),
    );
    expect(noConsent.status).toBe(422);
    expect(((await noConsent.json()) as { message: string }).message).toBe("Consent is required.");
    const noName = await emma.fetch(`/api/v2/signing/steps/${stepId}/sign`, json({ consent: true, typedName: "  " }));
    expect(noName.status).toBe(422);
    expect(
      (await daniel.fetch(`/api/v2/signing/steps/${stepId}/sign`, json({ consent: true, typedName: "Daniel" }))).status,
    ).toBe(404);
    // a host reads the step but never signs online: the investor does, or signs offline in the session
    expect(
      (await issuer.fetch(`/api/v2/signing/steps/${stepId}/sign`, json({ consent: true, typedName: "Olivia" }))).status,
    ).toBe(404);
    const { rows } = await t.server.db.query("select 1 from app_public.sent_signing_documents where step_id = $1", [
      stepId,
    ]);
    expect(rows).toEqual([]);
  });

  it("signs: the signed PDF verifies, the step completes, the issuer and the investor download it", async () => {
    const signed = await emma.fetch(`/api/v2/signing/steps/${stepId}/sign`, {
      ...json({ consent: true, typedName: "Emma Lawson" }),
      headers: { "content-type": "application/json", "user-agent": "SigningTest/1.0" },
    });
    expect(signed.status, await signed.clone().text()).toBe(200);
    const result = (await signed.json()) as { documentUri: string; sentSigningDocumentId: string };
    const step = await t.server.db.query<{ status: string }>("select status from app_public.steps where id = $1", [
      stepId,
    ]);
    expect(step.rows[0]?.status).toBe("complete");
    const after = (await (await emma.fetch(`/api/v2/signing/steps/${stepId}`)).json()) as {
      signed: boolean;
      signedDocumentUrl: string;
    };
    expect(after.signed).toBe(true);
    expect(after.signedDocumentUrl).toBe(result.documentUri);

    const download = await emma.fetch(result.documentUri);
    expect(download.status).toBe(200);
    const pdf = Buffer.from(await download.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(verifyWithOpenssl(pdf, t.server.signing.key.certificatePem).ok).toBe(true);
    const tampered = Buffer.from(pdf);
    tampered[200] = (tampered[200] ?? 0) ^ 0x01;
    expect(verifyWithOpenssl(tampered, t.server.signing.key.certificatePem).ok).toBe(false);
    const audit = await t.server.db.query<{
      data: { sha256Before: string; sha256After: string; userAgent: string; consent: boolean };
    }>("select data from app_private.signing_audits where sent_signing_document_id = $1", [
      result.sentSigningDocumentId,
    ]);
    expect(audit.rows[0]?.data).toMatchObject({ consent: true, userAgent: "SigningTest/1.0" });
    // the hash before is the uploaded template's; the audit page follows the document's page
    expect(audit.rows[0]?.data.sha256Before).toBe(createHash("sha256").update(uploaded).digest("hex"));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);

    expect((await issuer.fetch(result.documentUri)).status).toBe(200);
    expect((await daniel.fetch(result.documentUri)).status).toBe(404);
    expect((await broker.fetch(result.documentUri)).status).toBe(404);

    // the sent document as each reads it
    const sent = (client: TestClient) =>
      ok<{ allSentSigningDocuments: { nodes: { status: string }[] } }>(
        client,
        "{ allSentSigningDocuments { nodes { status } } }",
      );
    expect((await sent(emma)).allSentSigningDocuments.nodes).toEqual([{ status: "completed" }]);
    expect((await sent(issuer)).allSentSigningDocuments.nodes).toEqual([{ status: "completed" }]);
    expect((await sent(daniel)).allSentSigningDocuments.nodes).toEqual([]);

    // signing again is refused
    expect(
      (await emma.fetch(`/api/v2/signing/steps/${stepId}/sign`, json({ consent: true, typedName: "Emma Lawson" })))
        .status,
    ).not.toBe(200);
  });
});
