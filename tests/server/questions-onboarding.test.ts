// A question set as an onboarding step (issue 17 items 5 and 6): a locked set is a qualification of its account;
// required on an allocation, every distribution made there gets a step asking the set's questions in execute order;
// completeStep checks each answer against its question type's regex on the server (LL422 with the question's error
// message, nothing stored); accepted answers are kept as instanced account information, encrypted at rest, readable
// by that investor only (GraphQL value and the qualification_answers read model), and replaced by later answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUESTION_TYPES } from "../../src/domain/questions.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accounts = new Map<string, string>();
const type = (name: string) => QUESTION_TYPES.find((x) => x.name === name)?.id ?? "";
const ISSUER = "Northwind Renewables, Inc.";

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accounts.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(accounts.get(accountName) ?? "")).status).toBe(303);
  return client;
}

async function ok<T>(client: TestClient, query: string, variables?: Record<string, unknown>): Promise<T> {
  const answer = await client.graphql<T>(query, variables);
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data as T;
}

interface Step {
  id: string;
  status: string;
  type: string;
  schema: {
    questionSetId?: string;
    fields?: Array<{ key: string; displayKey: string; regex?: string; error: string; order: number }>;
  };
}

async function stepsOf(client: TestClient, distributionId: string): Promise<Step[]> {
  const data = await ok<{
    allProcesses: { nodes: Array<{ id: string; distributionId: string }> };
    allSteps: { nodes: Array<Step & { processId: string; order: number }> };
  }>(
    client,
    "{ allProcesses { nodes { id distributionId } } allSteps { nodes { id processId order status type schema } } }",
  );
  const process = data.allProcesses.nodes.find((p) => p.distributionId === distributionId);
  return data.allSteps.nodes.filter((s) => s.processId === process?.id).sort((a, b) => a.order - b.order);
}

const COMPLETE =
  "mutation ($blob: JSON!, $stepId: UUID!) { completeStep(input: { blob: $blob, stepId: $stepId }) { step { id status } } }";

async function pull(client: TestClient, model: string): Promise<Array<Record<string, unknown>>> {
  const response = await client.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model, afterTxid: "0", afterSeq: "0", limit: 1000 }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { documents: Array<Record<string, unknown>> }).documents.filter(
    (d) => !d._deleted,
  );
}

describe("a question set as an onboarding step", () => {
  let issuer: TestClient;
  const setId = crypto.randomUUID();
  const accredited = crypto.randomUUID();
  const netWorth = crypto.randomUUID();
  const funds = crypto.randomUUID();
  let qualificationId = "";

  beforeAll(async () => {
    issuer = await as("issuer@demo.test", ISSUER);
    const q = (id: string, name: string, typeId: string, errorMessage: string, options?: string[]) =>
      ok(
        issuer,
        "mutation ($q: OnboardingQuestionInput!) { createOnboardingQuestion(input: { onboardingQuestion: $q }) { onboardingQuestion { id } } }",
        {
          q: { id, name, description: `${name}?`, errorMessage, typeId, options },
        },
      );
    await q(accredited, "Onboarding accredited", type("Yes / No"), "Answer Yes or No.");
    await q(netWorth, "Onboarding net worth", type("Amount (USD)"), "Enter an amount in dollars, like 250000.");
    await q(funds, "Onboarding source of funds", type("Choice"), "Pick a source of funds.", [
      "Salary",
      "Savings",
      "Inheritance",
    ]);
    await ok(
      issuer,
      'mutation ($id: UUID!) { createOnboardingQuestionSet(input: { onboardingQuestionSet: { id: $id, name: "Onboarding checks" } }) { onboardingQuestionSet { id } } }',
      { id: setId },
    );
    for (const [order, questionId] of [
      [2, netWorth],
      [1, accredited],
      [3, funds],
    ] as const) {
      await ok(
        issuer,
        "mutation ($j: OnboardingQuestionJoinInput!) { createOnboardingQuestionJoin(input: { onboardingQuestionJoin: $j }) { onboardingQuestionJoin { id } } }",
        {
          j: { questionSetId: setId, questionId, executeOrder: order },
        },
      );
    }
    const locked = await ok<{
      updateOnboardingQuestionSetById: { onboardingQuestionSet: { vendorQualificationId: string } };
    }>(
      issuer,
      "mutation ($id: UUID!) { updateOnboardingQuestionSetById(input: { id: $id, patch: { locked: true } }) { onboardingQuestionSet { vendorQualificationId } } }",
      { id: setId },
    );
    qualificationId = locked.updateOnboardingQuestionSetById.onboardingQuestionSet.vendorQualificationId;
  });

  async function distributionWithTheSet(allocationName: string, email: string): Promise<string> {
    const { rows } = await t.server.db.query<{ id: string; round_id: string }>(
      "select al.id, al.round_id from app_public.allocations al where al.name = 'Series A Direct'",
    );
    const allocationId = crypto.randomUUID();
    await ok(
      issuer,
      `mutation ($a: AllocationInput!) { createAllocation(input: { allocation: $a }) { allocation { id } } }`,
      {
        a: {
          id: allocationId,
          roundId: rows[0]?.round_id,
          name: allocationName,
          status: "open",
          opensOn: "2026-01-01T00:00:00Z",
          closesOn: "2027-12-31T00:00:00Z",
        },
      },
    );
    await ok(
      issuer,
      `mutation ($q: AllocationQualificationInput!) { createAllocationQualification(input: { allocationQualification: $q }) { allocationQualification { id } } }`,
      {
        q: { allocationId, vendorQualificationId: qualificationId, executeOrder: 1 },
      },
    );
    const made = await ok<{ makeDistribution: { distribution: { id: string } } }>(
      issuer,
      'mutation ($a: UUID!, $email: String!) { makeDistribution(input: { allocationId: $a, accountEmail: $email, amount: "10" }) { distribution { id } } }',
      { a: allocationId, email },
    );
    return made.makeDistribution.distribution.id;
  }

  it("offers the locked set as an active qualification of the issuer", async () => {
    const data = await ok<{ allVendorQualifications: { nodes: Array<{ id: string; name: string; active: boolean }> } }>(
      issuer,
      "{ allVendorQualifications { nodes { id name active } } }",
    );
    expect(data.allVendorQualifications.nodes.find((q) => q.id === qualificationId)).toMatchObject({
      name: "Onboarding checks",
      active: true,
    });
  });

  it("asks the set's questions in execute order, checks each against its regex, keeps the answers encrypted", async () => {
    const distributionId = await distributionWithTheSet("Question set allocation", "investor2@demo.test");
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    const [step] = await stepsOf(kim, distributionId);
    expect(step?.type).toBe("encrypted_form");
    expect(step?.schema.questionSetId).toBe(setId);
    expect(step?.schema.fields?.map((f) => f.displayKey)).toEqual([
      "Onboarding accredited",
      "Onboarding net worth",
      "Onboarding source of funds",
    ]);
    const stepId = step?.id ?? "";

    const bad = await kim.graphql(COMPLETE, {
      stepId,
      blob: { [accredited]: "Yes", [netWorth]: "a lot", [funds]: "Salary" },
    });
    expect(bad.errors?.[0]?.extensions?.code).toBe("LL422");
    expect(bad.errors?.[0]?.message).toContain("Enter an amount in dollars, like 250000.");
    const badChoice = await kim.graphql(COMPLETE, {
      stepId,
      blob: { [accredited]: "Yes", [netWorth]: "250000", [funds]: "Lottery" },
    });
    expect(badChoice.errors?.[0]?.message).toContain("Pick a source of funds.");
    const none = await t.server.db.query("select 1 from app_public.instanced_account_information where step_id = $1", [
      stepId,
    ]);
    expect(none.rows).toEqual([]);

    const done = await ok<{ completeStep: { step: { status: string } } }>(kim, COMPLETE, {
      stepId,
      blob: { [accredited]: "Yes", [netWorth]: "2500000.50", [funds]: "Savings" },
    });
    expect(done.completeStep.step.status).toBe("complete");

    // encrypted at rest: neither the table nor the sealed value holds the answer in plain text
    const raw = await t.server.db.query<{ text: string }>(
      `select concat_ws('|', i::text, encode(v.sealed, 'escape')) as text
       from app_public.instanced_account_information i join app_private.instanced_account_values v on v.id = i.id
       where i.step_id = $1`,
      [stepId],
    );
    expect(raw.rows.length).toBe(3);
    for (const row of raw.rows) {
      expect(row.text).not.toContain("2500000.50");
      expect(row.text).not.toContain("Savings");
    }

    const read = await ok<{
      allInstancedAccountInformation: { nodes: Array<{ field: string; value: string; vendorName: string }> };
    }>(kim, "{ allInstancedAccountInformation { nodes { field value vendorName } } }");
    expect(read.allInstancedAccountInformation.nodes.map((n) => [n.field, n.value, n.vendorName]).sort()).toEqual([
      ["Onboarding accredited", "Yes", ISSUER],
      ["Onboarding net worth", "2500000.50", ISSUER],
      ["Onboarding source of funds", "Savings", ISSUER],
    ]);
    const docs = await pull(kim, "qualification_answers");
    expect(docs.map((d) => [d.questionId, d.value]).sort()).toEqual(
      [
        [accredited, "Yes"],
        [netWorth, "2500000.50"],
        [funds, "Savings"],
      ].sort(),
    );
  });

  it("shows the answers to nobody else: not the issuer, not another investor", async () => {
    const issuerRead = await ok<{ allInstancedAccountInformation: { nodes: unknown[] } }>(
      issuer,
      "{ allInstancedAccountInformation { nodes { id value } } }",
    );
    expect(issuerRead.allInstancedAccountInformation.nodes).toEqual([]);
    expect(await pull(issuer, "qualification_answers")).toEqual([]);
    const emma = await as("investor@demo.test", "Emma Lawson");
    expect(await pull(emma, "qualification_answers")).toEqual([]);
    const { rows } = await t.server.db.query<{ id: string }>(
      "select id from app_public.instanced_account_information limit 1",
    );
    const probe = await ok<{ instancedAccountInformationById: unknown }>(
      emma,
      "query ($id: UUID!) { instancedAccountInformationById(id: $id) { id value } }",
      { id: rows[0]?.id },
    );
    expect(probe.instancedAccountInformationById).toBeNull();
  });

  it("replaces the last answers when the investor answers the set again in a later round", async () => {
    const distributionId = await distributionWithTheSet("Question set second allocation", "investor2@demo.test");
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    const [step] = await stepsOf(kim, distributionId);
    await ok(kim, COMPLETE, {
      stepId: step?.id,
      blob: { [accredited]: "No", [netWorth]: "900000", [funds]: "Salary" },
    });
    const docs = await pull(kim, "qualification_answers");
    expect(docs.length).toBe(3);
    expect(docs.find((d) => d.questionId === netWorth)?.value).toBe("900000");
    expect(docs.find((d) => d.questionId === accredited)?.value).toBe("No");
  });

  it("replicates the sets and questions to the issuer's devices only", async () => {
    const sets = await pull(issuer, "onboarding_question_sets");
    const set = sets.find((s) => s.id === setId) as {
      locked: boolean;
      questions: Array<{ questionId: string; executeOrder: number }>;
    };
    expect(set.locked).toBe(true);
    expect(set.questions.map((q) => q.questionId)).toEqual([accredited, netWorth, funds]);
    const questions = await pull(issuer, "onboarding_questions");
    expect(questions.find((q) => q.id === funds)).toMatchObject({
      locked: true,
      fieldType: "select",
      options: ["Salary", "Savings", "Inheritance"],
    });
    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    expect((await pull(broker, "onboarding_question_sets")).map((s) => s.id)).not.toContain(setId);
    expect((await pull(broker, "onboarding_questions")).map((q) => q.id)).not.toContain(funds);
  });
});
