// The onboarding step process through the real server with the client bypassed: who sees which process, the only
// current step can be completed, per-field validation of form steps, the local provider for link / iframe /
// async_iframe steps with retry limits, nested steps, the outbox command path, and the distribution moving from
// open (Onboarding) to closed (Pending) to issued.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_QUALIFICATION_NAME } from "../../sync/seed/demo-onboarding.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

const ISSUER = "Northwind Renewables, Inc.";

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  const id = accountIds.get(accountName);
  if (!id) throw new Error(`no account ${accountName}`);
  expect((await client.selectAccount(id)).status).toBe(303);
  return client;
}

interface Step {
  id: string;
  order: number;
  status: string;
  type: string;
  parentId: string | null;
  renderAttributes: Record<string, string>;
  outputData: Record<string, unknown>;
}

async function processOf(client: TestClient, distributionId: string) {
  const result = await client.graphql<{
    allProcesses: {
      nodes: Array<{ id: string; status: string; currentStepId: string | null; distributionId: string }>;
    };
    allSteps: { nodes: Array<Step & { processId: string }> };
  }>(
    `{ allProcesses { nodes { id status currentStepId distributionId } }
       allSteps { nodes { id processId order status type parentId renderAttributes outputData } } }`,
  );
  expect(result.errors).toBeUndefined();
  const process = result.data?.allProcesses.nodes.find((p) => p.distributionId === distributionId) ?? null;
  const steps = (result.data?.allSteps.nodes ?? [])
    .filter((s) => s.processId === process?.id)
    .sort((a, b) => Number(a.parentId !== null) - Number(b.parentId !== null) || a.order - b.order);
  return { process, steps, top: steps.filter((s) => s.parentId === null) };
}

async function complete(client: TestClient, stepId: string, blob: Record<string, unknown> = {}) {
  return client.graphql<{ completeStep: { step: { id: string; status: string } } }>(
    "mutation ($blob: JSON!, $stepId: UUID!) { completeStep(input: { blob: $blob, stepId: $stepId }) { step { id status } } }",
    { blob, stepId },
  );
}

async function distributionId(investor: string, allocation: string): Promise<string> {
  const { rows } = await t.server.db.query<{ id: string }>(
    `select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
     where d.investor_id = $1 and al.name = $2 and d.status = 'open'`,
    [accountIds.get(investor), allocation],
  );
  if (!rows[0]) throw new Error("no distribution");
  return rows[0].id;
}

async function provider(client: TestClient, stepId: string, outcome: "complete" | "failed") {
  return client.fetch(`/api/v2/integration/local-step/${stepId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `outcome=${outcome}`,
  });
}

describe("visibility", () => {
  it("the investor and the issuer see the process of the investor's distribution; another investor does not", async () => {
    const emmaDistribution = await distributionId("Emma Lawson", "Series A Direct");
    const emma = await processOf(await as("investor@demo.test", "Emma Lawson"), emmaDistribution);
    expect(emma.process?.status).toBe("in_progress");
    expect(emma.top.map((s) => s.type)).toEqual([
      "custom",
      "form",
      "encrypted_form",
      "link",
      "iframe",
      "async_iframe",
      "button",
    ]);
    expect(emma.steps.filter((s) => s.parentId).map((s) => s.type)).toEqual(["button", "form"]);
    expect(emma.process?.currentStepId).toBe(emma.top[0]?.id);
    expect(emma.top[0]?.status).toBe("in_progress");

    const issuer = await processOf(await as("issuer@demo.test", ISSUER), emmaDistribution);
    expect(issuer.steps.length).toBe(9);
    const kim = await processOf(await as("investor2@demo.test", "Kim Family Trust"), emmaDistribution);
    expect(kim.process).toBeNull();
    expect(kim.steps).toEqual([]);
  });
});

describe("completing steps", () => {
  it("only the investor completes only the current step, with the form rules checked on the server", async () => {
    const id = await distributionId("Emma Lawson", "Series A Direct");
    const emma = await as("investor@demo.test", "Emma Lawson");
    const { top } = await processOf(emma, id);
    const [welcome, profile, tax, link] = top;
    if (!welcome || !profile || !tax || !link) throw new Error("missing steps");

    const early = await complete(emma, profile.id, { legalName: "Emma Lawson" });
    expect(early.errors?.[0]?.extensions?.code).toBe("LL422");
    expect(early.errors?.[0]?.message).toBe(
      'This is not the current active step, please select "Welcome to the Series A offering" to continue the onboarding process',
    );

    // Another investor, and the issuer, are refused.
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    expect((await complete(kim, welcome.id)).errors?.[0]?.extensions?.code).toBe("LL404");
    const issuer = await as("issuer@demo.test", ISSUER);
    expect((await complete(issuer, welcome.id)).errors?.[0]?.extensions?.code).toBe("LL403");

    expect((await complete(emma, welcome.id)).data?.completeStep.step.status).toBe("complete");
    expect((await complete(emma, welcome.id)).errors?.[0]?.extensions?.code).toBe("LL409");

    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, "Legal name: Invalid input"],
      [
        { legalName: "Emma", annualIncome: "12a", accredited: "Yes", residency: "Canada" },
        "Annual income (USD): Enter a whole number of dollars.",
      ],
      [
        { legalName: "Emma", annualIncome: "120000", accredited: "Maybe", residency: "Canada" },
        "Accredited investor: Invalid input",
      ],
      [
        { legalName: "Emma", annualIncome: "120000", accredited: "No", residency: "Mars" },
        "Tax residency: Invalid input",
      ],
    ];
    for (const [blob, message] of cases) {
      const refused = await complete(emma, profile.id, blob);
      expect(refused.errors?.[0]?.message).toBe(message);
      expect(refused.errors?.[0]?.extensions?.code).toBe("LL422");
    }
    const saved = await complete(emma, profile.id, {
      legalName: " Emma Lawson ",
      annualIncome: "120000",
      accredited: "Yes",
      residency: "Canada",
    });
    expect(saved.data?.completeStep.step.status).toBe("complete");
    const { rows } = await t.server.db.query<{ data: unknown }>(
      "select data from app_private.step_submissions where step_id = $1",
      [profile.id],
    );
    expect(rows[0]?.data).toEqual({
      legalName: "Emma Lawson",
      annualIncome: 120000,
      accredited: true,
      residency: "Canada",
    });

    expect((await complete(emma, tax.id, { taxId: "12345" })).errors?.[0]?.message).toBe("SSN / ITIN: Enter 9 digits.");
    expect((await complete(emma, tax.id, { taxId: "123456789" })).data?.completeStep.step.status).toBe("complete");
    // Encrypted at rest: the stored bytes do not hold the answer, and the server reads it back for the investor and
    // the issuer (stepAnswers), not for another investor.
    const stored = await t.server.db.query<{ data: unknown; sealed: Uint8Array | Buffer | null }>(
      "select data, sealed from app_private.step_submissions where step_id = $1",
      [tax.id],
    );
    expect(stored.rows[0]?.data).toBeNull();
    const sealed = Buffer.from(stored.rows[0]?.sealed ?? []);
    expect(sealed.length).toBeGreaterThan(0);
    expect(sealed.includes("123456789")).toBe(false);
    expect(sealed.includes("taxId")).toBe(false);
    const answers = (client: TestClient) =>
      client.graphql<{ stepAnswers: unknown }>("query ($id: UUID!) { stepAnswers(stepId: $id) }", { id: tax.id });
    expect((await answers(emma)).data?.stepAnswers).toEqual({ taxId: "123456789" });
    expect((await answers(issuer)).data?.stepAnswers).toEqual({ taxId: "123456789" });
    expect((await answers(kim)).data?.stepAnswers).toBeNull();
    expect((await answers(issuer)).errors).toBeUndefined();
    // The answers are not readable through the API.
    const leak = await emma.graphql(`{ allSteps { nodes { outputData schema } } }`);
    expect(JSON.stringify(leak.data)).not.toContain("123456789");

    // A provider step cannot be completed by the client.
    expect((await complete(emma, link.id)).errors?.[0]?.message).toBe("This step is completed through its provider.");
  });

  it("runs the rest through the local provider and the nested-step variants, then closes the distribution", async () => {
    const id = await distributionId("Emma Lawson", "Series A Direct");
    const emma = await as("investor@demo.test", "Emma Lawson");
    const { top, steps } = await processOf(emma, id);
    const [, , , link, iframe, asyncFrame, review] = top;
    if (!link || !iframe || !asyncFrame || !review) throw new Error("missing steps");

    const linkAnswer = await emma.fetch("/api/v2/integration/docusign-link", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stepId: link.id }),
    });
    expect(await linkAnswer.json()).toEqual({ link: `/api/v2/integration/local-step/${link.id}` });
    const pageAnswer = await emma.fetch(`/api/v2/integration/local-step/${link.id}`);
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(await pageAnswer.text()).toContain("Sign agreement");
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    expect((await kim.fetch(`/api/v2/integration/local-step/${link.id}`)).status).toBe(404);
    expect((await provider(kim, link.id, "complete")).status).toBe(404);

    // Declined once: failed with the provider's error, still the current step; then signed.
    await provider(emma, link.id, "failed");
    let state = await processOf(emma, id);
    expect(state.top[3]?.status).toBe("failed");
    expect(state.top[3]?.outputData).toEqual({ error: "The document was declined." });
    expect((await provider(emma, link.id, "complete")).status).toBe(200);
    expect((await provider(emma, iframe.id, "complete")).status).toBe(200);

    const credential = await emma.fetch("/api/v2/integration/investready-credential", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stepId: asyncFrame.id }),
    });
    const body = (await credential.json()) as { token: string; state: string };
    expect(body.state).toBe(asyncFrame.id);
    expect(body.token).toMatch(/^[0-9a-f]{32}$/);
    await provider(emma, asyncFrame.id, "complete");
    state = await processOf(emma, id);
    expect(state.top[5]?.status).toBe("processing");
    expect(state.process?.status).toBe("processing");
    await expect.poll(async () => (await processOf(emma, id)).top[5]?.status, { timeout: 5000 }).toBe("complete");

    // Nested: the children first (completeChildStep names the parent), then the parent.
    const [documents, preference] = steps.filter((s) => s.parentId === review.id);
    if (!documents || !preference) throw new Error("missing children");
    const parentFirst = await emma.graphql(
      "mutation ($id: UUID!) { completeParentStep(input: { blob: {}, stepId: $id }) { step { status } } }",
      { id: review.id },
    );
    expect(parentFirst.errors?.[0]?.message).toBe("Please complete the nested steps first.");
    const child = (stepId: string, blob: Record<string, unknown>, parentStepId: string) =>
      emma.graphql<{ completeChildStep: { step: { status: string } } }>(
        "mutation ($blob: JSON!, $stepId: UUID!, $parent: UUID!) { completeChildStep(input: { blob: $blob, stepId: $stepId, parentStepId: $parent }) { step { status } } }",
        { blob, stepId, parent: parentStepId },
      );
    expect((await child(documents.id, {}, link.id)).errors?.[0]?.message).toBe(
      "This step is not part of the given parent step.",
    );
    expect((await child(preference.id, { contactBy: "Email" }, review.id)).errors?.[0]?.message).toContain(
      "not the current active step",
    );
    expect((await child(documents.id, {}, review.id)).data?.completeChildStep.step.status).toBe("complete");
    expect((await child(preference.id, { contactBy: "Email" }, review.id)).data?.completeChildStep.step.status).toBe(
      "complete",
    );

    const { rows: before } = await t.server.db.query<{ status: string }>(
      "select status from app_public.distributions where id = $1",
      [id],
    );
    expect(before[0]?.status).toBe("open");
    const parent = await emma.graphql<{ completeParentStep: { step: { status: string } } }>(
      "mutation ($id: UUID!) { completeParentStep(input: { blob: {}, stepId: $id }) { step { status } } }",
      { id: review.id },
    );
    expect(parent.data?.completeParentStep.step.status).toBe("complete");
    state = await processOf(emma, id);
    expect(state.process?.status).toBe("complete");
    expect(state.process?.currentStepId).toBeNull();
    const { rows: after } = await t.server.db.query<{ status: string }>(
      "select status from app_public.distributions where id = $1",
      [id],
    );
    expect(after[0]?.status).toBe("closed");
  });

  it("stops a provider step at its retry limit", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const { rows } = await t.server.db.query<{ id: string }>(
      "select id from app_public.allocations where name = 'Series A Direct'",
    );
    const made = await issuer.graphql<{ makeDistribution: { distribution: { id: string } } }>(
      `mutation ($allocationId: UUID!) { makeDistribution(input: { allocationId: $allocationId, accountEmail: "investor2@demo.test", amount: "10" }) { distribution { id } } }`,
      { allocationId: rows[0]?.id },
    );
    const id = made.data?.makeDistribution.distribution.id;
    if (!id) throw new Error(JSON.stringify(made.errors));
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    let state = await processOf(kim, id);
    expect(state.top.length).toBe(7);
    const blobs: Array<Record<string, unknown>> = [
      {},
      { legalName: "Daniel Kim", annualIncome: "1", accredited: "No", residency: "Other" },
      { taxId: "987654321" },
    ];
    for (const [index, blob] of blobs.entries()) {
      expect((await complete(kim, state.top[index]?.id ?? "", blob)).errors).toBeUndefined();
    }
    const link = state.top[3]?.id ?? "";
    for (let attempt = 0; attempt < 3; attempt++) await provider(kim, link, "failed");
    state = await processOf(kim, id);
    expect(state.top[3]?.status).toBe("retry_limit");
    expect(state.process?.status).toBe("failed");
    const page = await provider(kim, link, "complete");
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("Retry limit reached. Please contact your issuer for assistance.");
  });

  it("applies completeStep sent as an outbox command exactly once", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const { rows } = await t.server.db.query<{ id: string }>(
      "select id from app_public.allocations where name = 'Series A Direct'",
    );
    const made = await issuer.graphql<{ makeDistribution: { distribution: { id: string } } }>(
      `mutation ($allocationId: UUID!) { makeDistribution(input: { allocationId: $allocationId, accountEmail: "investor@demo.test", amount: "5" }) { distribution { id } } }`,
      { allocationId: rows[0]?.id },
    );
    const id = made.data?.makeDistribution.distribution.id ?? "";
    const emma = await as("investor@demo.test", "Emma Lawson");
    const { top } = await processOf(emma, id);
    const me = await emma.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
    const command = {
      key: crypto.randomUUID(),
      mutation: "completeStep",
      variables: { input: { blob: {}, stepId: top[0]?.id } },
      userId: me.data?.currentUser.id,
      accountId: accountIds.get("Emma Lawson"),
    };
    for (let i = 0; i < 2; i++) {
      const answer = await emma.fetch("/api/v2/commands", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify([command]),
      });
      const { results } = (await answer.json()) as { results: Array<{ status: string }> };
      expect(results[0]?.status).toBe("accepted");
    }
    const state = await processOf(emma, id);
    expect(state.top[0]?.status).toBe("complete");
    expect(state.top[1]?.status).toBe("in_progress");
  });

  it("links the demo qualification to the allocation", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const result = await issuer.graphql<{ allVendorQualifications: { nodes: Array<{ name: string }> } }>(
      "{ allVendorQualifications { nodes { name } } }",
    );
    expect(result.data?.allVendorQualifications.nodes.map((q) => q.name)).toContain(DEMO_QUALIFICATION_NAME);
  });
});
