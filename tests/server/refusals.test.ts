// Nothing done is never reported as done, and ordinary input mistakes get a coded error with the field's text
// (issue 13, items 5 and 6), through GraphQL and through the command endpoint alike, in development and production;
// each refused write is checked to have left the database as it was.
import {
  getIntrospectionQuery,
  type IntrospectionInputObjectType,
  type IntrospectionObjectType,
  type IntrospectionQuery,
  type IntrospectionTypeRef,
} from "postgraphile/graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../src/domain/wire.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

let t: TestServer;
let issuer: SignedIn;
let seq = 0;

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
});
afterAll(async () => {
  await t?.close();
});

/** Sends one command as the device's outbox does; returns its result and what the log kept. */
async function command(who: SignedIn, mutation: string, variables: Record<string, unknown>) {
  const key = crypto.randomUUID();
  const response = await who.client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify([
      { key, mutation, variables, userId: who.userId, accountId: who.accountId, deviceId: "refusals", seq: ++seq },
    ]),
  });
  expect(response.status).toBe(200);
  const result = ((await response.json()) as { results: CommandResult[] }).results[0];
  const { rows } = await t.server.db.query<{ status: string; error_code: string | null }>(
    "select status, error_code from app_private.command_log where idempotency_key = $1",
    [key],
  );
  return { result, logged: rows[0] };
}

async function row(sql: string, values: unknown[] = []) {
  return (await t.server.db.query(sql, values)).rows;
}

const NOWHERE = "00000000-0000-4000-8000-00000000dead";

describe("an update or delete that finds no row is refused, not answered with null", () => {
  const cases: Array<{
    mutation: string;
    text: string;
    variables: () => Promise<Record<string, unknown>>;
    message: RegExp;
  }> = [
    {
      mutation: "updateAssetById",
      text: "mutation($input: UpdateAssetByIdInput!) { updateAssetById(input: $input) { asset { id } } }",
      variables: async () => ({ input: { id: NOWHERE, patch: { name: "Ghost" } } }),
      message: /^Asset not found\.$/,
    },
    {
      mutation: "updateCustomerById",
      text: "mutation($input: UpdateCustomerByIdInput!) { updateCustomerById(input: $input) { customer { id } } }",
      variables: async () => ({ input: { id: NOWHERE, patch: { name: "Ghost" } } }),
      message: /^Customer not found\.$/,
    },
    {
      mutation: "updateTrancheBondDatumByRoundId",
      text: "mutation($input: UpdateTrancheBondDatumByRoundIdInput!) { updateTrancheBondDatumByRoundId(input: $input) { clientMutationId } }",
      variables: async () => ({ input: { roundId: NOWHERE, patch: { coupon: "5" } } }),
      message: /not found\.$/,
    },
    {
      // Another user's row exists but row-level security hides it: the same answer as for no row at all.
      mutation: "updateUserById",
      text: "mutation($input: UpdateUserByIdInput!) { updateUserById(input: $input) { user { id } } }",
      variables: async () => {
        const [other] = await row(
          "select user_id as id from app_public.user_emails where email = 'investor@demo.test'",
        );
        return { input: { id: (other as { id: string }).id, patch: { firstName: "Hacked" } } };
      },
      message: /^User not found\.$/,
    },
    {
      mutation: "deleteCapitalDeploymentById",
      text: "mutation($input: DeleteCapitalDeploymentByIdInput!) { deleteCapitalDeploymentById(input: $input) { clientMutationId } }",
      variables: async () => ({ input: { id: NOWHERE } }),
      message: /^Capital deployment not found\.$/,
    },
  ];

  for (const { mutation, text, variables, message } of cases) {
    it(`${mutation}: LL404 on GraphQL, rejected on the command endpoint, nothing written`, async () => {
      const before = await row("select count(*)::int as n, max(updated_on)::text as last from app_public.users");
      const hacked = () => row("select 1 from app_public.users where first_name in ('Hacked', 'Ghost')");
      const vars = await variables();
      const answer = await issuer.client.graphql(text, vars);
      expect(answer.errors?.[0]?.extensions?.code).toBe("LL404");
      expect(answer.errors?.[0]?.message).toMatch(message);

      const { result, logged } = await command(issuer, mutation, vars);
      expect(result).toMatchObject({ status: "rejected", errorCode: "LL404" });
      expect(result?.errorMessage).toMatch(message);
      expect(logged).toEqual({ status: "rejected", error_code: "LL404" });

      expect(await hacked()).toEqual([]);
      expect(await row("select count(*)::int as n, max(updated_on)::text as last from app_public.users")).toEqual(
        before,
      );
      expect(await row("select 1 from app_public.assets where name = 'Ghost'")).toEqual([]);
      expect(await row("select 1 from app_public.customers where name = 'Ghost'")).toEqual([]);
    });
  }

  it("every generated update and delete by key answers LL404 for a key that matches nothing", async () => {
    const schema = await issuer.client.graphql<IntrospectionQuery>(getIntrospectionQuery());
    const types = new Map((schema.data?.__schema.types ?? []).map((type) => [type.name, type]));
    const named = (ref: IntrospectionTypeRef): string =>
      "ofType" in ref && ref.ofType ? named(ref.ofType) : (ref as { name: string }).name;
    const fake: Record<string, unknown> = {
      UUID: NOWHERE,
      Int: 2147483000,
      BigInt: "9000000000000000000",
      String: "nowhere-at-all",
      Boolean: true,
      BigFloat: "1",
      Datetime: "2020-01-01T00:00:00Z",
      Date: "2020-01-01",
    };
    const inputOf = (typeName: string): Record<string, unknown> | null => {
      const type = types.get(typeName) as IntrospectionInputObjectType | undefined;
      const value: Record<string, unknown> = {};
      for (const field of type?.inputFields ?? []) {
        const fieldType = named(field.type);
        if (field.name === "patch") {
          const patch = types.get(fieldType) as IntrospectionInputObjectType | undefined;
          const settable = patch?.inputFields.find((f) => named(f.type) === "String" && f.name !== "id");
          if (!settable) return null;
          value.patch = { [settable.name]: "nowhere-at-all" };
        } else if (field.type.kind === "NON_NULL") {
          const scalar = (types.get(fieldType) as { kind: string } | undefined)?.kind === "SCALAR";
          const example = fake[fieldType] ?? (scalar ? "1" : undefined);
          if (example === undefined) return null;
          value[field.name] = example;
        }
      }
      return value;
    };
    const mutations =
      (schema.data?.__schema.mutationType &&
        (types.get(schema.data.__schema.mutationType.name) as IntrospectionObjectType | undefined)?.fields) ??
      [];
    const byKey = mutations.filter((field) => /^(update|delete)[A-Z]\w*By[A-Z]/.test(field.name));
    expect(byKey.length).toBeGreaterThan(20);
    const tried: string[] = [];
    const refusedOutright: string[] = [];
    for (const field of byKey) {
      const argType = field.args[0] ? named(field.args[0].type) : "";
      const input = inputOf(argType);
      if (!input) continue;
      const answer = await issuer.client.graphql(
        `mutation($input: ${argType}!) { ${field.name}(input: $input) { clientMutationId } }`,
        { input },
      );
      // LL404 when the key matches no row the account may change; LL403 when the account may change no row of the
      // table at all (no grant): either way a refusal, never a null payload.
      const code = answer.errors?.[0]?.extensions?.code;
      expect(["LL404", "LL403"], `${field.name} ${JSON.stringify(answer)}`).toContain(code);
      if (code === "LL404") expect(answer.errors?.[0]?.message, field.name).toMatch(/ not found\.$/);
      else refusedOutright.push(field.name);
      tried.push(field.name);
    }
    expect(tried.length).toBeGreaterThan(20);
    expect(refusedOutright.length).toBeLessThan(tried.length / 2);
    expect(await row("select 1 from app_public.assets where name = 'nowhere-at-all'")).toEqual([]);
  });

  it("an empty patch is a coded refusal, not an internal error", async () => {
    const answer = await issuer.client.graphql(
      "mutation($input: UpdateAssetByIdInput!) { updateAssetById(input: $input) { clientMutationId } }",
      { input: { id: NOWHERE, patch: {} } },
    );
    expect(answer.errors?.[0]).toMatchObject({
      message: "Nothing to change: the patch names no field.",
      extensions: { code: "LL422" },
    });
  });

  it("an update of a row that exists still answers with the row", async () => {
    const [asset] = (await row("select id, name from app_public.assets where issuer_id = $1 limit 1", [
      issuer.accountId,
    ])) as Array<{ id: string; name: string }>;
    const answer = await issuer.client.graphql<{ updateAssetById: { asset: { id: string } } }>(
      "mutation($input: UpdateAssetByIdInput!) { updateAssetById(input: $input) { asset { id } } }",
      { input: { id: asset?.id, patch: { name: asset?.name } } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.updateAssetById.asset.id).toBe(asset?.id);
  });
});

describe("input mistakes answer with a coded error and the field's text", () => {
  const UPDATE_ASSET = "mutation($input: UpdateAssetByIdInput!) { updateAssetById(input: $input) { asset { id } } }";
  let asset: { id: string; name: string; authorized_total: string; status: string };

  beforeAll(async () => {
    const rows = (await row(
      "select id, name, authorized_total::text, status from app_public.assets where issuer_id = $1 order by id limit 1",
      [issuer.accountId],
    )) as (typeof asset)[];
    if (!rows[0]) throw new Error("the demo issuer has no asset");
    asset = rows[0];
  });

  const unchanged = async () =>
    expect(
      await row("select id, name, authorized_total::text, status from app_public.assets where id = $1", [asset.id]),
    ).toEqual([asset]);

  const mistakes: Array<{ what: string; patch: Record<string, unknown>; code: string; message: RegExp }> = [
    {
      what: "a number with a thousands separator",
      patch: { authorizedTotal: "1,000" },
      code: "LL422",
      message: /^Authorized total: enter a number/,
    },
    {
      what: "an empty amount",
      patch: { authorizedTotal: "" },
      code: "LL422",
      message: /^Authorized total is required\.$/,
    },
    {
      what: "letters in an amount",
      patch: { authorizedTotal: "12abc" },
      code: "LL422",
      message: /^Authorized total: /,
    },
    { what: "a NUL character in a name", patch: { name: "Bad\u0000name" }, code: "LL422", message: /^Name: .*NUL/ },
    {
      what: "a malformed date",
      patch: { createdOn: "yesterday" },
      code: "LL422",
      message: /^Created on: enter a valid date/,
    },
    { what: "an unknown status", patch: { status: "bogus" }, code: "LL422", message: /status/i },
  ];

  for (const { what, patch, code, message } of mistakes) {
    it(`${what}: ${code} on GraphQL and on the command endpoint, nothing written`, async () => {
      const variables = { input: { id: asset.id, patch } };
      const answer = await issuer.client.graphql(UPDATE_ASSET, variables);
      expect(answer.errors?.[0]?.extensions?.code).toBe(code);
      expect(answer.errors?.[0]?.message).toMatch(message);
      expect(answer.errors?.[0]?.message).not.toMatch(/syntax|invalid input|byte sequence|violates/);
      const { result } = await command(issuer, "updateAssetById", variables);
      expect(result?.status).toBe("rejected");
      expect(result?.errorCode).toBe(code);
      expect(result?.errorMessage).not.toMatch(/syntax|invalid input|byte sequence|violates/);
      await unchanged();
    });
  }

  it("an input field the type does not have is LL422 on GraphQL and on the command endpoint", async () => {
    const variables = { input: { id: asset.id, patch: { currency: "XXX" } } };
    const answer = await issuer.client.graphql(UPDATE_ASSET, variables);
    expect(answer.errors?.[0]?.extensions?.code).toBe("LL422");
    expect(answer.errors?.[0]?.message).toMatch(/"currency" is not defined/);
    const { result } = await command(issuer, "updateAssetById", variables);
    expect(result).toMatchObject({ status: "rejected", errorCode: "LL422" });
    await unchanged();
  });

  it("a malformed id names the field instead of PostgreSQL's uuid syntax error", async () => {
    const answer = await issuer.client.graphql(UPDATE_ASSET, { input: { id: "not-an-id", patch: { name: "x" } } });
    expect(answer.errors?.[0]).toMatchObject({ message: "Id: not a valid id.", extensions: { code: "LL422" } });
    await unchanged();
  });

  it("a check constraint and a missing reference are coded with the field's text", async () => {
    const [customer] = (await row("select id, status from app_public.customers where account_id = $1 limit 1", [
      issuer.accountId,
    ])) as Array<{ id: string; status: string }>;
    const answer = await issuer.client.graphql(
      "mutation($input: UpdateCustomerByIdInput!) { updateCustomerById(input: $input) { customer { id } } }",
      { input: { id: customer?.id, patch: { status: "bogus" } } },
    );
    expect(answer.errors?.[0]).toMatchObject({
      message: "Status is not one of the allowed values.",
      extensions: { code: "LL422" },
    });
    expect(await row("select status from app_public.customers where id = $1", [customer?.id])).toEqual([
      { status: customer?.status },
    ]);

    // A required column set to null (not-null constraint): the field's 'is required' text.
    const cleared = await issuer.client.graphql(
      "mutation($input: UpdateCustomerByIdInput!) { updateCustomerById(input: $input) { customer { id } } }",
      { input: { id: customer?.id, patch: { email: null } } },
    );
    expect(cleared.errors?.[0]).toMatchObject({ message: "Email is required.", extensions: { code: "LL422" } });
    expect(
      await row("select email is not null as kept from app_public.customers where id = $1", [customer?.id]),
    ).toEqual([{ kept: true }]);

    // An unknown currency (foreign key) on an unlocked distribution of the issuer: LL404 naming the currency.
    const [distribution] = (await row(
      `select d.id from app_public.distributions d join app_public.allocations a on a.id = d.allocation_id
        where a.owner_id = $1 and not d.locked limit 1`,
      [issuer.accountId],
    )) as Array<{ id: string }>;
    expect(distribution).toBeDefined();
    {
      const prices = () => row("select count(*)::int as n from app_public.distribution_prices");
      const before = await prices();
      const price = await issuer.client.graphql(
        "mutation($input: CreateDistributionPriceInput!) { createDistributionPrice(input: $input) { clientMutationId } }",
        { input: { distributionPrice: { distributionId: distribution?.id, price: "10", currencyId: 999999 } } },
      );
      expect(price.errors?.[0]).toMatchObject({ message: "Currency not found.", extensions: { code: "LL404" } });
      expect(await prices()).toEqual(before);
    }
  });
});

describe("in production", () => {
  let production: TestServer;
  afterAll(async () => {
    await production?.close();
  });

  it("shows the coded messages, not 'An error occurred'", async () => {
    production = await startTestServer({ mode: "production" });
    const who = await signInAs(production.client(), "issuer@demo.test", "issuer");
    const UPDATE = "mutation($input: UpdateAssetByIdInput!) { updateAssetById(input: $input) { asset { id } } }";
    const missing = await who.client.graphql(UPDATE, { input: { id: NOWHERE, patch: { name: "Ghost" } } });
    expect(missing.errors?.[0]).toMatchObject({ message: "Asset not found.", extensions: { code: "LL404" } });
    const { rows } = await production.server.db.query<{ id: string }>(
      "select id from app_public.assets where issuer_id = $1 limit 1",
      [who.accountId],
    );
    const comma = await who.client.graphql(UPDATE, { input: { id: rows[0]?.id, patch: { authorizedTotal: "1,000" } } });
    expect(comma.errors?.[0]?.extensions?.code).toBe("LL422");
    expect(comma.errors?.[0]?.message).toMatch(/^Authorized total: enter a number/);
    const empty = await who.client.graphql(UPDATE, { input: { id: rows[0]?.id, patch: { authorizedTotal: "" } } });
    expect(empty.errors?.[0]?.message).toBe("Authorized total is required.");

    // The command endpoint answers the same, and names no field the request did not (no suggestions).
    const response = await who.client.fetch("/api/v2/commands", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(
        [{ authorizedTotal: "1,000" }, { nam: "Typo" }].map((patch, index) => ({
          key: crypto.randomUUID(),
          mutation: "updateAssetById",
          variables: { input: { id: rows[0]?.id, patch } },
          userId: who.userId,
          accountId: who.accountId,
          seq: index + 1,
        })),
      ),
    });
    const { results } = (await response.json()) as { results: CommandResult[] };
    expect(results[0]).toMatchObject({ status: "rejected", errorCode: "LL422" });
    expect(results[0]?.errorMessage).toMatch(/^Authorized total: enter a number/);
    expect(results[1]).toMatchObject({ status: "rejected", errorCode: "LL422" });
    expect(results[1]?.errorMessage).not.toMatch(/Did you mean|"name"/);
  });
});
