// POST /api/v2/commands applies a request's commands a few dozen per transaction (sync/replication/commands.ts):
// a rejection undoes only its own writes, a resent request is answered from the log, a database failure in the
// middle answers 503 with what committed and the resend applies the rest exactly once; on PGlite and, when the
// binaries are installed, on a throwaway PostgreSQL cluster (with concurrent deliveries of the same request).
import type { PGlite, Transaction } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../src/domain/wire.ts";
import { NUL_MESSAGE } from "../../sync/replication/commands.ts";
import { type PgCluster, pgClusterAvailable, startPgCluster } from "../helpers/pg-cluster.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

const run = Date.now().toString(36);
let counter = 0;
const address = (tag: string) => `${tag}-${run}-${String(++counter).padStart(4, "0")}@commands.test`;

interface Wire {
  key: string;
  mutation: string;
  variables: Record<string, unknown>;
  userId: string;
  accountId: string;
  createdOn: string;
  deviceId: string;
  seq: number;
}

let seq = 0;
function makeCustomer(who: SignedIn, email: string, id: string = crypto.randomUUID()): Wire {
  return {
    key: crypto.randomUUID(),
    mutation: "makeCustomer",
    variables: { input: { id, email, name: "Batch Test" } },
    userId: who.userId,
    accountId: who.accountId,
    createdOn: new Date().toISOString(),
    deviceId: "commands-batch-test",
    seq: ++seq,
  };
}

async function post(client: TestClient, commands: Wire[]): Promise<{ status: number; results: CommandResult[] }> {
  const response = await client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(commands),
  });
  const body = (await response.json()) as { results?: CommandResult[] };
  return { status: response.status, results: body.results ?? [] };
}

const accepted = (command: Wire): CommandResult => ({
  key: command.key,
  status: "accepted",
  errorCode: null,
  errorMessage: null,
});

async function count(t: TestServer, sql: string, values: unknown[]): Promise<number> {
  const { rows } = await t.server.db.query<{ n: number }>(sql, values);
  return Number(rows[0]?.n ?? -1);
}

const customers = (t: TestServer, pattern: string) =>
  count(t, "select count(*)::int as n from app_public.customers where email like $1", [pattern]);
const logRows = (t: TestServer, keys: string[]) =>
  count(t, "select count(*)::int as n from app_private.command_log where idempotency_key = any($1::uuid[])", [keys]);

/** The behaviour both databases must show. */
function sharedCases(server: () => TestServer, issuer: () => SignedIn) {
  it("undoes only a rejected command's own writes: the commands before and behind it in the request apply", async () => {
    const t = server();
    const id = crypto.randomUUID();
    const first = makeCustomer(issuer(), address("first"), id);
    const clashing = address("clash");
    // the same entity id again: make_customer creates the investor account for the email, then fails on the id
    const sameId = makeCustomer(issuer(), clashing, id);
    const badEmail = makeCustomer(issuer(), "not-an-email");
    const last = makeCustomer(issuer(), address("last"));
    const answer = await post(issuer().client, [first, sameId, badEmail, last]);

    expect(answer.status).toBe(200);
    expect(answer.results).toEqual([
      accepted(first),
      { key: sameId.key, status: "rejected", errorCode: "LL409", errorMessage: expect.any(String) },
      {
        key: badEmail.key,
        status: "rejected",
        errorCode: "LL422",
        errorMessage: "Please enter a valid email address.",
      },
      accepted(last),
    ]);
    expect(await customers(t, `first-${run}-%`)).toBeGreaterThan(0);
    const { rows } = await t.server.db.query<{ email: string }>(
      "select email from app_public.customers where id = $1",
      [id],
    );
    expect(rows.map((row) => row.email)).toEqual([(first.variables.input as { email: string }).email]);
    expect(
      await count(t, "select count(*)::int as n from app_public.accounts where lower(email) = $1", [clashing]),
    ).toBe(0);
    const log = await t.server.db.query<{ key: string; status: string; error_code: string | null }>(
      `select idempotency_key::text as key, status, error_code from app_private.command_log
       where idempotency_key = any($1::uuid[]) order by device_seq`,
      [[first.key, sameId.key, badEmail.key, last.key]],
    );
    expect(log.rows).toEqual([
      { key: first.key, status: "accepted", error_code: null },
      { key: sameId.key, status: "rejected", error_code: "LL409" },
      { key: badEmail.key, status: "rejected", error_code: "LL422" },
      { key: last.key, status: "accepted", error_code: null },
    ]);
  });

  it("rejects a command whose text holds U+0000 with its reason and applies the commands behind it", async () => {
    const t = server();
    const before = makeCustomer(issuer(), address("nul-before"));
    const nul = makeCustomer(issuer(), address("nul"));
    (nul.variables.input as { name: string }).name = "Ada\u0000Lovelace";
    const behind = makeCustomer(issuer(), address("nul-behind"));
    const answer = await post(issuer().client, [before, nul, behind]);

    expect(answer.status).toBe(200);
    expect(answer.results).toEqual([
      accepted(before),
      { key: nul.key, status: "rejected", errorCode: "LL422", errorMessage: NUL_MESSAGE },
      accepted(behind),
    ]);
    expect(await customers(t, `nul-${run}-%`)).toBe(0);
    expect(await customers(t, `nul-behind-${run}-%`)).toBe(1);
    // the device sends it again (its answer was lost): the same answer from the log, nothing applied
    expect(await post(issuer().client, [nul])).toEqual({ status: 200, results: [answer.results[1]] });
    const { rows } = await t.server.db.query<{ name: string }>(
      "select variables #>> '{input,name}' as name from app_private.command_log where idempotency_key = $1",
      [nul.key],
    );
    expect(rows).toEqual([{ name: "Ada\ufffdLovelace" }]);
  });

  it("answers a resent request from the log with the same answers, applying nothing twice", async () => {
    const t = server();
    const tag = `resent-${run}`;
    const commands = Array.from({ length: 60 }, (_, i) =>
      makeCustomer(issuer(), i === 30 ? "still-not-an-email" : `${tag}-${i}@commands.test`),
    );
    const first = await post(issuer().client, commands);
    expect(first.status).toBe(200);
    expect(first.results.map((result) => result.status)).toEqual(
      commands.map((_, i) => (i === 30 ? "rejected" : "accepted")),
    );
    // the answer was lost on its way: the device sends the same request again
    const second = await post(issuer().client, commands);
    expect(second).toEqual(first);
    expect(await customers(t, `${tag}-%`)).toBe(59);
    expect(
      await logRows(
        t,
        commands.map((command) => command.key),
      ),
    ).toBe(60);
  });

  it("runs a key sent twice in one request once, and answers both the same", async () => {
    const t = server();
    const email = address("twice");
    const command = makeCustomer(issuer(), email);
    const other = makeCustomer(issuer(), address("between"));
    const answer = await post(issuer().client, [command, other, command]);
    expect(answer).toEqual({ status: 200, results: [accepted(command), accepted(other), accepted(command)] });
    expect(await customers(t, email)).toBe(1);
    expect(await logRows(t, [command.key])).toBe(1);
  });

  it("refuses another user's or account's command in a request and applies the others", async () => {
    const t = server();
    const mine = makeCustomer(issuer(), address("mine"));
    const strangerEmail = address("stranger");
    const stranger = { ...makeCustomer(issuer(), strangerEmail), userId: crypto.randomUUID() };
    const answer = await post(issuer().client, [stranger, mine]);
    expect(answer.results).toEqual([
      { key: stranger.key, status: "refused", errorCode: "LL403", errorMessage: expect.any(String) },
      accepted(mine),
    ]);
    expect(await customers(t, strangerEmail)).toBe(0);
    expect(await logRows(t, [stranger.key])).toBe(0);
  });

  it("notifies the change stream when a request's commands commit", async () => {
    const ws = issuer().client.ws();
    try {
      const received = new Promise<{ table: string }>((resolve, reject) => {
        ws.subscribe<{ changes: { table: string } }>(
          { query: "subscription { changes { table } }" },
          {
            next: (value) => {
              if (value.data?.changes.table === "customers") resolve(value.data.changes);
            },
            error: reject,
            complete: () => reject(new Error("subscription ended")),
          },
        );
      });
      let done = false;
      void received.then(() => {
        done = true;
      });
      // the subscription starts asynchronously: send requests until one's notification arrives
      for (let round = 0; !done && round < 40; round++) {
        const answer = await post(issuer().client, [makeCustomer(issuer(), address("stream"))]);
        expect(answer.status).toBe(200);
        await Promise.race([received, new Promise((resolve) => setTimeout(resolve, 250))]);
      }
      expect(await received).toEqual({ table: "customers" });
    } finally {
      await ws.dispose();
    }
  });
}

describe("commands on PGlite", () => {
  let t: TestServer;
  let issuer: SignedIn;

  beforeAll(async () => {
    t = await startTestServer();
    issuer = await signInAs(t.client(), "issuer@demo.test");
  });
  afterAll(async () => {
    await t?.close();
  });

  sharedCases(
    () => t,
    () => issuer,
  );

  it("on a database failure mid-request answers 503 with what committed; the resend applies the rest exactly once", async () => {
    const tag = `failure-${run}`;
    const commands = Array.from({ length: 200 }, (_, i) =>
      makeCustomer(issuer, `${tag}-${String(i).padStart(3, "0")}@commands.test`),
    );
    // The database connection fails at the 150th command's mutation, past the first transaction (at most 100
    // commands on PGlite): a test double of the server's PGlite transaction, every statement runs for real until then.
    const pglite = (t.server.db as unknown as { pglite: PGlite }).pglite;
    const original = pglite.transaction;
    const transaction = original.bind(pglite);
    let mutations = 0;
    pglite.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const query = tx.query.bind(tx);
        const failing = Object.create(tx) as Transaction;
        failing.query = (async (text: string, ...rest: unknown[]) => {
          if (text.includes("make_customer") && ++mutations === 150) {
            throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
          }
          return (query as (...args: unknown[]) => unknown)(text, ...rest);
        }) as Transaction["query"];
        return callback(failing);
      })) as PGlite["transaction"];
    let answer: { status: number; results: CommandResult[] };
    try {
      answer = await post(issuer.client, commands);
    } finally {
      pglite.transaction = original;
    }

    expect(answer.status).toBe(503);
    // what committed before the failing transaction: a prefix, all applied; the failing transaction left nothing
    const committed = answer.results.length;
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(150);
    expect(answer.results).toEqual(commands.slice(0, committed).map(accepted));
    expect(await customers(t, `${tag}-%`)).toBe(committed);
    expect(
      await logRows(
        t,
        commands.map((command) => command.key),
      ),
    ).toBe(committed);

    const resent = await post(issuer.client, commands);
    expect(resent).toEqual({ status: 200, results: commands.map(accepted) });
    expect(await customers(t, `${tag}-%`)).toBe(200);
    expect(
      await logRows(
        t,
        commands.map((command) => command.key),
      ),
    ).toBe(200);
  });
});

describe.runIf(pgClusterAvailable)("commands on PostgreSQL", () => {
  let cluster: PgCluster;
  let t: TestServer;
  let issuer: SignedIn;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ledgerline_commands_test");
    await admin.end();
    t = await startTestServer({ databaseUrl: cluster.urlFor("ledgerline_commands_test"), seedDemo: true });
    issuer = await signInAs(t.client(), "issuer@demo.test");
  });
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
  });

  sharedCases(
    () => t,
    () => issuer,
  );

  it("answers only once a pull can bring the commands' effects, even while an older transaction is open", async () => {
    // A transaction that started writing before the command holds the pull's safe watermark below the command's
    // changes: a device that pulled right after the answer would not get them yet. The answer waits for it.
    const other = new pg.Client({ connectionString: cluster.urlFor("ledgerline_commands_test") });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_current_xact_id()");
      const email = address("watermark");
      const command = makeCustomer(issuer, email);
      let answeredAt = 0;
      const answer = post(issuer.client, [command]).then((result) => {
        answeredAt = Date.now();
        return result;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(answeredAt, "no answer while the older transaction is open").toBe(0);
      await other.query("commit");
      expect((await answer).results).toEqual([accepted(command)]);
      // a pull from the start now brings the new contact
      const { rows } = await t.server.db.query<{ n: number }>(
        "select count(*)::int as n from app_private.changes c join app_public.customers x on x.id = c.doc_id where c.model = 'customers' and x.email = $1 and c.txid < pg_snapshot_xmin(pg_current_snapshot())",
        [email],
      );
      expect(rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await other.end();
    }
  });

  it("applies a request delivered twice at the same time once, and answers both deliveries the same", async () => {
    const tag = `concurrent-${run}`;
    const commands = Array.from({ length: 80 }, (_, i) =>
      makeCustomer(issuer, i === 10 ? "no-email-here" : `${tag}-${String(i).padStart(3, "0")}@commands.test`),
    );
    const [one, two] = await Promise.all([post(issuer.client, commands), post(issuer.client, commands)]);
    expect(one.status).toBe(200);
    expect(two).toEqual(one);
    expect(one.results.map((result) => result.status)).toEqual(
      commands.map((_, i) => (i === 10 ? "rejected" : "accepted")),
    );
    expect(await customers(t, `${tag}-%`)).toBe(79);
    expect(
      await logRows(
        t,
        commands.map((command) => command.key),
      ),
    ).toBe(80);
  });
});
