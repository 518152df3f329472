// The outbox's request: how each answer of POST /api/v2/commands is classified (the no-answer timeout is in
// src/data/outbox.test.ts, the real server in tests/sync/outbox.test.ts).
import { describe, expect, it } from "vitest";
import type { WireCommand } from "../../domain/wire.ts";
import { commandSender } from "./command-sender.ts";

const command: WireCommand = {
  key: "k1",
  mutation: "makeCustomer",
  variables: { input: { email: "c@x.test" } },
  userId: "u",
  accountId: "a",
  createdOn: "2026-01-01T00:00:00.000Z",
  deviceId: "d",
  seq: 1,
};
const result = { key: "k1", status: "accepted", errorCode: null, errorMessage: null };

function answering(status: number, body: string) {
  const requests: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    return new Response(body, { status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof globalThis.fetch;
  return { send: commandSender({ commandsUrl: "/api/v2/commands", fetch }), requests };
}

describe("commandSender", () => {
  it("posts the batch as JSON and reads the results of an answer", async () => {
    const { send, requests } = answering(200, JSON.stringify({ results: [result] }));
    expect(await send([command])).toEqual({ kind: "answered", complete: true, results: [result] });
    expect(requests[0]?.url).toBe("/api/v2/commands");
    expect(requests[0]?.init?.method).toBe("POST");
    expect(JSON.parse(String(requests[0]?.init?.body))).toEqual([command]);
  });

  it("classifies failures: expired session, partial answer, server errors, foreign answers, no network", async () => {
    expect(await answering(401, "{}").send([command])).toEqual({ kind: "unauthorized" });
    expect(await answering(403, "{}").send([command])).toEqual({ kind: "unauthorized" });
    expect(await answering(503, JSON.stringify({ results: [result] })).send([command])).toEqual({
      kind: "answered",
      complete: false,
      results: [result],
    });
    expect(await answering(503, JSON.stringify({ results: [] })).send([command])).toEqual({
      kind: "transient",
      reason: "HTTP 503",
    });
    expect(await answering(502, "<html>Bad gateway</html>").send([command])).toEqual({
      kind: "transient",
      reason: "HTTP 502",
    });
    expect(await answering(429, "{}").send([command])).toEqual({ kind: "transient", reason: "HTTP 429" });
    expect(await answering(200, "<html>captive portal</html>").send([command])).toEqual({
      kind: "transient",
      reason: "unexpected answer",
    });
    const offline = commandSender({
      commandsUrl: "/api/v2/commands",
      fetch: (async () => {
        throw new TypeError("Failed to fetch");
      }) as unknown as typeof fetch,
    });
    expect(await offline([command])).toEqual({ kind: "transient", reason: "network: Failed to fetch" });
  });
});
