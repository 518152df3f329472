// Signing offline with the client bypassed (issue 31 item 2; docs/SIGNING.md "Signing offline"): the device records
// the fingerprint of what it showed (the template's SHA-256 and the field values) and sends signStepOffline through
// the command endpoint; the signing runner seals when the server's template and values still give that fingerprint
// (openssl verifies the PKCS#7 signature, a changed byte breaks it, the audit page gives the device, received and
// sealed times), reopens the step with the reason when the template or a value changed (nothing sealed; signing again
// succeeds), applies a replayed command once, and refuses another investor, the issuer, a viewer and bad input.
import { randomUUID } from "node:crypto";
import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/domain/messages.ts";
import { sha256Hex, signingDate, signingFingerprint } from "../../src/domain/signing-fingerprint.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";
import { TEMPLATE_FIELDS, templatePdf, verifyWithOpenssl } from "../helpers/signing-pdf.ts";

let t: TestServer;
const ids = new Map<string, string>();
const ISSUER = "Northwind Renewables, Inc.";

interface Signer {
  client: TestClient;
  userId: string;
  accountId: string;
}

interface Result {
  key: string;
  status: string;
  errorCode: string | null;
  errorMessage: string | null;
}

beforeAll(async () => {
  t = await startTestServer({ signing: { tickMs: 0, docusign: null } });
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) ids.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

async function as(email: string, accountName: string): Promise<Signer> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(ids.get(accountName) ?? "")).status).toBe(303);
  const me = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  return { client, userId: me.data?.currentUser.id ?? "", accountId: ids.get(accountName) ?? "" };
}

async function ok<T>(client: TestClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await client.graphql<T>(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}

async function upload(client: TestClient, bytes: Uint8Array): Promise<string> {
  const located = await ok<{ makeFileLocation: { fileLocation: { url: string; fields: { key: string } } } }>(
    client,
    `mutation ($f: String!) { makeFileLocation(input: { fileName: $f }) { fileLocation { url fields } } }`,
    { f: "subscription.pdf" },
  );
  const where = located.makeFileLocation.fileLocation;
  const form = new FormData();
  form.set("key", where.fields.key);
  form.set("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), "subscription.pdf");
  expect((await client.fetch(where.url, { method: "POST", body: form })).status).toBe(201);
  return where.fields.key;
}

/** What the device keeps while online: the step's fields and the template's hash (GET /api/v2/signing/steps/{id}). */
async function shown(signer: Signer, stepId: string) {
  const response = await signer.client.fetch(`/api/v2/signing/steps/${stepId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    templateSha256: string;
    fields: { name: string; value: string; signingDate: boolean }[];
  };
}

/** The command a device queues when the investor signs offline at `signedAt`. */
async function signOffline(
  held: Awaited<ReturnType<typeof shown>>,
  stepId: string,
  signedAt: Date,
  overrides: Record<string, unknown> = {},
) {
  const fieldValues = Object.fromEntries(
    held.fields.map((f) => [f.name, f.signingDate ? signingDate(signedAt) : f.value]),
  );
  return {
    stepId,
    fingerprint: await signingFingerprint(held.templateSha256, fieldValues),
    templateHash: held.templateSha256,
    fieldValues,
    typedName: "Signer Offline",
    consent: true,
    signedAtDevice: signedAt.toISOString(),
    ...overrides,
  };
}

async function send(signer: Signer, input: Record<string, unknown>, key: string = randomUUID()): Promise<Result> {
  const response = await signer.client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify([
      {
        key,
        mutation: "signStepOffline",
        variables: { input },
        userId: signer.userId,
        accountId: signer.accountId,
        createdOn: new Date().toISOString(),
        deviceId: "device-of-the-test",
        seq: 1,
      },
    ]),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: Result[] }).results[0] as Result;
}

async function stepOf(stepId: string) {
  const { rows } = await t.server.db.query<{ status: string; error: string | null }>(
    "select status, output_data ->> 'error' as error from app_public.steps where id = $1",
    [stepId],
  );
  return rows[0];
}

async function sentOf(stepId: string) {
  const { rows } = await t.server.db.query<{ id: string; status: string; document_uri: string }>(
    "select id, status, document_uri from app_public.sent_signing_documents where step_id = $1",
    [stepId],
  );
  return rows;
}

/** Whether a page of the PDF shows the text, as pdf-lib draws it: a hex string in a (deflated) content stream. */
function drawn(pdf: Buffer, text: string): boolean {
  const raw = pdf.toString("latin1");
  const streams = [...raw.matchAll(/stream\r?\n/g)].map((match) => {
    const start = (match.index ?? 0) + match[0].length;
    const bytes = pdf.subarray(start, raw.indexOf("endstream", start));
    try {
      return inflateSync(bytes).toString("latin1");
    } catch {
      return bytes.toString("latin1");
    }
  });
  const hex = Buffer.from(text, "latin1").toString("hex").toUpperCase();
  return streams.some((stream) => stream.toUpperCase().includes(hex));
}

describe("signing offline", () => {
  let issuer: Signer;
  let emma: Signer;
  let daniel: Signer;
  let allocationId = "";
  let signingTemplateId = "";
  const stepFor = new Map<string, { stepId: string; distributionId: string }>();

  beforeAll(async () => {
    issuer = await as("issuer@demo.test", ISSUER);
    emma = await as("investor@demo.test", "Emma Lawson");
    daniel = await as("investor2@demo.test", "Kim Family Trust");
    // a built-in template, mapped, locked, active, in an allocation's qualifications (as signing-builtin.test.ts)
    const fileKey = await upload(issuer.client, await templatePdf());
    const created = await ok<{ createSigningTemplate: { signingTemplate: { id: string } } }>(
      issuer.client,
      `mutation ($k: UUID!) { createSigningTemplate(input: { fileKey: $k, name: "Subscription Agreement" }) {
        signingTemplate { id } } }`,
      { k: fileKey },
    );
    signingTemplateId = created.createSigningTemplate.signingTemplate.id;
    await t.server.signing.runDue();
    const mapped = await ok<{ createMappedSigningTemplate: { mappedSigningTemplate: { id: string } } }>(
      issuer.client,
      `mutation ($t: UUID!) { createMappedSigningTemplate(input: { templateId: $t, name: "Offline subscription" }) {
        mappedSigningTemplate { id } } }`,
      { t: signingTemplateId },
    );
    const mappedId = mapped.createMappedSigningTemplate.mappedSigningTemplate.id;
    const parts = await ok<{
      allSigningRoles: { nodes: { id: string; name: string }[] };
      allSigningFields: { nodes: { id: string; name: string }[] };
    }>(
      issuer.client,
      `query ($id: UUID!) { allSigningRoles(condition: { mappedSigningTemplateId: $id }) { nodes { id name } }
        allSigningFields(condition: { mappedSigningTemplateId: $id }) { nodes { id name } } }`,
      { id: mappedId },
    );
    const role = (name: string) => parts.allSigningRoles.nodes.find((r) => r.name === name)?.id;
    const field = (name: string) => parts.allSigningFields.nodes.find((f) => f.name === name)?.id;
    const ROLE = `mutation ($id: UUID!, $p: SigningRolePatch!) { updateSigningRoleById(input: { id: $id, patch: $p }) { clientMutationId } }`;
    const FIELD = `mutation ($id: UUID!, $p: SigningFieldPatch!) { updateSigningFieldById(input: { id: $id, patch: $p }) { clientMutationId } }`;
    await ok(issuer.client, ROLE, { id: role("Investor"), p: { mapTo: "investor" } });
    await ok(issuer.client, ROLE, { id: role("Issuer"), p: { mapTo: "issuer" } });
    await ok(issuer.client, ROLE, { id: role("Witness"), p: { mapTo: "static", toName: "W", toEmail: "w@x.test" } });
    await ok(issuer.client, FIELD, { id: field("Investor.name"), p: { mapTo: "investor.name" } });
    await ok(issuer.client, FIELD, { id: field("Investor.email"), p: { mapTo: "investor.email" } });
    await ok(issuer.client, FIELD, { id: field("Investor.units"), p: { mapTo: "distribution.amount" } });
    await ok(issuer.client, FIELD, { id: field("Issuer.name"), p: { mapTo: "issuer.name" } });
    await ok(issuer.client, FIELD, { id: field("company"), p: { mapTo: "static", value: "Acme Trust" } });
    const LOCK = `mutation ($id: UUID!, $p: MappedSigningTemplatePatch!) { updateMappedSigningTemplateById(input: { id: $id, patch: $p }) { clientMutationId } }`;
    await ok(issuer.client, LOCK, { id: mappedId, p: { locked: true } });
    await ok(issuer.client, LOCK, { id: mappedId, p: { active: true } });
    const vq = await ok<{ addMappedSigningTemplateToQualifications: { vendorQualification: { id: string } } }>(
      issuer.client,
      `mutation ($id: UUID!) { addMappedSigningTemplateToQualifications(input: { id: $id }) { vendorQualification { id } } }`,
      { id: mappedId },
    );
    const { rows } = await t.server.db.query<{ id: string }>(
      `select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id where a.issuer_id = $1
       order by r.created_on limit 1`,
      [ids.get(ISSUER)],
    );
    const allocation = await ok<{ createAllocation: { allocation: { id: string } } }>(
      issuer.client,
      `mutation ($r: UUID!, $o: Datetime!, $c: Datetime!) { createAllocation(input: { allocation: { roundId: $r,
        name: "Offline signing allocation", status: "open", opensOn: $o, closesOn: $c } }) { allocation { id } } }`,
      {
        r: rows[0]?.id,
        o: new Date(Date.now() - 86400000).toISOString(),
        c: new Date(Date.now() + 30 * 86400000).toISOString(),
      },
    );
    allocationId = allocation.createAllocation.allocation.id;
    await ok(
      issuer.client,
      `mutation ($a: UUID!, $v: UUID!) { createAllocationQualification(input: { allocationQualification: {
        allocationId: $a, vendorQualificationId: $v, executeOrder: 1 } }) { clientMutationId } }`,
      { a: allocationId, v: vq.addMappedSigningTemplateToQualifications.vendorQualification.id },
    );
    for (const email of ["investor@demo.test", "investor2@demo.test"]) {
      const made = await ok<{ makeDistribution: { distribution: { id: string } } }>(
        issuer.client,
        `mutation ($a: UUID!, $e: String!) { makeDistribution(input: { allocationId: $a, accountEmail: $e, amount: "1500" }) {
          distribution { id } } }`,
        { a: allocationId, e: email },
      );
      const distributionId = made.makeDistribution.distribution.id;
      const steps = await t.server.db.query<{ id: string }>(
        `select s.id from app_public.steps s join app_public.processes p on p.id = s.process_id
         where p.distribution_id = $1 and s.type = 'signing'`,
        [distributionId],
      );
      stepFor.set(email, { stepId: steps.rows[0]?.id as string, distributionId });
    }
  });

  it("the device keeps the template file: its hash is the one the step names; only the step's investor reads it", async () => {
    const { stepId } = stepFor.get("investor@demo.test") as { stepId: string };
    const held = await shown(emma, stepId);
    const file = await emma.client.fetch(`/api/v2/signing/steps/${stepId}/template.pdf`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(await sha256Hex(new Uint8Array(await file.arrayBuffer()))).toBe(held.templateSha256);
    expect(held.fields.find((f) => f.name === "Investor.date")).toMatchObject({ signingDate: true });
    expect((await daniel.client.fetch(`/api/v2/signing/steps/${stepId}/template.pdf`)).status).toBe(404);
    // the issuer managing the distribution may host the investor in person (docs/IN-PERSON.md): it reads the template
    expect((await issuer.client.fetch(`/api/v2/signing/steps/${stepId}/template.pdf`)).status).toBe(200);
    expect((await t.client().fetch(`/api/v2/signing/steps/${stepId}/template.pdf`)).status).toBe(401);
  });

  it("refuses another investor, the issuer, a viewer and bad input, and records nothing", async () => {
    const { stepId } = stepFor.get("investor@demo.test") as { stepId: string };
    const held = await shown(emma, stepId);
    const input = await signOffline(held, stepId, new Date());
    expect(await send(daniel, input)).toMatchObject({ status: "rejected", errorCode: "LL404" });
    expect(await send(issuer, input)).toMatchObject({ status: "rejected", errorCode: "LL404" });
    // a viewer of the investor's account
    const viewerUser = await t.server.db.query<{ id: string }>(
      "select user_id as id from app_public.user_emails where email = 'issuer-viewer@demo.test'",
    );
    await t.server.db.query(
      "insert into app_public.users_accounts (user_id, account_id, role) values ($1, $2, 'account_viewer')",
      [viewerUser.rows[0]?.id, emma.accountId],
    );
    const viewer = await as("issuer-viewer@demo.test", "Emma Lawson");
    expect(await send(viewer, input)).toMatchObject({
      status: "rejected",
      errorCode: "LL403",
      errorMessage: "Operation not allowed",
    });
    expect(await send(emma, { ...input, consent: false })).toMatchObject({
      status: "rejected",
      errorMessage: "Consent is required.",
    });
    expect(await send(emma, { ...input, typedName: "   " })).toMatchObject({
      status: "rejected",
      errorMessage: "Type your full name to sign.",
    });
    for (const bad of [
      { fingerprint: "not a hash" },
      { templateHash: "A".repeat(64) },
      { fieldValues: { units: 1 } },
    ]) {
      expect(await send(emma, { ...input, ...bad })).toMatchObject({ status: "rejected", errorCode: "LL422" });
    }
    const later = new Date(Date.now() + 3 * 86400000).toISOString();
    expect(await send(emma, { ...input, signedAtDevice: later })).toMatchObject({ status: "rejected" });
    const { rows } = await t.server.db.query("select 1 from app_private.offline_signatures");
    expect(rows).toEqual([]);
    expect((await stepOf(stepId))?.status).toBe("in_progress");
  });

  it("seals what the device showed: openssl verifies it, one changed byte fails, the audit page gives the times", async () => {
    const { stepId } = stepFor.get("investor@demo.test") as { stepId: string };
    const held = await shown(emma, stepId);
    const signedAt = new Date(Date.now() - 60 * 60 * 1000);
    const input = await signOffline(held, stepId, signedAt);
    const key = randomUUID();
    expect(await send(emma, input, key)).toMatchObject({ status: "accepted" });
    // waiting to be sealed: the step is processing, nothing sealed yet
    expect((await stepOf(stepId))?.status).toBe("processing");
    expect(await sentOf(stepId)).toEqual([]);
    expect(await t.server.signing.runDue()).toBeGreaterThan(0);
    expect((await stepOf(stepId))?.status).toBe("complete");
    const sent = await sentOf(stepId);
    expect(sent.map((s) => s.status)).toEqual(["completed"]);

    const download = await emma.client.fetch(sent[0]?.document_uri ?? "");
    expect(download.status).toBe(200);
    const pdf = Buffer.from(await download.arrayBuffer());
    expect(verifyWithOpenssl(pdf, t.server.signing.key.certificatePem).ok).toBe(true);
    const tampered = Buffer.from(pdf);
    tampered[200] = (tampered[200] ?? 0) ^ 0x01;
    expect(verifyWithOpenssl(tampered, t.server.signing.key.certificatePem).ok).toBe(false);
    const audit = await t.server.db.query<{ data: Record<string, unknown> }>(
      "select data from app_private.signing_audits where sent_signing_document_id = $1",
      [sent[0]?.id],
    );
    expect(audit.rows[0]?.data).toMatchObject({
      offline: true,
      typedName: "Signer Offline",
      signedOnDevice: signedAt.toISOString(),
      deviceId: "device-of-the-test",
      fingerprint: input.fingerprint,
    });
    expect(drawn(pdf, "Signed on the device (device time, UTC)")).toBe(true);
    expect(drawn(pdf, signedAt.toISOString())).toBe(true);
    expect(drawn(pdf, "Received by the server (UTC)")).toBe(true);
    expect(drawn(pdf, "Sealed by the server (UTC)")).toBe(true);
    expect(drawn(pdf, "Device device-of-the-test")).toBe(true);
    // the page holds every entry, down to the last
    expect(drawn(pdf, "PKCS#7 detached signature by the platform's key over this whole file.")).toBe(true);

    // the same command again: its stored answer, nothing sealed twice; a new signature of the step is refused
    expect(await send(emma, input, key)).toMatchObject({ status: "accepted" });
    expect(await t.server.signing.runDue()).toBe(0);
    expect(await send(emma, input)).toMatchObject({ status: "rejected", errorCode: "LL409" });
    expect((await sentOf(stepId)).length).toBe(1);
  });

  it("a template or a value changed meanwhile: nothing sealed, the step reopens with the reason, signing again seals", async () => {
    const { stepId, distributionId } = stepFor.get("investor2@demo.test") as { stepId: string; distributionId: string };
    const before = await shown(daniel, stepId);

    // the template's file changes on the server while the device is offline
    const edited = await templatePdf([...TEMPLATE_FIELDS, "Investor.note"]);
    const newKey = await upload(issuer.client, edited);
    await t.server.db.query("update app_public.signing_templates set file_key = $2 where id = $1", [
      signingTemplateId,
      newKey,
    ]);
    expect(await send(daniel, await signOffline(before, stepId, new Date()))).toMatchObject({ status: "accepted" });
    await t.server.signing.runDue();
    expect(await stepOf(stepId)).toEqual({ status: "in_progress", error: MESSAGES.offlineSigningChanged });
    expect(await sentOf(stepId)).toEqual([]);

    // the device reads the step again, then a value changes before its signature arrives
    const current = await shown(daniel, stepId);
    expect(current.templateSha256).not.toBe(before.templateSha256);
    const signedAt = new Date();
    const signature = await signOffline(current, stepId, signedAt);
    await ok(
      issuer.client,
      `mutation ($id: UUID!) { updateDistributionById(input: { id: $id, patch: { amount: "1750" } }) { clientMutationId } }`,
      { id: distributionId },
    );
    expect(await send(daniel, signature)).toMatchObject({ status: "accepted" });
    await t.server.signing.runDue();
    expect(await stepOf(stepId)).toEqual({ status: "in_progress", error: MESSAGES.offlineSigningChanged });
    expect(await sentOf(stepId)).toEqual([]);

    // signing what is current succeeds
    const again = await shown(daniel, stepId);
    expect(again.fields.find((f) => f.name === "Investor.units")?.value).toBe("1750");
    expect(await send(daniel, await signOffline(again, stepId, new Date()))).toMatchObject({ status: "accepted" });
    await t.server.signing.runDue();
    expect(await stepOf(stepId)).toEqual({ status: "complete", error: null });
    const sent = await sentOf(stepId);
    expect(sent.map((s) => s.status)).toEqual(["completed"]);
    const pdf = Buffer.from(await (await daniel.client.fetch(sent[0]?.document_uri ?? "")).arrayBuffer());
    expect(verifyWithOpenssl(pdf, t.server.signing.key.certificatePem).ok).toBe(true);
  });
});
