// The admin console's server rules with the client bypassed (docs/ADMIN.md): only a platform admin's session reaches
// the admin calls (figures, types, reports, form definitions); a reference type in use cannot be deleted (LL409 with
// a text naming the use), an unused one can; form definitions are versioned and a step keeps the version it was made
// from; admin edits run as typed commands through POST /api/v2/commands.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../src/domain/wire.ts";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

let t: TestServer;
let admin: SignedIn;

beforeAll(async () => {
  t = await startTestServer();
  admin = await signInAs(t.client(), "admin@demo.test", "admin");
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function command(who: SignedIn, mutation: string, input: Record<string, unknown>): Promise<CommandResult> {
  return sendCommand(who, "admin-console-test", mutation, input);
}

const KYC_SCHEMA = {
  title: "Investor details",
  fields: [
    {
      key: "fullName",
      displayKey: "Full name",
      type: "text",
      regex: "^.{2,}$",
      error: "Enter your full name.",
      order: 1,
    },
    { key: "age", displayKey: "Age", type: "integer", order: 2, message: "In years." },
    { key: "accredited", displayKey: "Accredited investor", type: "boolean", order: 3 },
  ],
  disclosures: ["Your answers are kept encrypted."],
  text: "Save details",
};

describe("only platform admins reach the admin calls", () => {
  const calls: Array<[string, string, Record<string, unknown>?]> = [
    ["platformFigures", "{ platformFigures }"],
    ["referenceTypes", "{ referenceTypes }"],
    ["platformReport", `query ($k: String!) { platformReport(kind: $k) }`, { k: "memberships" }],
    [
      "makeFormDefinition",
      `mutation ($i: MakeFormDefinitionInput!) { makeFormDefinition(input: $i) { formDefinition { id } } }`,
      { i: { key: "sneaky", name: "Sneaky", stepType: "form", renderAttributes: {}, schema: KYC_SCHEMA } },
    ],
    [
      "deleteReferenceType",
      `mutation ($i: DeleteReferenceTypeInput!) { deleteReferenceType(input: $i) { boolean } }`,
      { i: { kind: "asset_type", key: "fund" } },
    ],
  ];

  for (const [email, type] of [
    ["issuer@demo.test", "issuer"],
    ["multi@demo.test", "issuer"],
    ["broker@demo.test", "broker"],
    ["investor@demo.test", "investor"],
    ["agent@demo.test", "agent"],
    ["ats@demo.test", "ats"],
  ] as const) {
    it(`refuses every admin call to ${email} (${type})`, async () => {
      const who = await signInAs(t.client(), email, type);
      for (const [name, query, variables] of calls) {
        const answer = await who.client.graphql(query, variables);
        expect(answer.errors?.[0]?.extensions?.code, name).toBe("LL403");
      }
      // qualification vendors (issuers, brokers) read the definitions to make qualifications of them; nobody else
      const forms = await who.client.graphql<{ allFormDefinitions: { totalCount: number } }>(
        "{ allFormDefinitions { totalCount } }",
      );
      const { rows: all } = await t.server.db.query<{ n: number }>(
        "select count(*)::int as n from app_public.form_definitions",
      );
      expect(forms.data?.allFormDefinitions.totalCount).toBe(type === "issuer" || type === "broker" ? all[0]?.n : 0);
      // and the same through the command endpoint
      const refused = await command(who, "deleteReferenceType", { kind: "asset_type", key: "fund" });
      expect(refused).toMatchObject({ status: "rejected", errorCode: "LL403" });
      const types = await t.server.db.query("select 1 from app_public.asset_types where type = 'fund'");
      expect(types.rows).toHaveLength(1);
    });
  }

  it("answers an admin with the platform's figures and reports", async () => {
    const figures = await admin.client.graphql<{ platformFigures: Record<string, unknown> }>("{ platformFigures }");
    expect(figures.errors).toBeUndefined();
    const value = figures.data?.platformFigures ?? {};
    expect(value.accountsByType).toMatchObject({ admin: 1, issuer: expect.any(Number), investor: expect.any(Number) });
    expect(value.users).toBeGreaterThanOrEqual(11);
    for (const key of ["commandsAcceptedToday", "commandsRejectedToday", "mailDeliveredToday", "mailFailedToday"]) {
      expect(typeof value[key], key).toBe("number");
    }
    expect(value.sessionsActive).toBeGreaterThanOrEqual(1);
    const report = await admin.client.graphql<{ platformReport: Array<Record<string, unknown>> }>(
      `{ platformReport(kind: "memberships") }`,
    );
    expect(report.data?.platformReport).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "multi@demo.test", role: "account_viewer", accountType: "broker" }),
      ]),
    );
    const unknown = await admin.client.graphql(`{ platformReport(kind: "nope") }`);
    expect(unknown.errors?.[0]?.extensions?.code).toBe("LL422");
  });
});

describe("reference types", () => {
  it("lists every type with its usage", async () => {
    const answer = await admin.client.graphql<{ referenceTypes: Record<string, Array<Record<string, unknown>>> }>(
      "{ referenceTypes }",
    );
    const types = answer.data?.referenceTypes ?? {};
    const equity = types.assetTypes?.find((row) => row.type === "equity");
    const { rows } = await t.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_public.assets where type = 'equity'",
    );
    expect(equity).toMatchObject({ accountingType: "equity", uses: rows[0]?.n });
    expect(rows[0]?.n).toBeGreaterThan(0);
    expect(types.investorAccountTypes?.find((row) => row.type === "Individual")?.uses).toBeGreaterThan(0);
    expect(types.documentSharingAllowedShares?.length).toBeGreaterThan(0);
  });

  it("refuses to delete a type in use, with a clear text, and deletes an unused one", async () => {
    const inUse = await command(admin, "deleteReferenceType", { kind: "asset_type", key: "equity" });
    expect(inUse.status).toBe("rejected");
    expect(inUse.errorCode).toBe("LL409");
    expect(inUse.errorMessage).toMatch(/^The asset type "Equity" is used by \d+ assets? and cannot be deleted\.$/);
    const individual = await command(admin, "deleteReferenceType", {
      kind: "investor_account_type",
      key: "Individual",
    });
    expect(individual).toMatchObject({ status: "rejected", errorCode: "LL409" });
    expect(individual.errorMessage).toMatch(/investor account type "Individual" is used by \d+ accounts?/);

    expect(
      await command(admin, "createAssetType", {
        assetType: { type: "real_estate", name: "Real estate", accountingType: "equity" },
      }),
    ).toMatchObject({ status: "accepted" });
    expect(
      await command(admin, "updateAssetTypeByType", { type: "real_estate", patch: { name: "Real estate fund" } }),
    ).toMatchObject({ status: "accepted" });
    const renamed = await t.server.db.query("select name from app_public.asset_types where type = 'real_estate'");
    expect(renamed.rows).toEqual([{ name: "Real estate fund" }]);
    expect(await command(admin, "deleteReferenceType", { kind: "asset_type", key: "real_estate" })).toMatchObject({
      status: "accepted",
    });
    const gone = await t.server.db.query("select 1 from app_public.asset_types where type = 'real_estate'");
    expect(gone.rows).toHaveLength(0);
    expect(await command(admin, "deleteReferenceType", { kind: "asset_type", key: "real_estate" })).toMatchObject({
      status: "rejected",
      errorCode: "LL404",
    });
  });

  it("keeps a type that is in use even when asked directly as the database's app role", async () => {
    const answer = await admin.client.graphql(
      `mutation { deleteReferenceType(input: { kind: "asset_type", key: "debt" }) { boolean } }`,
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe("LL409");
    const still = await t.server.db.query("select 1 from app_public.asset_types where type = 'debt'");
    expect(still.rows).toHaveLength(1);
  });
});

describe("form definitions", () => {
  it("versions a definition; a step keeps the version it was made from", async () => {
    const first = await command(admin, "makeFormDefinition", {
      key: "kyc-basic",
      name: "Basic KYC",
      stepType: "form",
      renderAttributes: { title: "Basic KYC", progressBarTitle: "KYC" },
      schema: KYC_SCHEMA,
    });
    expect(first).toMatchObject({ status: "accepted" });

    // A step made from the definition (a vendor qualification's template names formKey) copies version 1.
    const { rows: processes } = await t.server.db.query<{ id: string }>("select id from app_public.processes limit 1");
    const processId = processes[0]?.id;
    expect(processId).toBeTruthy();
    const { rows: made } = await t.server.db.query<{ id: string; schema: Record<string, unknown> }>(
      `insert into app_public.steps (process_id, "order", type, schema)
       values ($1, 99, 'form', '{"formKey": "kyc-basic"}') returning id, schema`,
      [processId],
    );
    expect(made[0]?.schema).toMatchObject({ title: "Investor details", formKey: "kyc-basic", formVersion: 1 });

    const changed = { ...KYC_SCHEMA, title: "Investor details (2026)", fields: KYC_SCHEMA.fields.slice(0, 2) };
    expect(
      await command(admin, "makeFormDefinition", {
        key: "kyc-basic",
        name: "Basic KYC",
        stepType: "form",
        renderAttributes: { title: "Basic KYC" },
        schema: changed,
      }),
    ).toMatchObject({ status: "accepted" });
    const versions = await admin.client.graphql<{
      allFormDefinitions: { nodes: Array<{ version: number; schema: { title: string } }> };
    }>(`{ allFormDefinitions(condition: { key: "kyc-basic" }, orderBy: VERSION_ASC) { nodes { version schema } } }`);
    expect(versions.data?.allFormDefinitions.nodes.map((node) => [node.version, node.schema.title])).toEqual([
      [1, "Investor details"],
      [2, "Investor details (2026)"],
    ]);
    const kept = await t.server.db.query<{ schema: { title: string; formVersion: number } }>(
      "select schema from app_public.steps where id = $1",
      [made[0]?.id],
    );
    expect(kept.rows[0]?.schema).toMatchObject({ title: "Investor details", formVersion: 1 });
    const { rows: later } = await t.server.db.query<{ schema: Record<string, unknown> }>(
      `insert into app_public.steps (process_id, "order", type, schema)
       values ($1, 100, 'form', '{"formKey": "kyc-basic"}') returning schema`,
      [processId],
    );
    expect(later[0]?.schema).toMatchObject({ title: "Investor details (2026)", formVersion: 2 });
    await t.server.db.query('delete from app_public.steps where process_id = $1 and "order" in (99, 100)', [processId]);

    // A version is history: not even the database owner changes it.
    await expect(
      t.server.db.query("update app_public.form_definitions set name = 'x' where key = 'kyc-basic'"),
    ).rejects.toMatchObject({ code: "LL403" });
  });

  it("refuses a definition the onboarding renderer could not show, naming the problem", async () => {
    const bad = (schema: Record<string, unknown>) =>
      command(admin, "makeFormDefinition", { key: "bad", name: "Bad", stepType: "form", renderAttributes: {}, schema });
    expect(await bad({ fields: KYC_SCHEMA.fields })).toMatchObject({
      errorCode: "LL422",
      errorMessage: "Title is required.",
    });
    expect(await bad({ title: "T", fields: [] })).toMatchObject({ errorMessage: "A form needs at least one field." });
    expect(await bad({ title: "T", fields: [{ key: "a", regex: "([" }] })).toMatchObject({
      errorMessage: 'Field "a": the regex is not valid.',
    });
    expect(await bad({ title: "T", fields: [{ key: "a" }, { key: "a" }] })).toMatchObject({
      errorMessage: 'Field key "a" appears more than once.',
    });
    const none = await t.server.db.query("select 1 from app_public.form_definitions where key = 'bad'");
    expect(none.rows).toHaveLength(0);
  });
});
