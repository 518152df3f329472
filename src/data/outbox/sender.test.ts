// The outbox's sender loop over an in-memory store and a scripted server: batches in order until the queue is
// empty, offline and not-the-sender pauses, transient failures retried after the backoff's delay (reset on
// success), a partly answered request retried, an expired session or a refusal pausing until resume(), accepted
// commands announced (throttled while a queue drains), a flush asked for mid-drain, a storage failure retried.
import { afterEach, describe, expect, it } from "vitest";
import type { CommandResult, WireCommand } from "../../domain/wire.ts";
import type { OutboxCommand } from "../models/outbox.ts";
import { createBackoff } from "./backoff.ts";
import type { SendOutcome } from "./command-sender.ts";
import { outboxCommand } from "./fixture.ts";
import type { HeldCommands } from "./order.ts";
import { createSender, type Sender, type SenderState } from "./sender.ts";
import type { OutboxStore } from "./store.ts";

type Script = (commands: WireCommand[], call: number) => SendOutcome | Promise<SendOutcome>;

function fakeStore(count: number) {
  const commands: OutboxCommand[] = Array.from({ length: count }, (_, i) =>
    outboxCommand({
      id: `key-${i + 1}`,
      mutation: "makeCustomer",
      variables: { input: { email: `c${i + 1}@x.test` } },
      seq: i + 1,
      createdOn: "2026-01-01T00:00:00.000Z",
    }),
  );
  let failNext = false;
  const store: Pick<OutboxStore, "pendingBatch" | "record"> = {
    async pendingBatch(limit) {
      if (failNext) {
        failNext = false;
        throw new Error("storage is gone");
      }
      return commands.filter((c) => c.status === "pending").slice(0, limit);
    },
    async record(batch, results: readonly CommandResult[]) {
      const accepted: string[] = [];
      let refused = false;
      for (const result of results) {
        const command = commands.find((c) => c.id === result.key && batch.some((b) => b.id === c.id));
        if (!command) continue;
        if (result.status === "refused") {
          refused = true;
          continue;
        }
        command.status = result.status;
        if (result.status === "accepted") accepted.push(command.id);
      }
      return { accepted, refused };
    },
  };
  return {
    store,
    commands,
    failOnce: () => {
      failNext = true;
    },
  };
}

const accepted = (commands: WireCommand[]): Extract<SendOutcome, { kind: "answered" }> => ({
  kind: "answered",
  complete: true,
  results: commands.map((c) => ({ key: c.key, status: "accepted", errorCode: null, errorMessage: null })),
});

const senders: Sender[] = [];
afterEach(() => {
  for (const sender of senders.splice(0)) sender.stop();
});

function setup(
  script: Script,
  options: {
    count?: number;
    online?: () => boolean;
    isSender?: () => boolean;
    noticeMs?: number;
    held?: () => Promise<HeldCommands>;
  } = {},
) {
  const { store, commands, failOnce } = fakeStore(options.count ?? 5);
  const sent: WireCommand[][] = [];
  const state: SenderState = { paused: null, nextRetryOn: null, lastAcceptedOn: null };
  const notices: string[][] = [];
  const backoff = createBackoff({ initialMs: 20, maxMs: 80 }, () => 0.999_999);
  const sender = createSender({
    store,
    send: async (batch) => {
      sent.push(batch);
      return script(batch, sent.length);
    },
    backoff,
    setState: (patch) => Object.assign(state, patch),
    isOnline: options.online ?? (() => true),
    isSender: options.isSender ?? (() => true),
    held: options.held,
    batchSize: 2,
    onAccepted: (keys) => notices.push(keys),
    acceptedNoticeMs: options.noticeMs ?? 0,
    now: () => new Date("2026-01-01T00:00:00.000Z"),
  });
  senders.push(sender);
  return { sender, sent, state, notices, commands, backoff, failOnce };
}

/** Each held command's files (the fake store's keys stand for both). */
const heldFor = (keys: ReadonlySet<string>): HeldCommands => new Map([...keys].map((key) => [key, [`file-of-${key}`]]));

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("outbox sender", () => {
  it("holds a command whose file waits, sends the others in order, and sends it once the file is uploaded", async () => {
    const waitingFiles = new Set(["key-1", "key-3"]);
    const { sender, sent, state, commands } = setup(accepted, { held: async () => heldFor(waitingFiles) });
    await sender.flush();
    expect(sent.map((batch) => batch.map((c) => c.seq))).toEqual([[2, 4], [5]]);
    expect(commands.filter((c) => c.status === "pending").map((c) => c.id)).toEqual(["key-1", "key-3"]);
    expect(state.paused).toBeNull();
    waitingFiles.delete("key-3"); // its file was uploaded
    await sender.flush();
    expect(sent.map((batch) => batch.map((c) => c.seq))).toEqual([[2, 4], [5], [3]]);
    waitingFiles.clear();
    await sender.flush();
    expect(sent.at(-1)?.map((c) => c.seq)).toEqual([1]);
    expect(commands.every((c) => c.status === "accepted")).toBe(true);
  });

  it("holds the later commands that name a held command's record or file, and sends the unrelated ones past them", async () => {
    const waitingFiles = new Set(["key-1"]);
    const { sender, sent, commands } = setup(accepted, { count: 8, held: async () => heldFor(waitingFiles) });
    // key-1 makes template tpl-1 from its file; key-2..key-5 name it, its file or each other; key-6..key-8 do not
    commands[0]!.variables = { input: { id: "tpl-1", fileKey: "slot-1" } };
    commands[1]!.variables = { input: { id: "map-1", templateId: "tpl-1" } };
    commands[2]!.variables = { input: { id: "role-1", patch: { mappedTemplateId: "map-1" } } };
    commands[3]!.variables = { input: { files: ["file-of-key-1"] } };
    commands[4]!.variables = { input: { id: "map-1", patch: { name: "Renamed" } } };
    await sender.flush();
    // four commands waiting behind the file fill the first windows: the sender reads further for the unrelated ones
    expect(sent.map((batch) => batch.map((c) => c.seq))).toEqual([[6, 7], [8]]);
    waitingFiles.clear(); // the file is uploaded: the held command, then those behind it, in order
    await sender.flush();
    expect(sent.map((batch) => batch.map((c) => c.seq))).toEqual([[6, 7], [8], [1, 2], [3, 4], [5]]);
    expect(commands.every((c) => c.status === "accepted")).toBe(true);
  });

  it("sends pending commands in order, in batches, until none is left", async () => {
    const { sender, sent, state, commands } = setup(accepted);
    await sender.flush();
    expect(sent.map((batch) => batch.map((c) => c.seq))).toEqual([[1, 2], [3, 4], [5]]);
    expect(sent[0]?.[0]).toEqual({
      key: "key-1",
      mutation: "makeCustomer",
      variables: { input: { email: "c1@x.test" } },
      userId: "u",
      accountId: "a",
      createdOn: "2026-01-01T00:00:00.000Z",
      deviceId: "d",
      seq: 1,
    });
    expect(commands.every((c) => c.status === "accepted")).toBe(true);
    expect(state).toEqual({ paused: null, nextRetryOn: null, lastAcceptedOn: "2026-01-01T00:00:00.000Z" });
  });

  it("sends nothing offline or from a page that is not the sender", async () => {
    let online = false;
    const offline = setup(accepted, { online: () => online });
    await offline.sender.flush();
    expect(offline.sent).toEqual([]);
    expect(offline.state.paused).toBe("offline");
    online = true;
    offline.sender.online();
    await until(() => offline.commands.every((c) => c.status === "accepted"), "sent once online");

    const follower = setup(accepted, { isSender: () => false });
    await follower.sender.flush();
    expect(follower.sent).toEqual([]);
  });

  it("retries a transient failure after the backoff's delay, and starts the backoff again after a success", async () => {
    const { sender, sent, state, commands, backoff } = setup((batch, call) =>
      call <= 2 ? { kind: "transient", reason: "HTTP 502" } : accepted(batch),
    );
    await sender.flush();
    expect(state.paused).toBe("retrying");
    expect(state.nextRetryOn).toBe("2026-01-01T00:00:00.020Z");
    await until(() => sent.length === 2, "first retry");
    await until(() => state.nextRetryOn === "2026-01-01T00:00:00.040Z", "second delay doubled");
    await until(() => commands.every((c) => c.status === "accepted"), "drained after the retries");
    expect(backoff.failures).toBe(0);
    expect(state.paused).toBeNull();
  });

  it("retries what a partly answered request (HTTP 503) left, and nothing twice", async () => {
    const { sender, sent, commands } = setup((batch, call) =>
      call === 1 ? { ...accepted(batch.slice(0, 1)), complete: false } : accepted(batch),
    );
    await sender.flush();
    await until(() => commands.every((c) => c.status === "accepted"), "drained");
    expect(sent.flat().map((c) => c.seq)).toEqual([1, 2, 2, 3, 4, 5]);
  });

  it("pauses on an expired session or a refusal until resume(), without hammering the server", async () => {
    let signedIn = false;
    const { sender, sent, state, commands } = setup((batch) => (signedIn ? accepted(batch) : { kind: "unauthorized" }));
    await sender.flush();
    expect(state.paused).toBe("unauthorized");
    await sender.flush();
    expect(sent).toHaveLength(1);
    signedIn = true;
    sender.resume();
    await until(() => commands.every((c) => c.status === "accepted"), "sent after resume");

    const refusing = setup((batch) => ({
      kind: "answered",
      complete: true,
      results: batch.map((c) => ({ key: c.key, status: "refused", errorCode: "LL403", errorMessage: "Not yours." })),
    }));
    await refusing.sender.flush();
    expect(refusing.state.paused).toBe("unauthorized");
    expect(refusing.commands.every((c) => c.status === "pending")).toBe(true);
  });

  it("announces accepted commands at most every acceptedNoticeMs while draining, and once at the end", async () => {
    const throttled = setup(accepted, { noticeMs: 60_000 });
    await throttled.sender.flush();
    // the first batch is announced at once (nothing was announced before), the rest together at the end
    expect(throttled.notices).toEqual([
      ["key-1", "key-2"],
      ["key-3", "key-4", "key-5"],
    ]);
    const every = setup(accepted, { noticeMs: 0 });
    await every.sender.flush();
    expect(every.notices).toEqual([["key-1", "key-2"], ["key-3", "key-4"], ["key-5"]]);
  });

  it("drains again when a flush is asked for mid-drain, and retries after a storage failure", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { sender, sent, commands, state, failOnce } = setup(async (batch, call) => {
      if (call === 1) await gate;
      return accepted(batch);
    });
    const first = sender.flush();
    const second = sender.flush();
    expect(second).toBe(first);
    release();
    await first;
    expect(commands.every((c) => c.status === "accepted")).toBe(true);
    expect(sent).toHaveLength(3);

    commands.push({ ...commands[0]!, id: "key-6", seq: 6, status: "pending" });
    failOnce();
    await sender.flush();
    expect(state.paused).toBe("retrying");
    await until(() => commands.every((c) => c.status === "accepted"), "sent after the storage came back");
  });

  it("does nothing once stopped", async () => {
    const { sender, sent } = setup(accepted);
    sender.stop();
    await sender.flush();
    expect(sent).toEqual([]);
  });
});
