// The outbox's own behaviour with a scripted server (RxDB memory storage): durable first, order, batching,
// transient failures retried with backoff, an expired session pausing the sender, and never sending a stranger's
// commands. The real server's side is in tests/sync/outbox.test.ts.
import { addRxPlugin, createRxDatabase, type RxDatabase } from "rxdb";
import { RxDBLocalDocumentsPlugin } from "rxdb/plugins/local-documents";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { afterEach, describe, expect, it } from "vitest";
import type { WireCommand } from "../domain/wire.ts";
import { OUTBOX_SCHEMA } from "./models/index.ts";
import { outboxCommand } from "./outbox/fixture.ts";
import { commandSender, createOutbox, type Outbox, type OutboxCollection, type SendOutcome } from "./outbox.ts";

addRxPlugin(RxDBLocalDocumentsPlugin);

const USER = "11111111-1111-4111-8111-111111111111";
const ACCOUNT = "22222222-2222-4222-8222-222222222222";
let dbCounter = 0;
const open: Array<{ db: RxDatabase; outbox: Outbox }> = [];

async function outboxCollection(): Promise<{ db: RxDatabase; collection: OutboxCollection }> {
  const db = await createRxDatabase({ name: `outbox-unit-${++dbCounter}`, storage: getRxStorageMemory() });
  await db.addCollections({ outbox: { schema: OUTBOX_SCHEMA, localDocuments: true } });
  return { db, collection: db.collections.outbox as unknown as OutboxCollection };
}

type Script = (commands: WireCommand[], call: number) => SendOutcome | Promise<SendOutcome>;

interface SetupOptions {
  isOnline?: () => boolean;
  batchSize?: number;
  userId?: string;
  backoff?: { initialMs: number; maxMs: number };
}

async function setup(script: Script, options: SetupOptions = {}) {
  const { db, collection } = await outboxCollection();
  const sent: WireCommand[][] = [];
  const outbox = createOutbox({
    collection,
    userId: options.userId ?? USER,
    accountId: ACCOUNT,
    deviceId: "device-1",
    send: async (commands) => {
      sent.push(commands);
      return script(commands, sent.length);
    },
    isOnline: options.isOnline,
    batchSize: options.batchSize,
    backoff: options.backoff ?? { initialMs: 10, maxMs: 40 },
  });
  open.push({ db, outbox });
  return { db, collection, outbox, sent };
}

const acceptAll: Script = (commands) => ({
  kind: "answered",
  complete: true,
  results: commands.map((c) => ({ key: c.key, status: "accepted", errorCode: null, errorMessage: null })),
});

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

afterEach(async () => {
  for (const { db, outbox } of open.splice(0)) {
    outbox.stop();
    await db.remove();
  }
});

describe("outbox", () => {
  it("stores a command before sending it, and sends in sequence order in batches", async () => {
    let online = false;
    const { outbox, sent, collection } = await setup(acceptAll, { isOnline: () => online, batchSize: 2 });
    const a = await outbox.enqueue("makeCustomer", { input: { email: "a@x.test" } });
    const b = await outbox.enqueue("makeCustomer", { input: { email: "b@x.test" } });
    const c = await outbox.enqueue("makeCustomer", { input: { email: "c@x.test" } });
    // offline: durable, nothing sent
    expect(sent).toEqual([]);
    expect((await collection.findOne(a.id).exec())?.status).toBe("pending");
    expect([a.seq, b.seq, c.seq]).toEqual([1, 2, 3]);
    expect(a).toMatchObject({ userId: USER, accountId: ACCOUNT, deviceId: "device-1", mutation: "makeCustomer" });

    online = true;
    await outbox.flush();
    expect(sent.map((batch) => batch.map((command) => command.key))).toEqual([[a.id, b.id], [c.id]]);
    expect(await outbox.waitingCount()).toBe(0);
    expect((await collection.findOne(c.id).exec())?.status).toBe("accepted");
  });

  it("retries transient failures with backoff and keeps the commands pending meanwhile", async () => {
    const { outbox, sent } = await setup((commands, call) =>
      call < 3 ? { kind: "transient", reason: "HTTP 503" } : acceptAll(commands, call),
    );
    const states: string[] = [];
    outbox.state$.subscribe((state) => states.push(String(state.paused)));
    await outbox.enqueue("makeCustomer", { input: { email: "a@x.test" } });
    await until(async () => (await outbox.waitingCount()) === 0, "accepted after retries");
    expect(sent.length).toBe(3);
    expect(sent.every((batch) => batch.length === 1 && batch[0]?.key === sent[0]?.[0]?.key)).toBe(true);
    expect(states).toContain("retrying");
  });

  it("sends again at once when asked while a failing send was under way, instead of waiting out the pause", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { outbox, sent } = await setup(
      async (commands, call) => {
        if (call > 1) return acceptAll(commands, call);
        await gate;
        return { kind: "transient", reason: "network: Failed to fetch" };
      },
      { backoff: { initialMs: 60_000, maxMs: 60_000 } },
    );
    await outbox.enqueue("makeCustomer", { input: { email: "a@x.test" } });
    await until(() => sent.length === 1, "first send under way");
    // The network comes back while the first send is still failing: the app asks for a flush.
    void outbox.flush();
    release();
    await until(async () => (await outbox.waitingCount()) === 0, "sent again without the minute's pause");
    expect(sent.length).toBe(2);
  });

  it("does not let a rejection block the commands behind it", async () => {
    const { outbox, collection } = await setup((commands) => ({
      kind: "answered",
      complete: true,
      results: commands.map((c) =>
        (c.variables.input as { name?: string } | undefined)?.name === "bad"
          ? { key: c.key, status: "rejected", errorCode: "LL422", errorMessage: "Please enter a valid email address." }
          : { key: c.key, status: "accepted", errorCode: null, errorMessage: null },
      ),
    }));
    const first = await outbox.enqueue("makeCustomer", { input: { email: "c@x.test" } });
    const bad = await outbox.enqueue("makeCustomer", { input: { email: "c@x.test", name: "bad" } });
    const last = await outbox.enqueue("makeCustomer", { input: { email: "c@x.test" } });
    await until(async () => (await outbox.waitingCount()) === 0, "drained");
    const status = async (id: string) => (await collection.findOne(id).exec())?.toJSON();
    expect((await status(first.id))?.status).toBe("accepted");
    expect(await status(bad.id)).toMatchObject({ status: "rejected", errorCode: "LL422" });
    expect((await status(last.id))?.status).toBe("accepted");

    await outbox.discard(bad.id);
    expect(await status(bad.id)).toBeUndefined();
  });

  it("pauses on an expired session, keeps everything, and resumes after sign-in", async () => {
    let signedIn = false;
    const { outbox, sent } = await setup((commands, call) =>
      signedIn ? acceptAll(commands, call) : { kind: "unauthorized" },
    );
    let paused: string | null = null;
    outbox.state$.subscribe((state) => {
      paused = state.paused;
    });
    await outbox.enqueue("makeCustomer", { input: { email: "c@x.test" } });
    await outbox.flush();
    expect(paused).toBe("unauthorized");
    expect(await outbox.waitingCount()).toBe(1);
    const calls = sent.length;
    await outbox.flush();
    expect(sent.length).toBe(calls); // no hammering while signed out

    signedIn = true;
    outbox.resume();
    await until(async () => (await outbox.waitingCount()) === 0, "sent after resume");
  });

  it("never sends commands of another user or account", async () => {
    const { outbox, collection, sent } = await setup(acceptAll);
    await collection.insert(
      outboxCommand({
        id: "33333333-3333-4333-8333-333333333333",
        mutation: "makeCustomer",
        userId: "99999999-9999-4999-8999-999999999999",
        accountId: ACCOUNT,
        deviceId: "device-1",
        createdOn: new Date().toISOString(),
      }),
    );
    const mine = await outbox.enqueue("makeCustomer", { input: { email: "c@x.test" } });
    await outbox.flush();
    expect(sent.flat().map((command) => command.key)).toEqual([mine.id]);
    expect(mine.seq).toBe(2);
  });

  it("replaces a rejected command with a corrected one: a new key, sent once, the rejected one gone", async () => {
    // the scripted server refuses invitations over 100 units
    const { outbox, collection, sent } = await setup((commands) => ({
      kind: "answered",
      complete: true,
      results: commands.map((c) =>
        Number((c.variables.input as { amount?: string } | undefined)?.amount ?? 0) > 100
          ? { key: c.key, status: "rejected", errorCode: "LL422", errorMessage: "Too many units." }
          : { key: c.key, status: "accepted", errorCode: null, errorMessage: null },
      ),
    }));
    const input = { id: "d-1", allocationId: "al-1", accountEmail: "a@x.test", amount: "500", name: "A" };
    const bad = await outbox.enqueue("makeDistribution", { input });
    const behind = await outbox.enqueue("makeCustomer", { input: { id: "c-1", email: "c@x.test" } });
    await until(async () => (await outbox.waitingCount()) === 0, "drained");
    expect((await collection.findOne(bad.id).exec())?.toJSON()).toMatchObject({
      status: "rejected",
      errorMessage: "Too many units.",
    });

    // a pending or accepted command, or one that is not there, cannot be replaced; nothing changes
    await expect(outbox.resend(behind.id, { input: {} })).rejects.toThrow(/not rejected/);
    await expect(outbox.resend("no-such-key", { input: {} })).rejects.toThrow(/No command/);

    const sentBefore = sent.flat().length;
    const corrected = { input: { ...input, amount: "80" } };
    // asked twice at once (a double click): one replacement, the second finds nothing to replace
    const [first, second] = await Promise.allSettled([
      outbox.resend(bad.id, corrected),
      outbox.resend(bad.id, corrected),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second.status).toBe("rejected");
    const fixed = (first as PromiseFulfilledResult<Awaited<ReturnType<Outbox["resend"]>>>).value;
    expect(fixed).toMatchObject({
      mutation: "makeDistribution",
      variables: corrected,
      replaces: bad.id,
      status: "pending",
      errorCode: null,
      errorMessage: null,
    });
    expect(fixed.id).not.toBe(bad.id);
    expect(fixed.seq).toBeGreaterThan(behind.seq);
    expect(await collection.findOne(bad.id).exec()).toBeNull();

    await until(async () => (await outbox.waitingCount()) === 0, "corrected command sent");
    expect((await collection.findOne(fixed.id).exec())?.status).toBe("accepted");
    const resent = sent.flat().slice(sentBefore);
    expect(resent.map((c) => c.key)).toEqual([fixed.id]);
    expect(resent[0]?.variables).toEqual(corrected);
    // the rejected key was sent once, never again
    expect(sent.flat().filter((c) => c.key === bad.id)).toHaveLength(1);
    expect((await outbox.commands()).map((c) => c.id).sort()).toEqual([behind.id, fixed.id].sort());
  });

  it("continues the sequence after accepted commands are purged", async () => {
    const { outbox } = await setup(acceptAll);
    await outbox.enqueue("makeCustomer", { input: { email: "c@x.test" } });
    await outbox.enqueue("makeCustomer", { input: { email: "c@x.test" } });
    await until(async () => (await outbox.waitingCount()) === 0, "drained");
    expect(await outbox.purgeAccepted()).toBe(2);
    const next = await outbox.enqueue("makeCustomer", { input: { email: "c@x.test" } });
    expect(next.seq).toBe(3);
  });
});

describe("commandSender", () => {
  it("gives up on a request the server never answers, as a transient failure to retry", async () => {
    const silent: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const send = commandSender({ commandsUrl: "/api/v2/commands", fetch: silent }, { baseMs: 50, perCommandMs: 25 });
    const command: WireCommand = {
      key: "k1",
      mutation: "makeCustomer",
      variables: {},
      userId: USER,
      accountId: ACCOUNT,
      createdOn: new Date().toISOString(),
      deviceId: "device-1",
      seq: 1,
    };
    // The wait grows with the request: 50 ms + 25 ms for each of the two commands.
    const outcome = await send([command, { ...command, key: "k2", seq: 2 }]);
    expect(outcome).toEqual({ kind: "transient", reason: "network: no answer within 0.1 s" });
  });
});
