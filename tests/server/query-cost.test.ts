// The production cost limits (sync/graphql/depth-limit.ts costLimitRule): hundreds of aliased lists or fields in one
// request are refused with LL400 before anything runs, while every query the app itself sends (each GraphQL
// document of src/) stays far below both limits; validation messages carry no "Did you mean" suggestions.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  buildClientSchema,
  type DocumentNode,
  type GraphQLSchema,
  getIntrospectionQuery,
  parse,
} from "postgraphile/graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationCost } from "../../sync/graphql/depth-limit.ts";
import { MAX_QUERY_COST } from "../../sync/graphql/preset.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let production: TestServer;
let development: TestServer;
let client: TestClient;
let devClient: TestClient;

beforeAll(async () => {
  [production, development] = await Promise.all([
    startTestServer({ mode: "production", seedDemo: false }),
    startTestServer({ seedDemo: false }),
  ]);
  client = production.client();
  expect((await client.signUp({ email: "cost@production.test", password: "production-password" })).status).toBe(200);
  devClient = development.client();
  expect((await devClient.signUp({ email: "cost@development.test", password: "development-password" })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await Promise.all([production?.close(), development?.close()]);
});

/** Every GraphQL document written in src/ (template literals that parse as an operation). */
function appDocuments(): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        for (const match of readFileSync(path, "utf8").matchAll(/`([^`]*)`/g)) {
          const text = match[1] ?? "";
          if (text.includes("${") || !/^\s*(query|mutation|subscription)\b/.test(text)) continue;
          found.push({ file: path, text });
        }
      }
    }
  };
  walk("src");
  return found;
}

describe("query cost limits in production", () => {
  it("refuses 300 aliased allAccounts and 2,000 aliased fields, with LL400 and nothing answered", async () => {
    const lists = `{ ${Array.from({ length: 300 }, (_, i) => `a${i}: allAccounts { nodes { id } }`).join(" ")} }`;
    const refused = await client.graphql(lists);
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions?.code).toBe("LL400");
    expect(refused.errors?.[0]?.message).toMatch(/too many lists/);

    // Through a fragment, too: every spread counts.
    const viaFragment = `query { ${Array.from({ length: 60 }, (_, i) => `a${i}: currentUser { ...U }`).join(" ")} }
      fragment U on User { usersAccounts { nodes { id } } }`;
    expect((await client.graphql(viaFragment)).errors?.[0]?.extensions?.code).toBe("LL400");

    const fields = `{ ${Array.from({ length: 2000 }, (_, i) => `f${i}: currentUser { id }`).join(" ")} }`;
    const many = await client.graphql(fields);
    expect(many.data ?? null).toBeNull();
    expect(many.errors?.[0]?.message).toMatch(/too many fields/);
    expect(many.errors?.[0]?.extensions?.code).toBe("LL400");

    // Writes count at the root: 30 aliased updates (through a fragment on Mutation) are refused before any runs.
    const users = async () =>
      (await production.server.db.query<{ first_name: string }>("select first_name from app_public.users")).rows;
    const before = await users();
    const writes = `mutation { ...W } fragment W on Mutation { ${Array.from(
      { length: 30 },
      (_, i) => `u${i}: updateUser(input: { nodeId: "x", patch: { firstName: "Renamed" } }) { clientMutationId }`,
    ).join(" ")} }`;
    const manyWrites = await client.graphql(writes);
    expect(manyWrites.errors?.[0]?.extensions?.code).toBe("LL400");
    expect(manyWrites.errors?.[0]?.message).toMatch(/too many changes/);
    expect(await users()).toEqual(before);

    const ordinary = await client.graphql(
      `{ a: allAccounts { nodes { id } } b: allAssets { nodes { id } } currentUser { id } }`,
    );
    expect(ordinary.errors).toBeUndefined();
  });

  it("every query of the app stays under half of each limit", async () => {
    const introspection = await devClient.graphql(getIntrospectionQuery());
    const schema: GraphQLSchema = buildClientSchema(introspection.data as never);
    const documents = appDocuments();
    expect(documents.length).toBeGreaterThan(20);
    let largest = { fields: 0, lists: 0 };
    for (const { file, text } of documents) {
      let document: DocumentNode;
      try {
        document = parse(text);
      } catch {
        continue; // a template literal that only looks like an operation
      }
      for (const cost of operationCost(schema, document)) {
        expect(cost.fields, file).toBeLessThan(MAX_QUERY_COST.fields / 2);
        expect(cost.lists, file).toBeLessThan(MAX_QUERY_COST.lists / 2);
        if (/^\s*mutation\b/.test(text)) {
          const writes = document.definitions.flatMap((d) =>
            "selectionSet" in d && d.selectionSet ? [d.selectionSet.selections.length] : [],
          );
          expect(Math.max(...writes), file).toBeLessThan(MAX_QUERY_COST.mutations / 2);
        }
        if (cost.fields > largest.fields) largest = cost;
      }
    }
    expect(largest.fields).toBeGreaterThan(5);
  });

  it("names no schema field in a validation error (no 'Did you mean')", async () => {
    const answer = await client.graphql("{ allAsset { nodes { id } } }");
    expect(answer.errors?.[0]?.message).toMatch(/Cannot query field "allAsset"/);
    expect(answer.errors?.[0]?.message).not.toMatch(/Did you mean|allAssets/);
    const variable = await client.graphql(
      'mutation($p: AssetPatch!) { updateAssetById(input: { id: "00000000-0000-4000-8000-000000000000", patch: $p }) { clientMutationId } }',
      { p: { nam: "x" } },
    );
    expect(variable.errors?.[0]?.message).not.toMatch(/Did you mean|"name"/);
    for (const query of [
      "{ allAssets(fist: 1) { nodes { id } } }",
      "{ allAssets(orderBy: CREATED_ON_DES) { nodes { id } } }",
      "query($f: AssetFiltr) { allAssets(filter: $f) { nodes { id } } }",
    ]) {
      const refused = await client.graphql(query);
      expect(refused.errors?.length, query).toBeGreaterThan(0);
      for (const error of refused.errors ?? []) expect(error.message, query).not.toMatch(/Did you mean/);
    }
    // Development keeps the suggestions (GraphiQL's help).
    const dev = await devClient.graphql("{ allAsset { nodes { id } } }");
    expect(dev.errors?.[0]?.message).toMatch(/Did you mean/);
  });

  it("answers a missing or null required value with the spec's text, unmasked (LL422)", async () => {
    const payment =
      "mutation ($p: DistributionPaymentInput!) { createDistributionPayment(input: { distributionPayment: $p }) { clientMutationId } }";
    const row = { distributionId: "00000000-0000-4000-8000-000000000000", paidOn: "2024-01-01" };
    for (const answer of [
      await client.graphql(payment, { p: { ...row, amount: null } }),
      await client.graphql(payment, { p: row }),
      await client.graphql(
        `mutation { createDistributionPayment(input: { distributionPayment: { distributionId: "${row.distributionId}", paidOn: "2024-01-01", amount: null } }) { clientMutationId } }`,
      ),
    ]) {
      expect(answer.data ?? null).toBeNull();
      expect(answer.errors?.map((error) => [error.extensions?.code, error.message])).toEqual([
        ["LL422", "Payment amount is required"],
      ]);
    }
  });
});
