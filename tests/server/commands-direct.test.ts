// The command endpoint's direct call path (sync/replication/direct-commands.ts): a command of a one-function
// mutation with plain values runs as one statement instead of through grafast. The same command with
// clientMutationId (an input key the direct path does not take) runs through grafast in the same endpoint: both
// must answer alike (status, LL code, message), write alike, and log the same result.
import { readFileSync } from "node:fs";
import { buildSchema } from "postgraphile/graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../src/domain/wire.ts";
import { directCallFor } from "../../sync/replication/direct-commands.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

const run = Date.now().toString(36);
let seq = 0;

let t: TestServer;
let issuer: SignedIn;

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test");
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function command(mutation: string, input: Record<string, unknown>) {
  return {
    key: crypto.randomUUID(),
    mutation,
    variables: { input },
    userId: issuer.userId,
    accountId: issuer.accountId,
    createdOn: new Date().toISOString(),
    deviceId: "commands-direct-test",
    seq: ++seq,
  };
}

async function post(commands: ReturnType<typeof command>[]): Promise<CommandResult[]> {
  const response = await issuer.client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(commands),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: CommandResult[] }).results;
}

const schema = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8"));
const query = async <T>(text: string, values?: unknown[]) => (await t.server.db.query<T>(text, values)).rows;

/** The same input through the direct path and, with clientMutationId, through grafast: both outcomes. */
async function bothWays(mutation: string, direct: Record<string, unknown>, viaGrafast: Record<string, unknown>) {
  const call = await directCallFor(schema, mutation, query);
  expect(call?.statement({ input: direct })).not.toBeNull();
  expect(call?.statement({ input: { ...viaGrafast, clientMutationId: "grafast" } })).toBeNull();
  const a = command(mutation, direct);
  const b = command(mutation, { ...viaGrafast, clientMutationId: "grafast" });
  const [first, second] = await post([a, b]);
  const log = await query<{ key: string; status: string; error_code: string | null; result: unknown }>(
    `select idempotency_key::text as key, status, error_code, result from app_private.command_log
     where idempotency_key = any($1::uuid[])`,
    [[a.key, b.key]],
  );
  const logged = (key: string) => log.find((row) => row.key === key);
  return {
    direct: { ...first, key: undefined, log: { ...logged(a.key), key: undefined } },
    grafast: { ...second, key: undefined, log: { ...logged(b.key), key: undefined } },
  };
}

describe("the command endpoint's direct call path", () => {
  it("is taken only for one-function mutations with plain values", async () => {
    const customer = await directCallFor(schema, "makeCustomer", query);
    const id = crypto.randomUUID();
    expect(customer?.statement({ input: { email: "a@x.test", name: "A", id } })?.sql).toContain(
      '"app_public"."make_customer"(',
    );
    // null, a missing argument, a number for text, a non-canonical UUID: grafast
    expect(customer?.statement({ input: { email: "a@x.test", name: null, id } })).toBeNull();
    expect(customer?.statement({ input: { email: "a@x.test", id } })).toBeNull();
    expect(customer?.statement({ input: { email: 5, name: "A", id } })).toBeNull();
    expect(customer?.statement({ input: { email: "a@x.test", name: "A", id: `{${id}}` } })).toBeNull();
    // nested inputs (a table's create) and unknown mutations never take it
    expect(await directCallFor(schema, "createAsset", query)).toBeNull();
    expect(await directCallFor(schema, "noSuchMutation", query)).toBeNull();
  });

  it("answers, writes and logs like grafast: accepted, quotes and backslashes kept as typed", async () => {
    const name = `O'Brien \\ "quoted" '' $1 -- ; select 1; ${run} é 😀`;
    const emailA = `o'brien-a-${run}@direct.test`;
    const emailB = `o'brien-b-${run}@direct.test`;
    const idA = crypto.randomUUID();
    const outcome = await bothWays(
      "makeCustomer",
      { email: emailA, name, id: idA },
      { email: emailB, name, id: crypto.randomUUID() },
    );
    expect(outcome.direct).toEqual(outcome.grafast);
    expect(outcome.direct).toMatchObject({
      status: "accepted",
      log: { status: "accepted", result: { makeCustomer: { __typename: "MakeCustomerPayload" } } },
    });
    const stored = await query<{ email: string; name: string }>(
      "select email, name from app_public.customers where id = $1",
      [idA],
    );
    expect(stored).toEqual([{ email: emailA, name }]);
  });

  it("answers each refusal with the same LL code and message as grafast, and writes nothing", async () => {
    const existing = crypto.randomUUID();
    await post([command("makeCustomer", { email: `existing-${run}@direct.test`, name: "E", id: existing })]);
    const cases: Array<[string, Record<string, unknown>]> = [
      ["empty name", { email: `n1-${run}@direct.test`, name: "" }],
      ["blank name", { email: `n2-${run}@direct.test`, name: "   " }],
      ["bad email", { email: "not-an-email", name: "N" }],
      ["empty email", { email: "", name: "N" }],
      ["taken id", { email: `n3-${run}@direct.test`, name: "N", id: existing }],
    ];
    for (const [what, input] of cases) {
      const withId = { id: crypto.randomUUID(), ...input };
      const outcome = await bothWays("makeCustomer", withId, withId);
      expect(outcome.direct.status, what).toBe("rejected");
      expect(outcome.direct.errorCode, what).toMatch(/^LL\d{3}$/);
      expect(outcome.direct, what).toEqual(outcome.grafast);
    }
    const written = await query<{ n: number }>(
      "select count(*)::int as n from app_public.customers where email like $1",
      [`n_-${run}@direct.test`],
    );
    expect(written).toEqual([{ n: 0 }]);
  });

  it("answers an Int argument's mutation like grafast (a distribution qualification that is not there)", async () => {
    const input = { id: crypto.randomUUID(), executeOrder: 2 };
    const outcome = await bothWays("updateDistributionQualificationOrder", input, input);
    expect(outcome.direct.status).toBe("rejected");
    expect(outcome.direct).toEqual(outcome.grafast);
  });
});
