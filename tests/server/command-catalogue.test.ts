// The command endpoint checks each command of the catalogue (src/domain/commands/catalogue.ts) against the schema of
// its variables before running it: a wrong shape is rejected with LL422 naming the field, logged, and nothing is
// written; the commands around it still apply. A mutation name the API does not have stays LL404.
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

const wire = (mutation: string, variables: unknown) => ({
  key: crypto.randomUUID(),
  mutation,
  variables,
  userId: issuer.userId,
  accountId: issuer.accountId,
  createdOn: new Date().toISOString(),
  deviceId: "command-catalogue",
  seq: ++seq,
});

async function post(commands: ReturnType<typeof wire>[]): Promise<CommandResult[]> {
  const response = await issuer.client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(commands),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: CommandResult[] }).results;
}

async function digest(table: string): Promise<string> {
  const { rows } = await t.server.db.query<{ digest: string }>(
    `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from app_public.${table} t`,
  );
  return rows[0]?.digest ?? "";
}

describe("POST /api/v2/commands checks the catalogue's schemas", () => {
  it("rejects a wrong shape with LL422 naming the field, writes nothing, and still applies the others", async () => {
    const tables = ["customers", "assets"];
    const before = await Promise.all(tables.map(digest));
    const good = wire("makeCustomer", {
      input: { id: crypto.randomUUID(), email: `catalogue-${Date.now()}@example.com`, name: "Good" },
    });
    const commands = [
      wire("makeCustomer", { input: { id: crypto.randomUUID(), email: 42, name: "Number" } }),
      wire("makeCustomer", {
        input: { id: crypto.randomUUID(), email: "typo@example.com", emial: "typo@example.com" },
      }),
      wire("createAsset", { input: { asset: { name: "No total", type: "equity", status: "drafted" } } }),
      wire("makeCustomer", {}),
      good,
    ];
    const results = await post(commands);
    expect(results.map((r) => [r.status, r.errorCode])).toEqual([
      ["rejected", "LL422"],
      ["rejected", "LL422"],
      ["rejected", "LL422"],
      ["rejected", "LL422"],
      ["accepted", null],
    ]);
    expect(results.slice(0, 4).map((r) => r.errorMessage)).toEqual([
      "Invalid makeCustomer: input.email must be text.",
      "Invalid makeCustomer: input.emial is not a field of this command.",
      // A required value missing: the field's text, as GraphQL answers it (the spec's where it names one).
      "Authorized total is required.",
      "Input is required.",
    ]);
    // only the good command wrote (one customer); the refused ones are logged as rejected
    const { rows: added } = await t.server.db.query<{ id: string }>(
      "select id from app_public.customers where id = $1",
      [(good.variables as { input: { id: string } }).input.id],
    );
    expect(added).toHaveLength(1);
    expect(await digest("assets")).toBe(before[1]);
    const { rows: logged } = await t.server.db.query<{ status: string; error_code: string | null }>(
      "select status, error_code from app_private.command_log where idempotency_key = any($1::uuid[]) order by device_seq",
      [commands.slice(0, 4).map((c) => c.key)],
    );
    expect(logged).toEqual(commands.slice(0, 4).map(() => ({ status: "rejected", error_code: "LL422" })));
  });

  it("leaves the database as it was when every command is of the wrong shape", async () => {
    const tables = ["customers", "assets", "distributions", "rounds"];
    const before = await Promise.all(tables.map(digest));
    const results = await post([
      wire("updateAssetById", { input: { id: crypto.randomUUID(), patch: { name: ["x"] } } }),
      wire("makeDistribution", {
        input: { allocationId: crypto.randomUUID(), accountEmail: "x@example.com", amount: true },
      }),
      wire("updateRoundById", { input: { id: crypto.randomUUID() } }),
      wire("makeTaRequestDistributionIssuances", { input: { distributionIds: [7] } }),
    ]);
    expect(results.map((r) => r.errorMessage)).toEqual([
      "Invalid updateAssetById: input.patch.name must be text.",
      "Invalid makeDistribution: input.amount must be a number or text.",
      "Patch is required.",
      "Invalid makeTaRequestDistributionIssuances: input.distributionIds.0 must be text.",
    ]);
    expect(results.every((r) => r.status === "rejected" && r.errorCode === "LL422")).toBe(true);
    expect(await Promise.all(tables.map(digest))).toEqual(before);
  });

  it("answers a mutation the API does not have with LL404, as before", async () => {
    const [result] = await post([wire("makeCustomr", { input: {} })]);
    expect(result).toMatchObject({
      status: "rejected",
      errorCode: "LL404",
      errorMessage: "Unknown command: makeCustomr",
    });
  });
});
