// From the change stream to pulls: a reSync opens a new epoch of each collection it pulls; a burst of notifications
// pulls a model at most every interval (the last always followed by a pull); a (re)connection pulls every model; an
// event's documents are written without a pull, a missed event pulls every model, and a model whose documents come in
// the stream is still pulled every few minutes (its checkpoint).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STREAM_RESYNC_TABLE } from "../../domain/wire.ts";
import type { openChangeStream } from "../change-stream.ts";
import type { ReadModelName } from "../models/index.ts";
import type { SyncTransport } from "../transport.ts";
import {
  CHECKPOINT_PULL_MS,
  createReSync,
  STREAM_RESYNC_INTERVAL_MS,
  startStreamReSync,
  throttleReSync,
} from "./stream-resync.ts";

const notice = (table: string) => ({ table, documents: null, missed: false });

function states(...models: ReadModelName[]) {
  const pulled: ReadModelName[] = [];
  const map = new Map(models.map((model) => [model, { reSync: () => pulled.push(model) }] as const));
  return { map, pulled };
}

describe("reSync epochs", () => {
  it("pulls one collection or all, each in a new epoch, after its hook", () => {
    const { map, pulled } = states("customers", "holdings");
    const hooked: string[] = [];
    const sync = createReSync(map, (model) => hooked.push(`${model}@${sync.epochOf(model)}`));
    expect(sync.epochOf("customers")).toBe(0);
    sync.reSync("holdings");
    expect(pulled).toEqual(["holdings"]);
    expect([sync.epochOf("customers"), sync.epochOf("holdings")]).toEqual([0, 1]);
    sync.reSync();
    expect(pulled).toEqual(["holdings", "customers", "holdings"]);
    expect([sync.epochOf("customers"), sync.epochOf("holdings")]).toEqual([1, 2]);
    expect(hooked).toEqual(["holdings@0", "customers@0", "holdings@1"]);
  });
});

describe("stream pulls", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("pulls at once, then at most every interval during a burst, the last notification always followed by a pull", () => {
    const pulled: ReadModelName[] = [];
    const throttle = throttleReSync((model) => pulled.push(model));
    throttle.changed("customers");
    expect(pulled).toEqual(["customers"]);
    vi.advanceTimersByTime(100);
    throttle.changed("customers");
    throttle.changed("customers");
    // another model is not held back
    throttle.changed("holdings");
    expect(pulled).toEqual(["customers", "holdings"]);
    vi.advanceTimersByTime(STREAM_RESYNC_INTERVAL_MS - 101);
    expect(pulled).toEqual(["customers", "holdings"]);
    vi.advanceTimersByTime(1);
    expect(pulled).toEqual(["customers", "holdings", "customers"]);
    vi.advanceTimersByTime(STREAM_RESYNC_INTERVAL_MS * 3);
    expect(pulled).toHaveLength(3);
    throttle.changed("customers");
    expect(pulled).toHaveLength(4);
  });

  it("pulls nothing after stop, not even a pull it was holding back", () => {
    const pulled: ReadModelName[] = [];
    const throttle = throttleReSync((model) => pulled.push(model));
    throttle.changed("customers");
    throttle.changed("customers");
    throttle.stop();
    vi.advanceTimersByTime(STREAM_RESYNC_INTERVAL_MS * 2);
    throttle.changed("customers");
    expect(pulled).toEqual(["customers"]);
  });

  it("follows the change stream: read models pulled, other tables ignored, every connection and a resync pull all", async () => {
    let handlers: Parameters<typeof openChangeStream>[0] | null = null;
    let closed = false;
    const open = ((options) => {
      handlers = options;
      return {
        client: null as never,
        close: async () => {
          closed = true;
        },
      };
    }) as typeof openChangeStream;
    const pulls: Array<ReadModelName | "all"> = [];
    const connection: boolean[] = [];
    const stream = startStreamReSync({
      transport: {} as SyncTransport,
      reSync: (model) => pulls.push(model ?? "all"),
      onConnection: (connected) => connection.push(connected),
      open,
    });
    const on = handlers as unknown as Parameters<typeof openChangeStream>[0];
    on.onConnected();
    expect([connection, pulls]).toEqual([[true], ["all"]]);
    on.onChange(notice("holdings"));
    on.onChange(notice("user_emails"));
    on.onChange(notice("holdings"));
    expect(pulls).toEqual(["all", "holdings"]);
    // the server dropped events this device did not read: it pulls every model
    on.onChange(notice(STREAM_RESYNC_TABLE));
    expect(pulls).toEqual(["all", "holdings", "all"]);
    on.onDisconnected?.();
    expect(connection).toEqual([true, false]);
    await stream.close();
    expect(closed).toBe(true);
    vi.advanceTimersByTime(STREAM_RESYNC_INTERVAL_MS);
    expect(pulls, "the held-back pull is dropped on close").toEqual(["all", "holdings", "all"]);
  });

  it("writes an event's documents without a pull; a missed event pulls all; the checkpoint moves every few minutes", async () => {
    let handlers: Parameters<typeof openChangeStream>[0] | null = null;
    const open = ((options) => {
      handlers = options;
      return { client: null as never, close: async () => {} };
    }) as typeof openChangeStream;
    const pulls: Array<ReadModelName | "all"> = [];
    const written: Array<[ReadModelName, string[]]> = [];
    // the collection takes streamed documents once it has pulled (here: not transactions)
    const stream = startStreamReSync({
      transport: {} as SyncTransport,
      reSync: (model) => pulls.push(model ?? "all"),
      streamed: (model, documents) => {
        if (model === "transactions") return false;
        written.push([model, documents.map((doc) => doc.id as string)]);
        return true;
      },
      onConnection: () => {},
      open,
    });
    const on = handlers as unknown as Parameters<typeof openChangeStream>[0];
    on.onConnected();
    const docs = (...ids: string[]) => ids.map((id) => ({ id }));
    on.onChange({ table: "holdings", documents: docs("h1"), missed: false });
    on.onChange({ table: "holdings", documents: docs("h1", "h2"), missed: false });
    expect(written).toEqual([
      ["holdings", ["h1"]],
      ["holdings", ["h1", "h2"]],
    ]);
    expect(pulls, "no pull for documents the stream brought").toEqual(["all"]);
    // documents the collection did not take (it has not pulled yet): pulled instead
    on.onChange({ table: "transactions", documents: docs("t1"), missed: false });
    expect(pulls).toEqual(["all", "transactions"]);
    // a gap in the events' numbers: something was missed, every model is pulled (the event's own documents too)
    on.onChange({ table: "holdings", documents: docs("h3"), missed: true });
    expect(pulls).toEqual(["all", "transactions", "all"]);
    // while documents keep coming, a model is pulled again only after CHECKPOINT_PULL_MS
    vi.advanceTimersByTime(CHECKPOINT_PULL_MS - 1_000);
    on.onChange({ table: "holdings", documents: docs("h4"), missed: false });
    expect(pulls).toEqual(["all", "transactions", "all"]);
    vi.advanceTimersByTime(1_000);
    on.onChange({ table: "holdings", documents: docs("h5"), missed: false });
    expect(pulls).toEqual(["all", "transactions", "all", "holdings"]);
    expect(written.at(-1)).toEqual(["holdings", ["h5"]]);
    on.onChange({ table: "holdings", documents: docs("h6"), missed: false });
    vi.advanceTimersByTime(STREAM_RESYNC_INTERVAL_MS);
    expect(pulls, "and not again right after").toEqual(["all", "transactions", "all", "holdings"]);
    await stream.close();
  });

  it("opens the stream only while online: none offline, closed on going offline, opened again on coming back", async () => {
    let opened = 0;
    let closed = 0;
    const open = (() => {
      opened += 1;
      return {
        client: null as never,
        close: async () => {
          closed += 1;
        },
      };
    }) as typeof openChangeStream;
    let online = false;
    const listeners = new Set<(state: "online" | "offline") => void>();
    const net = {
      online: () => online,
      subscribe: (listener: (state: "online" | "offline") => void) => {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
    };
    const set = async (next: boolean) => {
      online = next;
      for (const listener of listeners) listener(next ? "online" : "offline");
      await vi.advanceTimersByTimeAsync(0);
    };
    const connection: boolean[] = [];
    const stream = startStreamReSync({
      transport: {} as SyncTransport,
      reSync: () => {},
      onConnection: (connected) => connection.push(connected),
      open,
      connectivity: net,
    });
    expect(opened).toBe(0);
    await set(true);
    expect(opened).toBe(1);
    await set(false);
    expect([opened, closed]).toEqual([1, 1]);
    expect(connection).toEqual([false]);
    await set(true);
    expect(opened).toBe(2);
    await stream.close();
    expect(closed).toBe(2);
    expect(listeners.size).toBe(0);
  });
});
