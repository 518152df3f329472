// Accreditation verification through the real server, the client bypassed (plain GraphQL and HTTP; docs/ACCREDITATION.md):
// the Compliance integration gives the issuer its qualification; an investor submits (refused: another investor's
// step, a wrong method, a self-certification the round does not allow, missing evidence) and submits once only;
// reviewers decide (refused: a broker that is no reviewer, a viewer, a rejection without reason); approval completes
// the step with the account's validity, rejection fails it with the reason and the investor submits again; an expired
// or self-certified verification stops the issuance of a round that requires verified accreditation; a 2 MB JPEG of
// evidence is accepted and downloaded by the investor and the reviewer only; the read model and the audit trail.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();
const ISSUER = "Northwind Renewables, Inc.";
const COMPLIANCE = "7a000000-0000-4000-8000-000000000003";

let allocationId = "";
let roundId = "";

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const idOf = (name: string) => {
  const id = accountIds.get(name);
  if (!id) throw new Error(`no account ${name}`);
  return id;
};

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(idOf(accountName))).status).toBe(303);
  return client;
}

const code = (result: { errors?: Array<{ extensions?: { code?: string } }> }) => result.errors?.[0]?.extensions?.code;
const message = (result: { errors?: Array<{ message: string }> }) => result.errors?.[0]?.message;

interface Accreditation {
  id: string;
  status: string;
  reason: string | null;
  expiresOn: string | null;
}
const FIELDS = "id status reason expiresOn";

function submit(client: TestClient, input: Record<string, unknown>) {
  return client.graphql<{ submitAccreditation: { accreditation: Accreditation } }>(
    `mutation ($input: SubmitAccreditationInput!) { submitAccreditation(input: $input) { accreditation { ${FIELDS} } } }`,
    { input },
  );
}

function review(client: TestClient, input: Record<string, unknown>) {
  return client.graphql<{ reviewAccreditation: { accreditation: Accreditation } }>(
    `mutation ($input: ReviewAccreditationInput!) { reviewAccreditation(input: $input) { accreditation { ${FIELDS} } } }`,
    { input },
  );
}

function issue(client: TestClient, distributionIds: string[]) {
  return client.graphql(
    "mutation ($ids: [UUID]!) { makeTaRequestDistributionIssuances(input: { distributionIds: $ids }) { holdings { id } } }",
    { ids: distributionIds },
  );
}

interface StepRow {
  id: string;
  status: string;
  type: string;
  schema: Record<string, unknown>;
  output_data: Record<string, unknown>;
  retry_count: number;
}

async function stepOf(distributionId: string): Promise<StepRow> {
  const { rows } = await t.server.db.query<StepRow>(
    `select s.id, s.status, s.type, s.schema, s.output_data, s.retry_count from app_public.steps s
       join app_public.processes p on p.id = s.process_id where p.distribution_id = $1 and s.type = 'accreditation'`,
    [distributionId],
  );
  if (!rows[0]) throw new Error("no accreditation step");
  return rows[0];
}

async function distributionStatus(id: string): Promise<string> {
  const { rows } = await t.server.db.query<{ status: string }>(
    "select status from app_public.distributions where id = $1",
    [id],
  );
  return rows[0]?.status ?? "";
}

/** A distribution of the test allocation for the investor (made by the issuer, as on the distributions screen). */
async function distributionFor(issuer: TestClient, email: string): Promise<string> {
  const made = await issuer.graphql<{ makeDistribution: { distribution: { id: string } } }>(
    `mutation ($allocationId: UUID!, $email: String!) {
       makeDistribution(input: { allocationId: $allocationId, accountEmail: $email, amount: "100" }) { distribution { id } } }`,
    { allocationId, email },
  );
  expect(made.errors).toBeUndefined();
  const id = made.data?.makeDistribution.distribution.id ?? "";
  await t.server.db.query("update app_public.distributions set status = 'open' where id = $1 and status = 'drafted'", [
    id,
  ]);
  return id;
}

async function uploadEvidence(client: TestClient, key: string, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const made = await client.graphql<{ makeFileLocation: { fileLocation: { url: string } } }>(
    `mutation ($fileName: String!, $key: UUID) {
       makeFileLocation(input: { fileName: $fileName, key: $key }) { fileLocation { url fields } } }`,
    { fileName: name, key },
  );
  expect(made.errors).toBeUndefined();
  const form = new FormData();
  form.set("key", key);
  form.set("file", new Blob([bytes]), name);
  const response = await client.fetch(made.data?.makeFileLocation.fileLocation.url ?? "", {
    method: "POST",
    body: form,
  });
  const body = (await response.json()) as { errors?: Array<{ message: string }> };
  return { status: response.status, message: body.errors?.[0]?.message };
}

function jpeg(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 251;
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes;
}

async function pull(client: TestClient, model: string): Promise<Array<Record<string, unknown>>> {
  const response = await client.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model, afterTxid: "0", afterSeq: "0", limit: 1000 }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { documents: Array<Record<string, unknown>> };
  return body.documents.filter((document) => !document._deleted);
}

describe("accreditation verification", () => {
  let issuer: TestClient;
  let emma: TestClient;
  let kim: TestClient;
  let emmaDistribution = "";
  let kimDistribution = "";
  let jordanDistribution = "";
  const emmaVerification = randomUUID();
  const evidenceKey = randomUUID();
  const photo = jpeg(2 * 1024 * 1024);

  it("adding Compliance gives the issuer its qualification, required on an allocation like any other", async () => {
    issuer = await as("issuer@demo.test", ISSUER);
    const added = await issuer.graphql<{ createAccountIntegration: { accountIntegration: { status: string } } }>(
      "mutation ($id: UUID!) { createAccountIntegration(input: { integrationId: $id }) { accountIntegration { status } } }",
      { id: COMPLIANCE },
    );
    expect(added.errors).toBeUndefined();
    expect(added.data?.createAccountIntegration.accountIntegration.status).toBe("complete");
    const qualifications = await issuer.graphql<{
      allVendorQualifications: { nodes: Array<{ id: string; name: string; active: boolean; steps: unknown[] }> };
    }>("{ allVendorQualifications { nodes { id name active steps } } }");
    const qualification = qualifications.data?.allVendorQualifications.nodes.find(
      (q) => q.name === "Accreditation verification",
    );
    expect(qualification).toMatchObject({ active: true, steps: [expect.objectContaining({ type: "accreditation" })] });

    // a fresh allocation of Series A that asks only for it (setup; the Qualifications card is tested elsewhere)
    const { rows } = await t.server.db.query<{ allocation: string; round: string }>(
      `insert into app_public.allocations (round_id, owner_id, name, status, opens_on, closes_on)
         select r.id, $1, 'Accredited Direct', 'open', '2025-09-01', '2026-12-31' from app_public.rounds r
           join app_public.assets a on a.id = r.asset_id
         where r.name = 'Series A' and a.issuer_id = $1
       returning id as allocation, round_id as round`,
      [idOf(ISSUER)],
    );
    allocationId = rows[0]?.allocation ?? "";
    roundId = rows[0]?.round ?? "";
    await t.server.db.query(
      "insert into app_public.allocation_qualifications (allocation_id, vendor_qualification_id, execute_order) values ($1, $2, 1)",
      [allocationId, qualification?.id],
    );
    emmaDistribution = await distributionFor(issuer, "investor@demo.test");
    kimDistribution = await distributionFor(issuer, "investor2@demo.test");
    jordanDistribution = await distributionFor(issuer, "multi@demo.test");
    const step = await stepOf(emmaDistribution);
    expect(step.status).toBe("in_progress");
    expect(step.schema).toMatchObject({
      selfCertificationAllowed: false,
      investReady: false,
      reviewerName: ISSUER,
    });
  }, 60_000);

  it("the investor's evidence (a 2 MB photo, before its command) is accepted; a submission is checked and applied once", async () => {
    emma = await as("investor@demo.test", "Emma Lawson");
    kim = await as("investor2@demo.test", "Kim Family Trust");
    expect(await uploadEvidence(emma, evidenceKey, "drivers-license.jpg", photo)).toEqual({
      status: 201,
      message: undefined,
    });
    const step = await stepOf(emmaDistribution);
    const base = { accreditationId: emmaVerification, stepId: step.id };
    const letter = { ...base, method: "letter", evidenceKeys: [evidenceKey], evidenceNames: ["drivers-license.jpg"] };

    const otherInvestor = await submit(kim, letter);
    expect([code(otherInvestor), message(otherInvestor)]).toEqual(["LL404", "Step not found"]);
    const wrongMethod = await submit(emma, { ...letter, method: "lottery" });
    expect(code(wrongMethod)).toBe("LL422");
    expect(message(wrongMethod)).toMatch(/^Choose how you are accredited/);
    const selfCertified = await submit(emma, { ...base, method: "self_certification" });
    expect(message(selfCertified)).toBe("Self-certification is not allowed for this round.");
    const noEvidence = await submit(emma, { ...base, method: "income" });
    expect([code(noEvidence), message(noEvidence)]).toEqual(["LL422", "Add at least one document as evidence."]);
    const notEvidence = await submit(emma, { ...letter, evidenceNames: ["taxes.xls"] });
    expect(message(notEvidence)).toBe("Evidence must be a PDF or an image (PNG, JPEG, WebP or HEIC).");
    // this server has no InvestReady settings: the step does not offer it, and the credential says so (no fake success)
    const notConfigured = await emma.fetch("/api/v2/integration/investready-credential", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stepId: step.id }),
    });
    expect(notConfigured.status).toBe(503);
    expect(((await notConfigured.json()) as { errors: Array<{ message: string }> }).errors[0]?.message).toBe(
      "InvestReady is not set up on this server. Choose another way to verify your accreditation.",
    );
    const issuerSubmits = await submit(issuer, letter);
    expect(code(issuerSubmits)).toBe("LL403");
    // nothing of the refusals was kept
    expect((await t.server.db.query("select 1 from app_public.accreditations")).rows).toEqual([]);

    const first = await submit(emma, letter);
    expect(first.errors).toBeUndefined();
    expect(first.data?.submitAccreditation.accreditation.status).toBe("submitted");
    const again = await submit(emma, letter);
    expect(again.data?.submitAccreditation.accreditation.id).toBe(emmaVerification);
    const { rows } = await t.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_public.accreditation_evidence",
    );
    expect(rows[0]?.n).toBe(1);
    const waiting = await stepOf(emmaDistribution);
    expect(waiting.status).toBe("processing");
    expect(waiting.output_data).toEqual({ accreditationId: emmaVerification });
  });

  it("the evidence downloads intact for the investor and the reviewer, for no one else", async () => {
    const path = `/api/v2/accreditations/${emmaVerification}/evidence/${evidenceKey}`;
    for (const client of [emma, issuer]) {
      const response = await client.fetch(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(photo))).toBe(true);
    }
    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    for (const client of [kim, broker, t.client()]) {
      const response = await client.fetch(path);
      expect(response.status).toBe(client === kim || client === broker ? 404 : 401);
      await response.arrayBuffer();
    }
    const wrongKey = await emma.fetch(`/api/v2/accreditations/${emmaVerification}/evidence/${randomUUID()}`);
    expect(wrongKey.status).toBe(404);
    // an investor's large image takes evidence's rules on arrival, but never becomes a logo of more than 1 MB
    const bigKey = randomUUID();
    expect((await uploadEvidence(emma, bigKey, "portrait.jpg", photo)).status).toBe(201);
    const logo = await emma.graphql(
      'mutation ($id: UUID!, $key: UUID!) { setAccountLogo(input: { accountId: $id, fileKey: $key, fileName: "portrait.jpg" }) { account { id } } }',
      { id: idOf("Emma Lawson"), key: bigKey },
    );
    expect([code(logo), message(logo)]).toEqual(["LL422", "A logo can be at most 1 MB."]);
    const evidenceAsLogo = await emma.graphql(
      'mutation ($id: UUID!, $key: UUID!) { setAccountLogo(input: { accountId: $id, fileKey: $key, fileName: "id.jpg" }) { account { id } } }',
      { id: idOf("Emma Lawson"), key: evidenceKey },
    );
    expect(code(evidenceAsLogo)).toBe("LL404");
  });

  it("only the reviewer's owners and admins decide; approval completes the step with the account's validity", async () => {
    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    const notReviewer = await review(broker, { accreditationId: emmaVerification, approve: true });
    expect([code(notReviewer), message(notReviewer)]).toEqual(["LL404", "Verification not found."]);
    const investorReviews = await review(emma, { accreditationId: emmaVerification, approve: true });
    expect(code(investorReviews)).toBe("LL404");
    // a viewer of the reviewer account reads the verification and may not decide
    const viewer = await as("issuer-viewer@demo.test", ISSUER);
    const seen = await viewer.graphql<{ allAccreditations: { nodes: Array<{ id: string }> } }>(
      "{ allAccreditations { nodes { id } } }",
    );
    expect(seen.data?.allAccreditations.nodes.map((a) => a.id)).toEqual([emmaVerification]);
    const viewerReviews = await review(viewer, { accreditationId: emmaVerification, approve: true });
    expect(code(viewerReviews)).toBe("LL403");
    const tooLong = await issuer.graphql(
      "mutation { setAccreditationValidity(input: { accountId: $id, validDays: 4000 }) { account { id } } }".replace(
        "$id",
        JSON.stringify(idOf(ISSUER)),
      ),
    );
    expect(message(tooLong)).toBe("An accreditation must stay valid between 1 and 3650 days.");
    const valid = await issuer.graphql<{ setAccreditationValidity: { account: { accreditationValidDays: number } } }>(
      "mutation ($id: UUID!) { setAccreditationValidity(input: { accountId: $id, validDays: 30 }) { account { accreditationValidDays } } }",
      { id: idOf(ISSUER) },
    );
    expect(valid.data?.setAccreditationValidity.account.accreditationValidDays).toBe(30);

    const approved = await review(issuer, { accreditationId: emmaVerification, approve: true });
    expect(approved.errors).toBeUndefined();
    const decided = approved.data?.reviewAccreditation.accreditation;
    expect(decided?.status).toBe("approved");
    const days = (Date.parse(decided?.expiresOn ?? "") - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect((await stepOf(emmaDistribution)).status).toBe("complete");
    expect(await distributionStatus(emmaDistribution)).toBe("closed");
    const twice = await review(issuer, { accreditationId: emmaVerification, approve: false, reason: "No" });
    expect([code(twice), message(twice)]).toEqual(["LL409", "This verification was already decided."]);

    const { rows } = await t.server.db.query<{ action: string; details: Record<string, unknown> }>(
      "select action, details from app_public.audit_events where kind = 'accreditation' and account_id = $1",
      [idOf(ISSUER)],
    );
    expect(rows).toEqual([
      {
        action: "approved an accreditation",
        details: expect.objectContaining({ accreditationId: emmaVerification, investorName: "Emma Lawson" }),
      },
    ]);
  });

  it("a rejection needs a reason, fails the step with it, and the investor submits again", async () => {
    const jordan = await as("multi@demo.test", "Jordan Blake");
    const step = await stepOf(jordanDistribution);
    const letterKey = randomUUID();
    const first = randomUUID();
    // the command before its file: the slot is made by the command, the evidence waits for its upload
    const submitted = await submit(jordan, {
      accreditationId: first,
      stepId: step.id,
      method: "net_worth",
      evidenceKeys: [letterKey],
      evidenceNames: ["statement.pdf"],
    });
    expect(submitted.errors).toBeUndefined();
    const noReason = await review(issuer, { accreditationId: first, approve: false, reason: "  " });
    expect([code(noReason), message(noReason)]).toEqual(["LL422", "A reason is required to reject."]);
    const rejected = await review(issuer, {
      accreditationId: first,
      approve: false,
      reason: "The statement is older than 90 days.",
    });
    expect(rejected.data?.reviewAccreditation.accreditation).toMatchObject({
      status: "rejected",
      reason: "The statement is older than 90 days.",
      expiresOn: null,
    });
    const failed = await stepOf(jordanDistribution);
    expect(failed).toMatchObject({ status: "failed", retry_count: 1 });
    expect(failed.output_data).toMatchObject({ error: "The statement is older than 90 days." });

    const second = randomUUID();
    const pdf = new Uint8Array(Buffer.from("%PDF-1.4\n% a letter\n"));
    expect((await uploadEvidence(jordan, letterKey, "statement.pdf", pdf)).status).toBe(201);
    const resubmitted = await submit(jordan, {
      accreditationId: second,
      stepId: step.id,
      method: "letter",
      evidenceKeys: [randomUUID()],
      evidenceNames: ["cpa-letter.pdf"],
    });
    expect(resubmitted.errors).toBeUndefined();
    expect((await stepOf(jordanDistribution)).status).toBe("processing");

    // the read model: the investor's and the reviewer's, with the evidence's upload status
    const documents = await pull(jordan, "accreditations");
    expect(documents.map((d) => [d.id, d.status]).sort()).toEqual(
      [
        [first, "rejected"],
        [second, "submitted"],
      ].sort(),
    );
    expect(documents.find((d) => d.id === first)).toMatchObject({
      investorName: "Jordan Blake",
      reviewerName: ISSUER,
      method: "net_worth",
      provider: "built_in",
      reason: "The statement is older than 90 days.",
      evidence: [{ key: letterKey, name: "statement.pdf", size: pdf.length, status: "uploaded" }],
    });
    expect((await pull(issuer, "accreditations")).length).toBe(3);
    expect(await pull(kim, "accreditations")).toEqual([]);
  });

  it("a round that requires verified accreditation issues only to investors with a valid one, and says why", async () => {
    const required = await issuer.graphql(
      "mutation ($id: UUID!) { updateRoundById(input: { id: $id, patch: { accreditationRequired: true, selfCertificationAllowed: true } }) { round { id } } }",
      { id: roundId },
    );
    expect(required.errors).toBeUndefined();
    // the open step offers self-certification now
    expect((await stepOf(kimDistribution)).schema).toMatchObject({ selfCertificationAllowed: true });
    const selfCertified = await submit(kim, {
      accreditationId: randomUUID(),
      stepId: (await stepOf(kimDistribution)).id,
      method: "self_certification",
    });
    expect(selfCertified.data?.submitAccreditation.accreditation.status).toBe("self_certified");
    expect(await distributionStatus(kimDistribution)).toBe("closed");
    const kimRefused = await issue(issuer, [kimDistribution]);
    expect([code(kimRefused), message(kimRefused)]).toEqual([
      "LL422",
      "Kim Family Trust has no valid accreditation verification (a self-certification is not a verification).",
    ]);

    await t.server.db.query("update app_public.accreditations set expires_on = '2026-01-31T12:00:00Z' where id = $1", [
      emmaVerification,
    ]);
    const before = await t.server.db.query("select count(*) from app_public.holdings");
    const emmaRefused = await issue(issuer, [emmaDistribution]);
    expect([code(emmaRefused), message(emmaRefused)]).toEqual([
      "LL422",
      "Emma Lawson has no valid accreditation verification (expired on 01/31/2026).",
    ]);
    expect((await t.server.db.query("select count(*) from app_public.holdings")).rows).toEqual(before.rows);
    expect((await pull(emma, "accreditations")).find((d) => d.id === emmaVerification)?.status).toBe("expired");

    await t.server.db.query(
      "update app_public.accreditations set expires_on = now() + interval '1 day' where id = $1",
      [emmaVerification],
    );
    const issued = await issue(issuer, [emmaDistribution]);
    expect(issued.errors).toBeUndefined();
  });
});
