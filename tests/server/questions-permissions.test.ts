// Question sets with the client bypassed (issue 17 item 4; spec part 2 "Roles and permissions": question sets and
// questions are editable by account_admin or account_owner; questions in a locked set cannot be edited or added):
// through GraphQL and through POST /api/v2/commands as each demo role; every refusal leaves the tables as they were.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUESTION_TYPES } from "../../src/domain/questions.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accounts = new Map<string, string>();
const YES_NO = QUESTION_TYPES.find((type) => type.name === "Yes / No")?.id ?? "";
const TEXT = QUESTION_TYPES.find((type) => type.name === "Text")?.id ?? "";

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accounts.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

interface Session {
  client: TestClient;
  userId: string;
  accountId: string;
}

async function as(email: string, accountName: string): Promise<Session> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  const accountId = accounts.get(accountName) ?? "";
  expect((await client.selectAccount(accountId)).status).toBe(303);
  const me = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  return { client, userId: me.data?.currentUser.id ?? "", accountId };
}

type Answer = { errors?: Array<{ message: string; extensions?: { code?: string } }> };
const code = (r: Answer) => r.errors?.[0]?.extensions?.code;
const message = (r: Answer) => r.errors?.[0]?.message;

async function digest(): Promise<string> {
  const { rows } = await t.server.db.query<{ digest: string }>(
    `select md5(concat_ws('|',
       (select string_agg(x::text, ',' order by x.id) from app_public.onboarding_question_sets x),
       (select string_agg(x::text, ',' order by x.id) from app_public.onboarding_questions x),
       (select string_agg(x::text, ',' order by x.id) from app_public.onboarding_question_joins x),
       (select count(*)::text from app_public.vendor_qualifications))) as digest`,
  );
  return rows[0]?.digest ?? "";
}

const CREATE_SET = `mutation ($id: UUID!, $name: String!) {
  createOnboardingQuestionSet(input: { onboardingQuestionSet: { id: $id, name: $name } }) {
    onboardingQuestionSet { id name active locked } } }`;
const UPDATE_SET = `mutation ($id: UUID!, $patch: OnboardingQuestionSetPatch!) {
  updateOnboardingQuestionSetById(input: { id: $id, patch: $patch }) {
    onboardingQuestionSet { id name active locked vendorQualificationId } } }`;
const CREATE_QUESTION = `mutation ($q: OnboardingQuestionInput!) {
  createOnboardingQuestion(input: { onboardingQuestion: $q }) { onboardingQuestion { id name } } }`;
const UPDATE_QUESTION = `mutation ($id: UUID!, $patch: OnboardingQuestionPatch!) {
  updateOnboardingQuestionById(input: { id: $id, patch: $patch }) { onboardingQuestion { id name description } } }`;
const JOIN = `mutation ($j: OnboardingQuestionJoinInput!) {
  createOnboardingQuestionJoin(input: { onboardingQuestionJoin: $j }) { onboardingQuestionJoin { id executeOrder } } }`;
const UNJOIN = `mutation ($id: UUID!) { deleteOnboardingQuestionJoinById(input: { id: $id }) { onboardingQuestionJoin { id } } }`;
const READ = `{ allOnboardingQuestionSets { nodes { id name } } allOnboardingQuestions { nodes { id name } }
  allOnboardingQuestionJoins { nodes { id } } allOnboardingQuestionTypes { nodes { id name regex } } }`;

const question = (id: string, name: string, typeId = YES_NO) => ({
  id,
  name,
  description: `${name}?`,
  errorMessage: "Please answer Yes or No.",
  typeId,
});

describe("question sets: who may write", () => {
  let owner: Session;
  let admin: Session;
  let viewer: Session;
  let broker: Session;
  let investor: Session;
  let agent: Session;
  const setId = crypto.randomUUID();
  const q1 = crypto.randomUUID();
  const q2 = crypto.randomUUID();

  beforeAll(async () => {
    owner = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    admin = await as("multi@demo.test", "Northwind Renewables, Inc.");
    viewer = await as("issuer-viewer@demo.test", "Northwind Renewables, Inc.");
    broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    investor = await as("investor@demo.test", "Emma Lawson");
    agent = await as("agent@demo.test", "Keystone Transfer Agents");
  });

  it("lets the owner and an admin create sets, questions and joins; a viewer, an investor and an agent write nothing", async () => {
    const before = await digest();
    for (const who of [viewer, investor, agent]) {
      expect(code(await who.client.graphql(CREATE_SET, { id: crypto.randomUUID(), name: "Nope" }))).toBe("LL403");
      expect(code(await who.client.graphql(CREATE_QUESTION, { q: question(crypto.randomUUID(), "Nope") }))).toBe(
        "LL403",
      );
    }
    expect(await digest()).toBe(before);

    const made = await owner.client.graphql<{
      createOnboardingQuestionSet: { onboardingQuestionSet: { active: boolean; locked: boolean } };
    }>(CREATE_SET, { id: setId, name: "Permission checks" });
    expect(made.errors).toBeUndefined();
    expect(made.data?.createOnboardingQuestionSet.onboardingQuestionSet).toMatchObject({ active: true, locked: false });
    expect(
      (await admin.client.graphql(CREATE_QUESTION, { q: question(q1, "Permission question one") })).errors,
    ).toBeUndefined();
    expect(
      (await owner.client.graphql(CREATE_QUESTION, { q: question(q2, "Permission question two", TEXT) })).errors,
    ).toBeUndefined();
    expect(
      (await admin.client.graphql(JOIN, { j: { questionSetId: setId, questionId: q1, executeOrder: 1 } })).errors,
    ).toBeUndefined();
  });

  it("keeps each account's sets to itself: another account neither reads nor changes them", async () => {
    const read = await broker.client.graphql<{ allOnboardingQuestionSets: { nodes: { id: string }[] } }>(READ);
    expect(read.data?.allOnboardingQuestionSets.nodes.map((s) => s.id)).not.toContain(setId);
    const before = await digest();
    const renamed = await broker.client.graphql<{ updateOnboardingQuestionSetById: unknown }>(UPDATE_SET, {
      id: setId,
      patch: { name: "Taken over" },
    });
    expect(renamed.errors?.length ?? 0).toBeGreaterThan(0);
    const joined = await broker.client.graphql(JOIN, { j: { questionSetId: setId, questionId: q2, executeOrder: 2 } });
    expect(joined.errors?.length ?? 0).toBeGreaterThan(0);
    expect(await digest()).toBe(before);
    // the viewer reads its account's set but changes nothing
    const viewerRead = await viewer.client.graphql<{ allOnboardingQuestionSets: { nodes: { id: string }[] } }>(READ);
    expect(viewerRead.data?.allOnboardingQuestionSets.nodes.map((s) => s.id)).toContain(setId);
    expect(code(await viewer.client.graphql(UPDATE_SET, { id: setId, patch: { active: false } }))).toBe("LL403");
    expect(code(await viewer.client.graphql(UNJOIN, { id: crypto.randomUUID() }))).toBe("LL403");
    expect(await digest()).toBe(before);
    // every account reads the question types with their regex
    const types = await investor.client.graphql<{
      allOnboardingQuestionTypes: { nodes: { id: string; regex: string | null }[] };
    }>(READ);
    expect(types.data?.allOnboardingQuestionTypes.nodes.map((n) => [n.id, n.regex]).sort()).toEqual(
      QUESTION_TYPES.map((type) => [type.id, type.regex]).sort(),
    );
  });

  it("refuses duplicate names with the spec's texts", async () => {
    const before = await digest();
    const set = await admin.client.graphql(CREATE_SET, { id: crypto.randomUUID(), name: "permission CHECKS" });
    expect([code(set), message(set)]).toEqual(["LL409", "Question set names must be unique."]);
    const q = await owner.client.graphql(CREATE_QUESTION, {
      q: question(crypto.randomUUID(), "PERMISSION question one"),
    });
    expect([code(q), message(q)]).toEqual(["LL409", "Questions must have a unique name."]);
    const blank = await owner.client.graphql(CREATE_QUESTION, {
      q: { ...question(crypto.randomUUID(), "X"), description: " " },
    });
    expect([code(blank), message(blank)]).toEqual(["LL422", "Description is required"]);
    const noName = await owner.client.graphql(CREATE_SET, { id: crypto.randomUUID(), name: "  " });
    expect([code(noName), message(noName)]).toEqual(["LL422", "Name field is required"]);
    expect(await digest()).toBe(before);
  });

  it("locks a set: its questions cannot be edited, none added or removed, only Active changes", async () => {
    const locked = await owner.client.graphql<{
      updateOnboardingQuestionSetById: {
        onboardingQuestionSet: { locked: boolean; vendorQualificationId: string | null };
      };
    }>(UPDATE_SET, { id: setId, patch: { locked: true } });
    expect(locked.errors).toBeUndefined();
    const qualificationId = locked.data?.updateOnboardingQuestionSetById.onboardingQuestionSet.vendorQualificationId;
    expect(qualificationId).toBeTruthy();
    const before = await digest();
    const edit = await admin.client.graphql(UPDATE_QUESTION, { id: q1, patch: { description: "Changed?" } });
    expect([code(edit), message(edit)]).toEqual([
      "LL423",
      "Questions that are part of a question set cannot be edited.",
    ]);
    const add = await owner.client.graphql(JOIN, { j: { questionSetId: setId, questionId: q2, executeOrder: 2 } });
    expect(code(add)).toBe("LL423");
    const { rows } = await t.server.db.query<{ id: string }>(
      "select id from app_public.onboarding_question_joins where question_set_id = $1",
      [setId],
    );
    expect(code(await owner.client.graphql(UNJOIN, { id: rows[0]?.id }))).toBe("LL423");
    expect(code(await owner.client.graphql(UPDATE_SET, { id: setId, patch: { locked: false } }))).toBe("LL423");
    expect(code(await owner.client.graphql(UPDATE_SET, { id: setId, patch: { name: "Renamed" } }))).toBe("LL423");
    expect(await digest()).toBe(before);
    // a question outside any locked set stays editable
    expect(
      (await admin.client.graphql(UPDATE_QUESTION, { id: q2, patch: { description: "Changed?" } })).errors,
    ).toBeUndefined();
    // Active toggles the set and its qualification
    expect((await admin.client.graphql(UPDATE_SET, { id: setId, patch: { active: false } })).errors).toBeUndefined();
    const qualification = await t.server.db.query<{ active: boolean; name: string }>(
      "select active, name from app_public.vendor_qualifications where id = $1",
      [qualificationId],
    );
    expect(qualification.rows[0]).toEqual({ active: false, name: "Permission checks" });
  });

  it("refuses the same through POST /api/v2/commands and changes nothing", async () => {
    let seq = 0;
    const send = async (s: Session, mutation: string, variables: unknown) => {
      const response = await s.client.fetch("/api/v2/commands", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify([
          {
            key: crypto.randomUUID(),
            mutation,
            variables,
            userId: s.userId,
            accountId: s.accountId,
            createdOn: new Date().toISOString(),
            deviceId: `questions-permissions-${s.accountId}`,
            seq: ++seq,
          },
        ]),
      });
      expect(response.status).toBe(200);
      return (
        (await response.json()) as {
          results: Array<{ status: string; errorCode: string | null; errorMessage: string | null }>;
        }
      ).results[0];
    };
    const before = await digest();
    const fresh = crypto.randomUUID();
    expect(
      (
        await send(viewer, "createOnboardingQuestionSet", {
          input: { onboardingQuestionSet: { id: fresh, name: "Viewer set" } },
        })
      )?.errorCode,
    ).toBe("LL403");
    expect(
      (
        await send(investor, "createOnboardingQuestion", {
          input: { onboardingQuestion: question(fresh, "Investor q") },
        })
      )?.errorCode,
    ).toBe("LL403");
    const locked = await send(owner, "updateOnboardingQuestionById", { input: { id: q1, patch: { name: "Edited" } } });
    expect([locked?.errorCode, locked?.errorMessage]).toEqual([
      "LL423",
      "Questions that are part of a question set cannot be edited.",
    ]);
    expect(await digest()).toBe(before);
    const ok = await send(admin, "createOnboardingQuestionSet", {
      input: { onboardingQuestionSet: { id: fresh, name: "Queued set" } },
    });
    expect(ok?.status).toBe("accepted");
    expect(await digest()).not.toBe(before);
  });
});
