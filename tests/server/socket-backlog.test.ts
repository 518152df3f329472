// The backlog of one socket (sync/http/socket-backlog.ts, docs/SERVER.md "Slow devices") on a stand-in for ws's
// WebSocket whose network takes nothing until the test says so: the change stream's events held back past
// STREAM_BEHIND_BYTES and replaced by one resync event once the device caught up, other messages still sent, and a
// socket closed with STREAM_BEHIND_CLOSE (then dropped) when it would hold more than its bound.

import { afterEach, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { STREAM_BEHIND_CLOSE, STREAM_RESYNC_TABLE } from "../../src/domain/wire.ts";
import {
  createBacklogRegistry,
  gateChangeStream,
  SOCKET_BACKLOG_MAX_BYTES,
  STREAM_BEHIND_BYTES,
} from "../../sync/http/socket-backlog.ts";

/** A socket whose sends stay buffered until `flush(bytes)` writes them out, oldest first. */
function stalledSocket() {
  const frames: Array<{ text: string; written: () => void }> = [];
  const sent: string[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    closed: null as { code: number; reason: string } | null,
    terminated: false,
    send(text: string, written: () => void) {
      sent.push(text);
      socket.bufferedAmount += Buffer.byteLength(text);
      frames.push({ text, written });
    },
    close(code: number, reason: string) {
      socket.closed = { code, reason };
      socket.readyState = 2;
    },
    terminate() {
      socket.terminated = true;
    },
    once() {},
  };
  return {
    socket,
    ws: socket as unknown as WebSocket,
    sent,
    /** The network takes every frame buffered so far. */
    flush() {
      for (const frame of frames.splice(0)) {
        socket.bufferedAmount -= Buffer.byteLength(frame.text);
        frame.written();
      }
    },
  };
}

const event = (id: string, n: number) =>
  JSON.stringify({
    id,
    type: "next",
    payload: { data: { live: { table: "holdings", id: `${"x".repeat(1_000)}${n}` } } },
  });

afterEach(() => {
  vi.useRealTimers();
});

describe("a socket's backlog", () => {
  it("holds the change stream's events back past the bound and sends one resync event once the device read", () => {
    const { ws, sent, flush } = stalledSocket();
    const registry = createBacklogRegistry();
    const gate = gateChangeStream(registry.track(ws));
    gate.streams.add("1");
    let n = 0;
    while (registry.totals().bytes <= STREAM_BEHIND_BYTES) gate.send(event("1", n++));
    expect(registry.totals()).toMatchObject({ sockets: 1, behind: 1, closed: 0 });
    const before = sent.length;
    // a thousand more events while behind: none is buffered
    for (let i = 0; i < 1_000; i++) gate.send(event("1", n++));
    expect(sent.length).toBe(before);
    expect(registry.totals().largest).toBeLessThan(STREAM_BEHIND_BYTES + 1_200);
    // a message that is not a change event (another operation's answer) still goes out
    gate.send(JSON.stringify({ id: "2", type: "complete" }));
    expect(sent.length).toBe(before + 1);
    // the device reads: one event of table STREAM_RESYNC_TABLE in place of all it missed, as the client named it
    flush();
    expect(registry.totals()).toMatchObject({ behind: 0 });
    expect(sent.slice(before + 1).map((text) => JSON.parse(text))).toEqual([
      { id: "1", type: "next", payload: { data: { live: { table: STREAM_RESYNC_TABLE, id: null } } } },
    ]);
    // and events flow again
    gate.send(event("1", n));
    expect(JSON.parse(sent.at(-1)!).payload.data.live.id).toMatch(new RegExp(`${n}$`));
  });

  it("closes a socket that would hold more than its bound with a code that says why, and drops it soon after", () => {
    vi.useFakeTimers();
    const { socket, ws, sent } = stalledSocket();
    const registry = createBacklogRegistry();
    const backlog = registry.track(ws);
    const message = "y".repeat(10_000);
    while (sent.length * message.length + message.length <= SOCKET_BACKLOG_MAX_BYTES) backlog.send(message);
    expect(socket.closed).toBeNull();
    const held = sent.length;
    backlog.send(message);
    expect(socket.closed).toEqual({ code: STREAM_BEHIND_CLOSE.code, reason: STREAM_BEHIND_CLOSE.reason });
    expect(sent.length).toBe(held);
    expect(registry.totals().closed).toBe(1);
    backlog.send(message);
    expect(sent.length).toBe(held);
    expect(socket.terminated).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(socket.terminated).toBe(true);
  });
});
