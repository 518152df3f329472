// The command outbox against the real server: exactly-once application through the command log, order, business
// rejections that do not block the queue, and a flush that survives a server restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LocalData } from "../../src/data/local-data.ts";
import { commandSender } from "../../src/data/outbox.ts";
import { overlayPending } from "../../src/data/pending.ts";
import type { WireCommand } from "../../src/domain/wire.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { eventually, openDevice, type SignedIn, signInAs, transportOf } from "./harness.ts";

let t: TestServer;
let issuer: SignedIn;
const devices: LocalData[] = [];

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test");
});

afterEach(async () => {
  for (const opened of devices.splice(0)) await opened.remove();
});

afterAll(async () => {
  await t?.close();
});

const run = Date.now().toString(36);
let emailCounter = 0;
const email = (tag: string) => `${tag}-${run}-${++emailCounter}@outbox.test`;

function customerCommand(who: SignedIn, address: string, seq = 1): WireCommand {
  return {
    key: crypto.randomUUID(),
    mutation: "makeCustomer",
    variables: { input: { id: crypto.randomUUID(), email: address, name: "Outbox Test" } },
    userId: who.userId,
    accountId: who.accountId,
    createdOn: new Date().toISOString(),
    deviceId: "outbox-test",
    seq,
  };
}

async function customersWithEmail(server: TestServer, pattern: string): Promise<Array<{ id: string; email: string }>> {
  const { rows } = await server.server.db.query<{ id: string; email: string }>(
    "select id, email from app_public.customers where email like $1 order by created_on, email",
    [pattern],
  );
  return rows;
}

describe("the command endpoint", () => {
  it("applies a command delivered twice exactly once and answers the second delivery from the log", async () => {
    const send = commandSender(transportOf(issuer.client, t.url));
    const command = customerCommand(issuer, email("twice"));
    const first = await send([command]);
    const second = await send([command]);
    expect(first).toEqual({
      kind: "answered",
      complete: true,
      results: [{ key: command.key, status: "accepted", errorCode: null, errorMessage: null }],
    });
    expect(second).toEqual(first);
    expect(await customersWithEmail(t, (command.variables.input as { email: string }).email)).toHaveLength(1);
    const { rows } = await t.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_private.command_log where idempotency_key = $1",
      [command.key],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("refuses a command made under another user or account, and applies nothing", async () => {
    const send = commandSender(transportOf(issuer.client, t.url));
    const other = await signInAs(t.client(), "investor@demo.test");
    const address = email("stranger");
    const command = { ...customerCommand(issuer, address), userId: other.userId, accountId: other.accountId };
    const answer = await send([command]);
    expect(answer).toMatchObject({
      kind: "answered",
      results: [{ key: command.key, status: "refused", errorCode: "LL403" }],
    });
    expect(await customersWithEmail(t, address)).toHaveLength(0);
  });

  it("answers 401 without a session, so the device keeps its commands", async () => {
    const send = commandSender(transportOf(t.client(), t.url));
    expect(await send([customerCommand(issuer, email("nosession"))])).toEqual({ kind: "unauthorized" });
  });
});

describe("the outbox", () => {
  it("keeps a rejected command with its reason and still applies the commands behind it", async () => {
    const data = await openDevice(issuer, t.url, { models: ["customers"] });
    devices.push(data);
    const good1 = email("good");
    const good2 = email("good");
    const first = await data.outbox.enqueue("makeCustomer", {
      input: { id: crypto.randomUUID(), email: good1, name: "Good One" },
    });
    const bad = await data.outbox.enqueue("makeCustomer", {
      input: { id: crypto.randomUUID(), email: "not-an-email", name: "Bad Email" },
    });
    const last = await data.outbox.enqueue("makeCustomer", {
      input: { id: crypto.randomUUID(), email: good2, name: "Good Two" },
    });
    await eventually(async () => (await data.outbox.waitingCount()) === 0, 10_000, "queue drained");

    const byKey = new Map((await data.outbox.commands()).map((command) => [command.id, command]));
    // accepted ones are purged once the replica shows them; the rejected one stays
    expect(byKey.get(bad.id)).toMatchObject({
      status: "rejected",
      errorCode: "LL422",
      errorMessage: "Please enter a valid email address.",
    });
    for (const accepted of [first, last]) expect(byKey.get(accepted.id)?.status ?? "purged").toMatch(/accepted|purged/);
    expect(await customersWithEmail(t, good1)).toHaveLength(1);
    expect(await customersWithEmail(t, good2)).toHaveLength(1);
    // the accepted commands' rows reach the replica
    const ids = [first, last].map((c) => (c.variables as { input: { id: string } }).input.id);
    await eventually(
      async () => (await data.db.customers.findByIds(ids).exec()).size === 2,
      5_000,
      "customers replicated",
    );

    // fixing and resending the rejected command applies it (a new key: the old one stays rejected on the server)
    const fixedAddress = email("fixed");
    const fixed = await data.outbox.resend(bad.id, {
      input: { ...(bad.variables as { input: object }).input, email: fixedAddress },
    });
    expect(fixed.replaces).toBe(bad.id);
    await eventually(
      async () => (await customersWithEmail(t, fixedAddress)).length === 1,
      10_000,
      "fixed command applied",
    );
    expect((await data.outbox.commands()).some((c) => c.id === bad.id)).toBe(false);
  });

  it("applies 1,000 queued commands exactly once and in order", async () => {
    let online = false;
    const data = await openDevice(issuer, t.url, { models: ["customers"], isOnline: () => online });
    devices.push(data);
    const tag = `bulk-${run}`;
    for (let i = 0; i < 1000; i++) {
      const address = `${tag}-${String(i).padStart(4, "0")}@outbox.test`;
      await data.outbox.enqueue("makeCustomer", { input: { id: crypto.randomUUID(), email: address, name: "Queued" } });
    }
    // offline: stored, nothing sent
    expect(await data.outbox.waitingCount()).toBe(1000);
    expect(await customersWithEmail(t, `${tag}-%`)).toHaveLength(0);

    online = true;
    await data.outbox.flush();
    await eventually(async () => (await data.outbox.waitingCount()) === 0, 120_000, "1,000 commands sent");

    const { rows } = await t.server.db.query<{ email: string; device_seq: string; status: string }>(
      `select c.variables->'input'->>'email' as email, c.device_seq::text, c.status
       from app_private.command_log c where c.variables->'input'->>'email' like $1
       order by c.applied_on, c.device_seq`,
      [`${tag}-%`],
    );
    expect(rows).toHaveLength(1000);
    expect(rows.every((row) => row.status === "accepted")).toBe(true);
    // applied in the order they were made
    const emails = rows.map((row) => row.email);
    expect(emails).toEqual([...emails].sort());
    const seqs = rows.map((row) => Number(row.device_seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(1000);
    expect(await customersWithEmail(t, `${tag}-%`)).toHaveLength(1000);
  }, 180_000);

  it("never shows an accepted change's old value: the command leaves the outbox only once the replica has it", async () => {
    const data = await openDevice(issuer, t.url, { models: ["customers"] });
    devices.push(data);
    await data.replication.awaitInitialReplication();
    const id = crypto.randomUUID();
    await data.outbox.enqueue("makeCustomer", { input: { id, email: email("flip"), name: "Before" } });
    await eventually(async () => (await data.db.customers.findOne(id).exec())?.name === "Before", 10_000, "created");
    // What a screen shows: the replica with the outbox overlaid, sampled while the update travels and is pulled.
    const shown = async () => {
      const docs = (await data.db.customers.find().exec()).map((doc) => doc.toJSON() as { id: string; name: string });
      const rows = overlayPending("customers", docs, await data.outbox.commands());
      return rows.find((row) => row.id === id)?.name;
    };
    const update = await data.outbox.enqueue("updateCustomerById", { input: { id, patch: { name: "After" } } });
    const seen: Array<string | undefined> = [];
    const deadline = Date.now() + 15_000;
    for (;;) {
      seen.push(await shown());
      const left = !(await data.outbox.commands()).some((command) => command.id === update.id);
      if (left) break;
      expect(Date.now(), "the accepted command leaves the outbox").toBeLessThan(deadline);
      // the memory storage answers in microtasks: give the network its turn
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    seen.push(await shown());
    expect(new Set(seen)).toEqual(new Set(["After"]));
    expect((await data.db.customers.findOne(id).exec())?.name).toBe("After");
  });
});

describe("a database failure in the middle of a request", () => {
  it("keeps the commands the server did not commit and applies every command exactly once", async () => {
    // The server applies a request's commands a few dozen per transaction; its database connection fails once, at
    // the 75th command's mutation of the flush (a test double around the server's PGlite transactions): the server
    // answers 503 with the results of the transactions it committed before, and the device resends the rest.
    const pglite = (t.server.db as unknown as { pglite: PGlite }).pglite;
    const original = pglite.transaction;
    const transaction = original.bind(pglite);
    let mutations = 0;
    let failed = false;
    pglite.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const query = tx.query.bind(tx);
        const failing = Object.create(tx) as Transaction;
        failing.query = (async (text: string, ...rest: unknown[]) => {
          if (!failed && text.includes("make_customer") && ++mutations === 75) {
            failed = true;
            throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
          }
          return (query as (...args: unknown[]) => unknown)(text, ...rest);
        }) as Transaction["query"];
        return callback(failing);
      })) as PGlite["transaction"];
    try {
      let online = false;
      const data = await openDevice(issuer, t.url, { models: ["customers"], isOnline: () => online });
      devices.push(data);
      const tag = `midway-${run}`;
      for (let i = 0; i < 150; i++) {
        await data.outbox.enqueue("makeCustomer", {
          input: { id: crypto.randomUUID(), email: `${tag}-${String(i).padStart(4, "0")}@outbox.test`, name: "Queued" },
        });
      }
      online = true;
      await data.outbox.flush();
      await eventually(async () => (await data.outbox.waitingCount()) === 0, 60_000, "queue drained after the failure");
      expect(failed).toBe(true);
      expect(await customersWithEmail(t, `${tag}-%`)).toHaveLength(150);
      const { rows } = await t.server.db.query<{ n: number; keys: number; accepted: number }>(
        `select count(*)::int as n, count(distinct idempotency_key)::int as keys,
                count(*) filter (where status = 'accepted')::int as accepted
         from app_private.command_log where variables->'input'->>'email' like $1`,
        [`${tag}-%`],
      );
      expect(rows[0]).toEqual({ n: 150, keys: 150, accepted: 150 });
    } finally {
      pglite.transaction = original;
    }
  }, 120_000);
});

describe("a server restart in the middle of a flush", () => {
  it("loses nothing and applies nothing twice", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "ll-outbox-restart-"));
    let server = await startTestServer({ dataDir });
    const port = server.server.port;
    try {
      const who = await signInAs(server.client(), "issuer@demo.test");
      let online = false;
      const data = await openDevice(who, server.url, { models: ["customers"], isOnline: () => online });
      devices.push(data);
      const tag = `restart-${run}`;
      for (let i = 0; i < 300; i++) {
        await data.outbox.enqueue("makeCustomer", {
          input: { id: crypto.randomUUID(), email: `${tag}-${String(i).padStart(4, "0")}@outbox.test`, name: "Queued" },
        });
      }
      online = true;
      const flushing = data.outbox.flush();
      // stop the server as soon as the first commands are applied
      await eventually(
        async () => (await customersWithEmail(server, `${tag}-%`)).length > 0,
        30_000,
        "first commands applied",
      );
      await server.close();
      await flushing;
      const waitingAfterStop = await data.outbox.waitingCount();
      expect(waitingAfterStop).toBeGreaterThan(0);

      server = await startTestServer({ dataDir, port });
      // the device retries on its own (backoff) with the same session cookie: sessions live in the database
      await eventually(async () => (await data.outbox.waitingCount()) === 0, 60_000, "queue drained after restart");
      expect(await customersWithEmail(server, `${tag}-%`)).toHaveLength(300);
      const { rows } = await server.server.db.query<{ n: number; keys: number }>(
        `select count(*)::int as n, count(distinct idempotency_key)::int as keys from app_private.command_log
         where variables->'input'->>'email' like $1`,
        [`${tag}-%`],
      );
      expect(rows[0]).toEqual({ n: 300, keys: 300 });
    } finally {
      for (const opened of devices.splice(0)) await opened.remove();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
