// In-person sessions with the client bypassed (issue 31 item 1; docs/IN-PERSON.md): plain commands to POST
// /api/v2/commands. A broker who manages the allocation hosts a new investor on their device: the session starts
// (another broker, a viewer and an investor are refused with the session's text, nothing recorded), a question set
// completes as the investor (replayed once; a step of another distribution is not found), the account details set up
// the investor's account as their own setup would (no delegate; both times kept; no personal value in clear in the
// command log or the audit trail; no one signed in to it), the host reads the signing
// template and the investor signs offline in the session and submits accreditation in the same request (both taken:
// the step waiting for its seal counts as done for the order; sealed: openssl verifies, the audit page names the host
// and both times), the evidence a 2 MB photo the host uploaded saying it is evidence (without saying, a broker's
// image is still taken for a logo and held to 1 MB), and the end queues one mail with
// the sealed document and the claim link. The round's issuer hosts too; a broker whose allocation was taken away
// after the session started is refused on the next step, and nothing of it applies. An investor on their own device
// signs offline and submits accreditation in one request (both taken); the document changed meanwhile, so the seal
// reopens only the signing step (the current step again; the accreditation stays submitted) and signing again seals.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUESTION_TYPES } from "../../src/domain/questions.ts";
import { signingDate, signingFingerprint } from "../../src/domain/signing-fingerprint.ts";
import type { CommandResult } from "../../src/domain/wire.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";
import { TEMPLATE_FIELDS, templatePdf, verifyWithOpenssl } from "../helpers/signing-pdf.ts";

const REFUSED =
  "You can no longer manage this investor's distribution, so what was done with them on this device was not applied.";
const ISSUER = "Northwind Renewables, Inc.";
const BROKER = "Harborview Capital Markets LLC";
const OTHER_BROKER = "Quayside Brokerage LLC";
const COMPLIANCE = "7a000000-0000-4000-8000-000000000003";
const WALK_IN = "walk-in@in-person.test";

let t: TestServer;
const ids = new Map<string, string>();

interface Who {
  client: TestClient;
  userId: string;
  accountId: string;
}

beforeAll(async () => {
  t = await startTestServer({ signing: { tickMs: 0, docusign: null } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function accountIds(): Promise<void> {
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) ids.set(row.name, row.id);
}

async function as(email: string, accountName: string): Promise<Who> {
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

/** One command as the host's device sends it; the same key again is a replay. */
async function send(
  who: Who,
  mutation: string,
  input: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<CommandResult> {
  const response = await who.client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify([
      {
        key,
        mutation,
        variables: { input },
        userId: who.userId,
        accountId: who.accountId,
        createdOn: new Date().toISOString(),
        deviceId: "host-tablet",
        seq: 1,
      },
    ]),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: CommandResult[] }).results[0] as CommandResult;
}

/** Asks for an upload slot (saying what the file is for, or not: an older device) and posts the file to it. */
async function post(
  who: Who,
  name: string,
  type: string,
  bytes: Uint8Array,
  purpose: string | null = null,
): Promise<{ key: string; status: number }> {
  const located = await ok<{ makeFileLocation: { fileLocation: { url: string; fields: { key: string } } } }>(
    who.client,
    "mutation ($f: String!, $p: String) { makeFileLocation(input: { fileName: $f, purpose: $p }) { fileLocation { url fields } } }",
    { f: name, p: purpose },
  );
  const where = located.makeFileLocation.fileLocation;
  const form = new FormData();
  form.set("key", where.fields.key);
  form.set("file", new Blob([Buffer.from(bytes)], { type }), name);
  return { key: where.fields.key, status: (await who.client.fetch(where.url, { method: "POST", body: form })).status };
}

async function upload(who: Who, name: string, type: string, bytes: Uint8Array, purpose?: string): Promise<string> {
  const posted = await post(who, name, type, bytes, purpose ?? null);
  expect(posted.status).toBe(201);
  return posted.key;
}

/** A 2 MB JPEG (its first bytes say so): a phone's photo of an ID. */
function photo(): Uint8Array {
  const bytes = new Uint8Array(2 * 1024 * 1024).fill(0x20);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return bytes;
}

/** Several commands in one request, in order, as a device sends its outbox after reconnecting. */
async function sendAll(who: Who, commands: { mutation: string; input: Record<string, unknown> }[]) {
  const createdOn = new Date().toISOString();
  const response = await who.client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      commands.map((c, i) => ({
        key: randomUUID(),
        mutation: c.mutation,
        variables: { input: c.input },
        userId: who.userId,
        accountId: who.accountId,
        createdOn,
        deviceId: "host-tablet",
        seq: i + 1,
      })),
    ),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: CommandResult[] }).results;
}

interface StepRow {
  id: string;
  type: string;
  status: string;
  in_person_session_id: string | null;
  done_at_device: Date | null;
  in_person_received_at: Date | null;
}

async function stepsOf(distributionId: string): Promise<StepRow[]> {
  const { rows } = await t.server.db.query<StepRow>(
    `select s.id, s.type, s.status, s.in_person_session_id, s.done_at_device, s.in_person_received_at
     from app_public.steps s join app_public.processes p on p.id = s.process_id
     where p.distribution_id = $1 order by s."order"`,
    [distributionId],
  );
  return rows;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.server.db.query<{ n: number }>(`select count(*)::int as n from (${sql}) x`, params);
  return rows[0]?.n ?? 0;
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "in-person-"));
  try {
    writeFileSync(join(dir, "signed.pdf"), pdf);
    const run = spawnSync("pdftotext", [join(dir, "signed.pdf"), "-"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout.replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("in-person sessions", () => {
  let issuer: Who;
  let broker: Who;
  let walkIn = ""; // the new investor's distribution (no one holds the account)
  let emmaDistribution = "";
  let allocationId = "";
  const session = randomUUID();
  const startKey = randomUUID();
  const startedAt = new Date(Date.now() - 30 * 60 * 1000);

  beforeAll(async () => {
    await accountIds();
    issuer = await as("issuer@demo.test", ISSUER);
    broker = await as("broker@demo.test", BROKER);
    // another broker, on the same round, held by the same person: a different account, not this allocation's
    const { rows: other } = await t.server.db.query<{ id: string }>(
      `with a as (insert into app_public.accounts (type, name, email, setup)
                  values ('broker', $1, 'desk@quayside.example', true) returning id),
            m as (insert into app_public.users_accounts (user_id, account_id, role)
                  select $2, a.id, 'account_owner' from a)
       select id from a`,
      [OTHER_BROKER, broker.userId],
    );
    ids.set(OTHER_BROKER, other[0]?.id ?? "");

    // the qualifications: a question set, a built-in signing template, accreditation (all the issuer's)
    const setId = randomUUID();
    const question = randomUUID();
    await ok(
      issuer.client,
      "mutation ($q: OnboardingQuestionInput!) { createOnboardingQuestion(input: { onboardingQuestion: $q }) { onboardingQuestion { id } } }",
      {
        q: {
          id: question,
          name: "In person accredited",
          description: "Accredited?",
          errorMessage: "Answer Yes or No.",
          typeId: QUESTION_TYPES.find((type) => type.name === "Yes / No")?.id,
        },
      },
    );
    await ok(
      issuer.client,
      'mutation ($id: UUID!) { createOnboardingQuestionSet(input: { onboardingQuestionSet: { id: $id, name: "Walk-in checks" } }) { onboardingQuestionSet { id } } }',
      { id: setId },
    );
    await ok(
      issuer.client,
      "mutation ($j: OnboardingQuestionJoinInput!) { createOnboardingQuestionJoin(input: { onboardingQuestionJoin: $j }) { onboardingQuestionJoin { id } } }",
      { j: { questionSetId: setId, questionId: question, executeOrder: 1 } },
    );
    const locked = await ok<{
      updateOnboardingQuestionSetById: { onboardingQuestionSet: { vendorQualificationId: string } };
    }>(
      issuer.client,
      "mutation ($id: UUID!) { updateOnboardingQuestionSetById(input: { id: $id, patch: { locked: true } }) { onboardingQuestionSet { vendorQualificationId } } }",
      { id: setId },
    );
    const questionsQualification = locked.updateOnboardingQuestionSetById.onboardingQuestionSet.vendorQualificationId;

    const fileKey = await upload(issuer, "subscription.pdf", "application/pdf", await templatePdf());
    const created = await ok<{ createSigningTemplate: { signingTemplate: { id: string } } }>(
      issuer.client,
      `mutation ($k: UUID!) { createSigningTemplate(input: { fileKey: $k, name: "Subscription Agreement" }) {
        signingTemplate { id } } }`,
      { k: fileKey },
    );
    await t.server.signing.runDue();
    const mapped = await ok<{ createMappedSigningTemplate: { mappedSigningTemplate: { id: string } } }>(
      issuer.client,
      `mutation ($t: UUID!) { createMappedSigningTemplate(input: { templateId: $t, name: "Walk-in subscription" }) {
        mappedSigningTemplate { id } } }`,
      { t: created.createSigningTemplate.signingTemplate.id },
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
    await ok(issuer.client, FIELD, { id: field("Investor.units"), p: { mapTo: "distribution.amount" } });
    const LOCK = `mutation ($id: UUID!, $p: MappedSigningTemplatePatch!) { updateMappedSigningTemplateById(input: { id: $id, patch: $p }) { clientMutationId } }`;
    await ok(issuer.client, LOCK, { id: mappedId, p: { locked: true } });
    await ok(issuer.client, LOCK, { id: mappedId, p: { active: true } });
    const signingQualification = await ok<{
      addMappedSigningTemplateToQualifications: { vendorQualification: { id: string } };
    }>(
      issuer.client,
      "mutation ($id: UUID!) { addMappedSigningTemplateToQualifications(input: { id: $id }) { vendorQualification { id } } }",
      { id: mappedId },
    );
    await ok(
      issuer.client,
      "mutation ($id: UUID!) { createAccountIntegration(input: { integrationId: $id }) { accountIntegration { status } } }",
      { id: COMPLIANCE },
    );
    const { rows: accreditation } = await t.server.db.query<{ id: string }>(
      "select id from app_public.vendor_qualifications where account_id = $1 and name = 'Accreditation verification'",
      [ids.get(ISSUER)],
    );

    // the broker's own allocation on Series A (its invitation accepted) asks for the three, in order
    const { rows: allocation } = await t.server.db.query<{ id: string }>(
      `insert into app_public.allocations (round_id, owner_id, name, status, opens_on, closes_on)
         select r.id, $1, 'Harborview walk-ins', 'open', now() - interval '1 day', now() + interval '30 days'
         from app_public.rounds r join app_public.assets a on a.id = r.asset_id where r.name = 'Series A'
       returning id`,
      [ids.get(BROKER)],
    );
    allocationId = allocation[0]?.id ?? "";
    for (const [order, qualification] of [
      [1, questionsQualification],
      [2, signingQualification.addMappedSigningTemplateToQualifications.vendorQualification.id],
      [3, accreditation[0]?.id],
    ] as const) {
      await t.server.db.query(
        "insert into app_public.allocation_qualifications (allocation_id, vendor_qualification_id, execute_order) values ($1, $2, $3)",
        [allocationId, qualification, order],
      );
    }
    for (const [email, name] of [
      [WALK_IN, "Wendy Walker"],
      ["investor@demo.test", "Emma Lawson"],
    ] as const) {
      const made = await ok<{ makeDistribution: { distribution: { id: string } } }>(
        broker.client,
        `mutation ($a: UUID!, $e: String!, $n: String) { makeDistribution(input: { allocationId: $a, accountEmail: $e,
          amount: "2500", name: $n }) { distribution { id } } }`,
        { a: allocationId, e: email, n: name },
      );
      const id = made.makeDistribution.distribution.id;
      await t.server.db.query("update app_public.distributions set status = 'open' where id = $1", [id]);
      if (email === WALK_IN) walkIn = id;
      else emmaDistribution = id;
    }
    expect((await stepsOf(walkIn)).map((s) => s.type)).toEqual(["encrypted_form", "signing", "accreditation"]);
  }, 120_000);

  it("refuses another broker, a viewer and an investor with the session's reason, and records nothing", async () => {
    const start = { id: session, distributionId: walkIn, startedAtDevice: startedAt.toISOString() };
    const other = await as("broker@demo.test", OTHER_BROKER);
    const viewer = await as("multi@demo.test", BROKER); // a viewer of the hosting broker
    const investor = await as("investor@demo.test", "Emma Lawson");
    for (const who of [other, viewer, investor]) {
      expect(await send(who, "startInPersonSession", start)).toMatchObject({
        status: "rejected",
        errorCode: "LL403",
        errorMessage: REFUSED,
      });
    }
    // a step of a session that never started is refused the same way
    const [questions] = await stepsOf(walkIn);
    expect(
      await send(broker, "completeStepInPerson", {
        sessionId: session,
        stepId: questions?.id,
        blob: {},
        doneAtDevice: startedAt.toISOString(),
      }),
    ).toMatchObject({ status: "rejected", errorCode: "LL403", errorMessage: REFUSED });
    expect(await count("select 1 from app_public.in_person_sessions")).toBe(0);
    // the template for signing offline: only a host who may manage the distribution reads it
    const [, signing] = await stepsOf(walkIn);
    for (const who of [other, viewer, investor]) {
      expect((await who.client.fetch(`/api/v2/signing/steps/${signing?.id}/template.pdf`)).status).toBe(404);
    }
  });

  it("the broker hosts: a question set completes as the investor, once, with the device's and the server's times", async () => {
    const start = {
      id: session,
      distributionId: walkIn,
      startedAtDevice: startedAt.toISOString(),
      deviceLabel: "Field tablet",
    };
    expect(await send(broker, "startInPersonSession", start, startKey)).toMatchObject({ status: "accepted" });
    expect(await send(broker, "startInPersonSession", start, startKey)).toMatchObject({ status: "accepted" });
    const { rows: sessions } = await t.server.db.query<Record<string, unknown>>(
      "select investor_id, host_user_id, host_account_id, device_label from app_public.in_person_sessions",
    );
    const { rows: investor } = await t.server.db.query<{ id: string }>(
      "select investor_id as id from app_public.distributions where id = $1",
      [walkIn],
    );
    expect(sessions).toEqual([
      {
        investor_id: investor[0]?.id,
        host_user_id: broker.userId,
        host_account_id: broker.accountId,
        device_label: "Field tablet",
      },
    ]);

    const [questions] = await stepsOf(walkIn);
    const doneAt = new Date(Date.now() - 20 * 60 * 1000);
    // the question's key, as the step's schema names it
    const { rows: schema } = await t.server.db.query<{ key: string }>(
      "select schema -> 'fields' -> 0 ->> 'key' as key from app_public.steps where id = $1",
      [questions?.id],
    );
    const answer = schema[0]?.key ?? "";
    const complete = {
      sessionId: session,
      stepId: questions?.id,
      blob: { [answer]: "Yes" },
      doneAtDevice: doneAt.toISOString(),
    };
    // the investor's own checks: a wrong answer is refused with the question's text
    expect(await send(broker, "completeStepInPerson", { ...complete, blob: { [answer]: "Maybe" } })).toMatchObject({
      status: "rejected",
      errorCode: "LL422",
    });
    // a step of another distribution is not the session's
    const [emmaQuestions] = await stepsOf(emmaDistribution);
    expect(await send(broker, "completeStepInPerson", { ...complete, stepId: emmaQuestions?.id })).toMatchObject({
      status: "rejected",
      errorCode: "LL404",
      errorMessage: "Step not found",
    });
    // the session is the broker's: the same person in another account may not use it
    const other = await as("broker@demo.test", OTHER_BROKER);
    expect(await send(other, "completeStepInPerson", complete)).toMatchObject({ errorMessage: REFUSED });

    const key = randomUUID();
    expect(await send(broker, "completeStepInPerson", complete, key)).toMatchObject({ status: "accepted" });
    expect(await send(broker, "completeStepInPerson", complete, key)).toMatchObject({ status: "accepted" });
    const [done] = await stepsOf(walkIn);
    expect(done).toMatchObject({ status: "complete", in_person_session_id: session, done_at_device: doneAt });
    expect(done?.in_person_received_at).toBeInstanceOf(Date);
    expect(await count("select 1 from app_private.step_submissions where step_id = $1", [questions?.id])).toBe(1);
    // the answer is the investor's own account information
    expect(
      await count("select 1 from app_public.instanced_account_information where account_id = $1", [investor[0]?.id]),
    ).toBeGreaterThan(0);
    // the audit trail of the investor's account: done by the investor, hosted by the broker's user
    const { rows: audit } = await t.server.db.query<{
      action: string;
      user_id: string;
      details: Record<string, unknown>;
    }>(
      "select action, user_id, details from app_public.audit_events where kind = 'in_person' and account_id = $1 order by created_on",
      [investor[0]?.id],
    );
    expect(audit.map((a) => a.action)).toEqual(["started an in-person session", "completed a step in person"]);
    expect(audit[1]).toMatchObject({
      user_id: broker.userId,
      details: { hostAccountName: BROKER, hostName: "Marcus Reed", stepId: questions?.id },
    });
    // the read model: the host's device shows who did the step, when on the device and when received
    const response = await broker.client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "distributions", afterTxid: "0", afterSeq: "0", limit: 1000 }),
    });
    const documents = ((await response.json()) as { documents: Array<Record<string, unknown>> }).documents;
    const document = documents.find((d) => d.id === walkIn) as { process: { steps: Array<Record<string, unknown>> } };
    const step = document.process.steps.find((s) => s.id === questions?.id);
    expect(step?.inPerson).toEqual({
      hostName: "Marcus Reed",
      hostAccountName: BROKER,
      doneAtDevice: expect.stringMatching(/^\d{4}-/),
      receivedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(new Date(String(step?.inPerson && (step.inPerson as { doneAtDevice: string }).doneAtDevice))).toEqual(
      doneAt,
    );
    expect(document.process.steps.find((s) => s.type === "signing")?.inPerson).toBeNull();
  });

  it("the account details: set up as the investor's own setup would, hosted, with both times and no clear personal value", async () => {
    const { rows: investor } = await t.server.db.query<{ id: string }>(
      "select investor_id as id from app_public.distributions where id = $1",
      [walkIn],
    );
    const investorId = investor[0]?.id ?? "";
    const doneAt = new Date(Date.now() - 25 * 60 * 1000);
    const details = {
      sessionId: session,
      doneAtDevice: doneAt.toISOString(),
      accountName: "Wendy Walker",
      attestation: true,
      taxId: "321-54-9876",
      type: "Individual",
      formationDate: "1984-07-09T00:00:00.000Z",
      addresses: [
        {
          type: "primary",
          lineOne: "48 Quarry Lane",
          city: "Portland",
          province: "OR",
          postalCode: "97209",
          countryId: 840,
        },
      ],
      parties: [
        {
          firstName: "Wendy",
          lastName: "Walker",
          dateOfBirth: "1984-07-09T00:00:00.000Z",
          taxId: "321-54-9876",
          usCitizen: true,
          isPrimary: true,
          role: "Individual",
        },
      ],
      phone: "+1 503 555 0142",
    };
    // refused: the same person in another account (the session's reason), a delegate (only the investor adds one),
    // the investor's own rules (a tax id), a clock a week ahead; nothing applied
    const other = await as("broker@demo.test", OTHER_BROKER);
    expect(await send(other, "setupAccountInPerson", details)).toMatchObject({
      status: "rejected",
      errorCode: "LL403",
      errorMessage: REFUSED,
    });
    const delegate = { ...details.parties[0], email: "broker@demo.test", allowLogin: true };
    expect(await send(broker, "setupAccountInPerson", { ...details, parties: [delegate] })).toMatchObject({
      status: "rejected",
      errorCode: "LL422",
      errorMessage: "1318 A delegate can be added by the investor from their own account, not in person.",
    });
    expect(await send(broker, "setupAccountInPerson", { ...details, taxId: " " })).toMatchObject({
      status: "rejected",
      errorMessage: "1312 Tax ID is required. If not applicable, enter 000",
    });
    const ahead = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
    expect(await send(broker, "setupAccountInPerson", { ...details, doneAtDevice: ahead })).toMatchObject({
      status: "rejected",
      errorMessage: "The device's clock is ahead: check its date and time, then try again.",
    });
    const account = async () =>
      (
        await t.server.db.query<Record<string, unknown>>(
          `select a.name, a.setup, a.investor_type, p.tax_short, p.date_of_birth::text as born
           from app_public.accounts a left join app_private.account_personal_data p on p.account_id = a.id
           where a.id = $1`,
          [investorId],
        )
      ).rows[0];
    expect(await account()).toMatchObject({ setup: false });

    // taken once (the same key again answers the same), as the investor's own setup would have set it up
    const key = randomUUID();
    expect(await send(broker, "setupAccountInPerson", details, key)).toMatchObject({ status: "accepted" });
    expect(await send(broker, "setupAccountInPerson", details, key)).toMatchObject({ status: "accepted" });
    expect(await account()).toEqual({
      name: "Wendy Walker",
      setup: true,
      investor_type: "Individual",
      tax_short: "9876",
      born: "1984-07-09",
    });
    expect(await count("select 1 from app_public.account_addresses where account_id = $1", [investorId])).toBe(2);
    expect(await count("select 1 from app_public.parties where account_id = $1", [investorId])).toBe(1);
    // the investor's account is signed in nowhere: no one holds it (the end's mail carries the claim link)
    expect(await count("select 1 from app_public.users_accounts where account_id = $1", [investorId])).toBe(0);
    // a second time: the investor's own rule
    expect(await send(broker, "setupAccountInPerson", details)).toMatchObject({
      status: "rejected",
      errorMessage: "1301 This account is already set up.",
    });
    // the session keeps the device's time and the server's
    const { rows: times } = await t.server.db.query<{ at: Date; received: Date | null }>(
      "select account_set_up_at_device as at, account_set_up_received_at as received from app_public.in_person_sessions where id = $1",
      [session],
    );
    expect(times[0]?.at).toEqual(doneAt);
    expect(times[0]?.received).toBeInstanceOf(Date);
    // the investor's trail: done in person, hosted by the broker's user
    const { rows: audit } = await t.server.db.query<{ user_id: string; details: Record<string, unknown> }>(
      "select user_id, details from app_public.audit_events where kind = 'in_person' and account_id = $1 and action = 'set up the account in person'",
      [investorId],
    );
    expect(audit).toEqual([
      {
        user_id: broker.userId,
        details: expect.objectContaining({
          hostAccountName: BROKER,
          hostName: "Marcus Reed",
          investorType: "Individual",
        }),
      },
    ]);
    expect(new Date(String(audit[0]?.details.doneAtDevice))).toEqual(doneAt);
    // no personal value in clear: not in the command log, not in any audit event (the host's or the investor's)
    const { rows: kept } = await t.server.db.query<{ text: string }>(
      `select coalesce((select jsonb_agg(variables)::text from app_private.command_log where mutation = 'setupAccountInPerson'), '')
           || coalesce((select jsonb_agg(details)::text from app_public.audit_events where account_id in ($1, $2)), '') as text`,
      [investorId, broker.accountId],
    );
    const text = kept[0]?.text ?? "";
    expect(text).toContain('"taxId": "9876"'); // the command was logged, its tax id as its last four
    for (const clear of ["321-54-9876", "321549876", "1984-07-09", "48 Quarry Lane", "97209", "555 0142"]) {
      expect(text, clear).not.toContain(clear);
    }
  });

  const verification = randomUUID();
  const accreditationDoneAt = new Date(Date.now() - 5 * 60 * 1000);
  let idPhoto = "";

  it("the investor signs offline and submits accreditation in one request: both taken, then sealed and verified, the audit page names the host and both times", async () => {
    const [, signing, accreditationStep] = await stepsOf(walkIn);
    const held = (await (await broker.client.fetch(`/api/v2/signing/steps/${signing?.id}`)).json()) as {
      templateSha256: string;
      fields: { name: string; value: string; signingDate: boolean }[];
    };
    const template = await broker.client.fetch(`/api/v2/signing/steps/${signing?.id}/template.pdf`);
    expect(template.status).toBe(200);
    const signedAt = new Date(Date.now() - 10 * 60 * 1000);
    const fieldValues = Object.fromEntries(
      held.fields.map((f) => [f.name, f.signingDate ? signingDate(signedAt) : f.value]),
    );
    expect(fieldValues["Investor.name"]).toBe("Wendy Walker");
    const input = {
      stepId: signing?.id,
      fingerprint: await signingFingerprint(held.templateSha256, fieldValues),
      templateHash: held.templateSha256,
      fieldValues,
      typedName: "Wendy Walker",
      consent: true,
      signedAtDevice: signedAt.toISOString(),
      sessionId: session,
    };
    // without the session, the broker is no signer
    expect(await send(broker, "signStepOffline", { ...input, sessionId: undefined })).toMatchObject({
      status: "rejected",
      errorCode: "LL404",
    });
    // the host's device took the evidence offline: a 2 MB photo it says is evidence (not a logo of the broker's)
    idPhoto = await upload(broker, "ID photo.jpg", "image/jpeg", photo(), "evidence");
    const evidence = await upload(broker, "cpa-letter.pdf", "application/pdf", await templatePdf(), "evidence");
    const accreditation = {
      accreditationId: verification,
      stepId: accreditationStep?.id,
      method: "letter",
      evidenceKeys: [evidence, idPhoto],
      evidenceNames: ["cpa-letter.pdf", "ID photo.jpg"],
      sessionId: session,
      doneAtDevice: accreditationDoneAt.toISOString(),
    };
    // the outbox after reconnecting: the signature and the next step's answer in one request, both taken (the step
    // waiting for its seal counts as done for the order)
    const results = await sendAll(broker, [
      { mutation: "signStepOffline", input },
      { mutation: "submitAccreditation", input: accreditation },
    ]);
    expect(results.map((r) => [r.status, r.errorMessage ?? null])).toEqual([
      ["accepted", null],
      ["accepted", null],
    ]);
    expect((await stepsOf(walkIn)).slice(1).map((s) => s.status)).toEqual(["processing", "processing"]);
    // the seal then completes the signing step; the accreditation waits for its review
    expect(await t.server.signing.runDue()).toBeGreaterThan(0);
    const [, signed, submitted] = await stepsOf(walkIn);
    expect(signed).toMatchObject({ status: "complete", in_person_session_id: session, done_at_device: signedAt });
    expect(submitted).toMatchObject({ status: "processing", in_person_session_id: session });
    const { rows: process } = await t.server.db.query<{ status: string; current: boolean }>(
      `select p.status, p.current_step_id = $2 as current from app_public.processes p where p.distribution_id = $1`,
      [walkIn, accreditationStep?.id],
    );
    expect(process).toEqual([{ status: "processing", current: true }]);
    const { rows: sent } = await t.server.db.query<{ id: string; document_uri: string; sealed: Date; received: Date }>(
      `select d.id, d.document_uri, d.completed_on as sealed, o.received_on as received
       from app_public.sent_signing_documents d join app_private.offline_signatures o on o.id = d.id
       where d.step_id = $1`,
      [signing?.id],
    );
    expect(sent.length).toBe(1);
    const document = sent[0] as (typeof sent)[number];
    const pdf = Buffer.from(await (await issuer.client.fetch(document.document_uri)).arrayBuffer());
    expect(verifyWithOpenssl(pdf, t.server.signing.key.certificatePem).ok).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain("Hosted by");
    expect(text).toContain(`Marcus Reed of ${BROKER}`);
    expect(text).toContain("Field tablet");
    expect(text).toContain(`Signed on the device (device time, UTC) ${signedAt.toISOString()}`);
    expect(text).toContain(`Received by the server (UTC) ${document.received.toISOString()}`);
    expect(text).toContain(`Sealed by the server (UTC) ${document.sealed.toISOString()}`);
  });

  it("the hosted submission's evidence is the host's photo, kept as evidence; without saying, a broker's image is a logo", async () => {
    const [, , accreditationStep] = await stepsOf(walkIn);
    // without the session, a broker submits no accreditation
    expect(
      await send(broker, "submitAccreditation", {
        accreditationId: randomUUID(),
        stepId: accreditationStep?.id,
        method: "letter",
        evidenceKeys: [idPhoto],
        evidenceNames: ["ID photo.jpg"],
        doneAtDevice: accreditationDoneAt.toISOString(),
      }),
    ).toMatchObject({ status: "rejected", errorCode: "LL403" });
    const { rows } = await t.server.db.query<Record<string, unknown>>(
      `select a.investor_id = d.investor_id as investors, a.status, a.in_person_session_id,
              (select array_agg(e.name order by e.position) from app_public.accreditation_evidence e
                where e.accreditation_id = a.id) as files,
              (select s.size::int from app_private.upload_slots s where s.key = $2) as photo_size,
              app_private.upload_slot_purpose($2) as purpose
       from app_public.accreditations a join app_public.distributions d on d.id = a.distribution_id where a.id = $1`,
      [verification, idPhoto],
    );
    expect(rows).toEqual([
      {
        investors: true,
        status: "submitted",
        in_person_session_id: session,
        files: ["cpa-letter.pdf", "ID photo.jpg"],
        photo_size: 2 * 1024 * 1024,
        purpose: "evidence",
      },
    ]);
    expect(await stepsOf(walkIn).then((steps) => steps[2])).toMatchObject({
      status: "processing",
      in_person_session_id: session,
      done_at_device: accreditationDoneAt,
    });
    // evidence is still checked as evidence: a file that is no image or PDF, said to be evidence, is refused
    expect((await post(broker, "ID photo.jpg", "image/jpeg", new Uint8Array(64).fill(0x41), "evidence")).status).toBe(
      422,
    );
    const wrong = await broker.client.graphql(
      'mutation { makeFileLocation(input: { fileName: "notes.csv", purpose: "evidence" }) { fileLocation { url } } }',
    );
    expect(wrong.errors?.[0]?.message).toBe("Evidence must be a PDF or an image (PNG, JPEG, WebP or HEIC).");
    const odd = await broker.client.graphql(
      'mutation { makeFileLocation(input: { fileName: "a.jpg", purpose: "selfie" }) { fileLocation { url } } }',
    );
    expect(odd.errors?.[0]?.message).toBe("A file is evidence, a logo or a document.");
    // an older device that does not say: a broker's image is taken for a logo, held to 1 MB as before
    expect((await post(broker, "ID photo.jpg", "image/jpeg", photo())).status).toBe(413);
  });

  it("the end queues one mail to the investor with the signed document and the link to claim the account", async () => {
    const end = { id: session, endedAtDevice: new Date().toISOString() };
    expect(await send(broker, "endInPersonSession", end)).toMatchObject({ status: "accepted" });
    expect(await send(broker, "endInPersonSession", end)).toMatchObject({ status: "accepted" });
    const { rows: mails } = await t.server.db.query<{ id: string; subject: string; text_body: string }>(
      "select id, subject, text_body from app_private.mail_outbox where kind = 'in_person_session' and to_address = $1",
      [WALK_IN],
    );
    expect(mails.length).toBe(1);
    expect(mails[0]?.subject).toBe(`Your copy of what you signed with Marcus Reed (${BROKER})`);
    const { rows: sent } = await t.server.db.query<{ document_uri: string }>(
      `select d.document_uri from app_public.sent_signing_documents d join app_public.steps s on s.id = d.step_id
       join app_public.processes p on p.id = s.process_id where p.distribution_id = $1`,
      [walkIn],
    );
    expect(mails[0]?.text_body).toMatch(
      new RegExp(`Walk-in subscription: signed\\. Download it after signing in: \\S+${sent[0]?.document_uri}`),
    );
    const token = /\/authenticate\/claim\?token=([0-9a-f]+)/.exec(mails[0]?.text_body ?? "")?.[1] ?? "";
    const { rows: claims } = await t.server.db.query<{ email: string; mail_id: string }>(
      "select email, mail_id from app_private.claim_tokens where token_hash = app_private.hash_token($1)",
      [token],
    );
    expect(claims).toEqual([{ email: WALK_IN, mail_id: mails[0]?.id }]);
  });

  it("the issuer hosts too; a broker whose allocation was taken away is refused on the next step, nothing applied", async () => {
    const brokerSession = randomUUID();
    const at = new Date().toISOString();
    expect(
      await send(broker, "startInPersonSession", {
        id: brokerSession,
        distributionId: emmaDistribution,
        startedAtDevice: at,
      }),
    ).toMatchObject({ status: "accepted" });
    await t.server.db.query(
      "update app_public.broker_allocations set status = 'rejected' where broker_id = $1 and status = 'accepted'",
      [broker.accountId],
    );
    const [questions] = await stepsOf(emmaDistribution);
    const { rows: schema } = await t.server.db.query<{ key: string }>(
      "select schema -> 'fields' -> 0 ->> 'key' as key from app_public.steps where id = $1",
      [questions?.id],
    );
    const complete = {
      sessionId: brokerSession,
      stepId: questions?.id,
      blob: { [schema[0]?.key ?? ""]: "No" },
      doneAtDevice: at,
    };
    expect(await send(broker, "completeStepInPerson", complete)).toMatchObject({
      status: "rejected",
      errorCode: "LL403",
      errorMessage: REFUSED,
    });
    expect(await send(broker, "endInPersonSession", { id: brokerSession, endedAtDevice: at })).toMatchObject({
      errorMessage: REFUSED,
    });
    expect(
      await send(broker, "setupAccountInPerson", {
        sessionId: brokerSession,
        doneAtDevice: at,
        attestation: true,
        taxId: "000",
        type: "Individual",
        addresses: [],
        parties: [],
      }),
    ).toMatchObject({ status: "rejected", errorCode: "LL403", errorMessage: REFUSED });
    expect((await stepsOf(emmaDistribution))[0]).toMatchObject({ status: "in_progress", in_person_session_id: null });
    expect(await count("select 1 from app_private.step_submissions where step_id = $1", [questions?.id])).toBe(0);

    // the round's issuer may host the same distribution (the broker's allocation); the issuer's viewer may not
    const issuerViewer = await as("issuer-viewer@demo.test", ISSUER);
    expect(
      await send(issuerViewer, "startInPersonSession", {
        id: randomUUID(),
        distributionId: emmaDistribution,
        startedAtDevice: at,
      }),
    ).toMatchObject({ status: "rejected", errorCode: "LL403", errorMessage: REFUSED });
    const issuerSession = randomUUID();
    expect(
      await send(issuer, "startInPersonSession", {
        id: issuerSession,
        distributionId: emmaDistribution,
        startedAtDevice: at,
      }),
    ).toMatchObject({ status: "accepted" });
    expect(await send(issuer, "completeStepInPerson", { ...complete, sessionId: issuerSession })).toMatchObject({
      status: "accepted",
    });
    expect((await stepsOf(emmaDistribution))[0]).toMatchObject({
      status: "complete",
      in_person_session_id: issuerSession,
    });

    // the issuer's session ends before its signature is sealed: the mail waits for the seal, then goes once, without
    // a claim link (Emma holds her account)
    const [, signing] = await stepsOf(emmaDistribution);
    const held = (await (await issuer.client.fetch(`/api/v2/signing/steps/${signing?.id}`)).json()) as {
      templateSha256: string;
      fields: { name: string; value: string; signingDate: boolean }[];
    };
    const signedAt = new Date();
    const fieldValues = Object.fromEntries(
      held.fields.map((f) => [f.name, f.signingDate ? signingDate(signedAt) : f.value]),
    );
    const signature = {
      stepId: signing?.id,
      fingerprint: await signingFingerprint(held.templateSha256, fieldValues),
      templateHash: held.templateSha256,
      fieldValues,
      typedName: "Emma Lawson",
      consent: true,
      signedAtDevice: signedAt.toISOString(),
      sessionId: issuerSession,
    };
    expect(await send(issuer, "signStepOffline", signature)).toMatchObject({ status: "accepted" });
    expect(await send(issuer, "endInPersonSession", { id: issuerSession, endedAtDevice: at })).toMatchObject({
      status: "accepted",
    });
    const mails = () =>
      t.server.db.query<{ text_body: string }>(
        "select text_body from app_private.mail_outbox where kind = 'in_person_session' and to_address = 'investor@demo.test'",
      );
    expect((await mails()).rows).toEqual([]);
    await t.server.signing.runDue();
    expect((await stepsOf(emmaDistribution))[1]).toMatchObject({
      status: "complete",
      in_person_session_id: issuerSession,
    });
    const sent = (await mails()).rows;
    expect(sent.length).toBe(1);
    expect(sent[0]?.text_body).toContain("Walk-in subscription: signed.");
    expect(sent[0]?.text_body).not.toContain("/authenticate/claim");
    await t.server.signing.runDue();
    expect((await mails()).rows.length).toBe(1);

    // who reads the sessions: the host's account and the investor, no one else
    const read = async (who: Who) =>
      (
        await ok<{ allInPersonSessions: { nodes: { id: string }[] } }>(
          who.client,
          "{ allInPersonSessions { nodes { id } } }",
        )
      ).allInPersonSessions.nodes
        .map((n) => n.id)
        .sort();
    expect(await read(await as("investor@demo.test", "Emma Lawson"))).toEqual([brokerSession, issuerSession].sort());
    expect(await read(issuer)).toEqual([issuerSession]);
    expect(await read(broker)).toEqual([session, brokerSession].sort());
    expect(await read(await as("broker@demo.test", OTHER_BROKER))).toEqual([]);
  });

  it("an investor on their own device signs offline and answers the next step in one request; a changed document reopens only the signing", async () => {
    // a third investor of the same allocation (the broker, invited again, invites them), on their own device
    await t.server.db.query(
      "update app_public.broker_allocations set status = 'accepted' where broker_id = $1 and status = 'rejected'",
      [broker.accountId],
    );
    const made = await ok<{ makeDistribution: { distribution: { id: string } } }>(
      broker.client,
      `mutation ($a: UUID!) { makeDistribution(input: { allocationId: $a, accountEmail: "investor2@demo.test",
        amount: "1000" }) { distribution { id } } }`,
      { a: allocationId },
    );
    const distributionId = made.makeDistribution.distribution.id;
    await t.server.db.query("update app_public.distributions set status = 'open' where id = $1", [distributionId]);
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    const [questions, signing, accreditationStep] = await stepsOf(distributionId);
    const { rows: schema } = await t.server.db.query<{ key: string }>(
      "select schema -> 'fields' -> 0 ->> 'key' as key from app_public.steps where id = $1",
      [questions?.id],
    );
    expect(
      await send(kim, "completeStep", { stepId: questions?.id, blob: { [schema[0]?.key ?? ""]: "Yes" } }),
    ).toMatchObject({ status: "accepted" });
    const held = (await (await kim.client.fetch(`/api/v2/signing/steps/${signing?.id}`)).json()) as {
      templateSha256: string;
      fields: { name: string; value: string; signingDate: boolean }[];
    };
    const signature = async (at: Date, shown: typeof held) => {
      const fieldValues = Object.fromEntries(
        shown.fields.map((f) => [f.name, f.signingDate ? signingDate(at) : f.value]),
      );
      return {
        stepId: signing?.id,
        fingerprint: await signingFingerprint(shown.templateSha256, fieldValues),
        templateHash: shown.templateSha256,
        fieldValues,
        typedName: "Daniel Kim",
        consent: true,
        signedAtDevice: at.toISOString(),
      };
    };
    // the template's file changes on the server while the device is offline (after it showed the document)
    const { rows: template } = await t.server.db.query<{ id: string }>(
      `select (s.schema ->> 'mappedSigningTemplateId') as id from app_public.steps s where s.id = $1`,
      [signing?.id],
    );
    await t.server.db.query(
      `update app_public.signing_templates set file_key = $2
        where id = (select signing_template_id from app_public.mapped_signing_templates where id = $1)`,
      [
        template[0]?.id,
        await upload(issuer, "edited.pdf", "application/pdf", await templatePdf([...TEMPLATE_FIELDS, "Investor.note"])),
      ],
    );
    const letter = await upload(kim, "letter.pdf", "application/pdf", await templatePdf(), "evidence");
    const verification = randomUUID();
    const results = await sendAll(kim, [
      { mutation: "signStepOffline", input: await signature(new Date(), held) },
      {
        mutation: "submitAccreditation",
        input: {
          accreditationId: verification,
          stepId: accreditationStep?.id,
          method: "letter",
          evidenceKeys: [letter],
          evidenceNames: ["letter.pdf"],
        },
      },
    ]);
    expect(results.map((r) => [r.status, r.errorMessage ?? null])).toEqual([
      ["accepted", null],
      ["accepted", null],
    ]);
    // the seal finds the document changed: nothing sealed, the signing step is the current step again with its reason;
    // the accreditation submitted meanwhile stays submitted
    await t.server.signing.runDue();
    const process = () =>
      t.server.db.query<{ status: string; current: string }>(
        "select status, current_step_id as current from app_public.processes where distribution_id = $1",
        [distributionId],
      );
    expect((await stepsOf(distributionId)).map((s) => s.status)).toEqual(["complete", "in_progress", "processing"]);
    expect((await process()).rows).toEqual([{ status: "in_progress", current: signing?.id }]);
    const { rows: submitted } = await t.server.db.query<{ status: string }>(
      "select status from app_public.accreditations where id = $1",
      [verification],
    );
    expect(submitted).toEqual([{ status: "submitted" }]);
    // signing again what is current seals; the accreditation is not redone
    const again = (await (await kim.client.fetch(`/api/v2/signing/steps/${signing?.id}`)).json()) as typeof held;
    expect(await send(kim, "signStepOffline", await signature(new Date(), again))).toMatchObject({
      status: "accepted",
    });
    await t.server.signing.runDue();
    expect((await stepsOf(distributionId)).map((s) => s.status)).toEqual(["complete", "complete", "processing"]);
    expect((await process()).rows).toEqual([{ status: "processing", current: accreditationStep?.id }]);
  });
});
