// Fetching one page: the pull endpoint when the transport names one, the GraphQL field otherwise or when the server
// has no endpoint (then for every later fetch), tombstones blanked, the send time, the server's error message.
import { describe, expect, it } from "vitest";
import type { SyncTransport } from "../transport.ts";
import { blankFields, createPageFetcher } from "./page.ts";

type Answer = { status: number; body: unknown };

function transport(answer: (url: string, body: Record<string, unknown>) => Answer, pullUrl?: string) {
  const calls: Array<{ url: string; body: Record<string, unknown> }> = [];
  const t: SyncTransport = {
    graphqlUrl: "/api/v2/graphql",
    pullUrl,
    commandsUrl: "/api/v2/commands",
    websocketUrl: "ws://x/wss/v1/",
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      calls.push({ url, body });
      const { status, body: out } = answer(url, body);
      return new Response(typeof out === "string" ? out : JSON.stringify(out), { status });
    }) as typeof fetch,
  };
  return { t, calls };
}

const page = { documents: [{ id: "a", name: "A" }], checkpoint: { txid: "7", seq: 3 } };
const clock = () => new Date("2026-01-02T03:04:05.000Z");

describe("pull pages", () => {
  it("asks the pull endpoint from the checkpoint, with the send time", async () => {
    const { t, calls } = transport(() => ({ status: 200, body: page }), "/api/v2/pull");
    const fetched = await createPageFetcher(t, clock)("customers", {}, { txid: "5", seq: 2 }, 4);
    expect(fetched).toEqual({ ...page, sentOn: "2026-01-02T03:04:05.000Z" });
    expect(calls).toEqual([
      { url: "/api/v2/pull", body: { model: "customers", afterTxid: "5", afterSeq: "2", limit: 4 } },
    ]);
  });

  it("asks the GraphQL field without an endpoint (a text answer parsed), from the start without a checkpoint", async () => {
    const { t, calls } = transport(() => ({ status: 200, body: { data: { pullDocuments: JSON.stringify(page) } } }));
    const fetched = await createPageFetcher(t, clock)("holdings", {}, undefined, 500);
    expect(fetched.documents).toEqual(page.documents);
    expect(calls[0]?.url).toBe("/api/v2/graphql");
    expect(calls[0]?.body.variables).toEqual({ model: "holdings", afterTxid: "0", afterSeq: "0", lim: 500 });
  });

  it("falls back to the GraphQL field for good when the endpoint answers 404", async () => {
    const { t, calls } = transport(
      (url) =>
        url.endsWith("/pull")
          ? { status: 404, body: "not found" }
          : { status: 200, body: { data: { pullDocuments: page } } },
      "/api/v2/pull",
    );
    const fetchPage = createPageFetcher(t, clock);
    await fetchPage("customers", {}, undefined, 4);
    await fetchPage("holdings", {}, undefined, 4);
    expect(calls.map((call) => call.url)).toEqual(["/api/v2/pull", "/api/v2/graphql", "/api/v2/graphql"]);
  });

  it("fills a tombstone's required fields with blanks", async () => {
    const schema = {
      version: 0,
      primaryKey: "id",
      type: "object" as const,
      properties: {
        id: { type: "string" },
        name: { type: "string" },
        units: { type: "integer" },
        active: { type: ["boolean", "null"] },
      },
      required: ["id", "name", "units", "active"],
    };
    const blank = blankFields(schema as never);
    expect(blank).toEqual({ id: "", name: "", units: 0, active: false });
    const { t } = transport(
      () => ({
        status: 200,
        body: { documents: [{ id: "x", _deleted: true }, page.documents[0]], checkpoint: page.checkpoint },
      }),
      "/api/v2/pull",
    );
    const fetched = await createPageFetcher(t, clock)("customers", blank, undefined, 4);
    expect(fetched.documents).toEqual([
      { id: "x", name: "", units: 0, active: false, _deleted: true },
      page.documents[0],
    ]);
  });

  it("fails with the server's message (GraphQL errors, an HTTP error of the endpoint)", async () => {
    const graphql = transport(() => ({ status: 200, body: { errors: [{ message: "permission denied" }] } }));
    await expect(createPageFetcher(graphql.t, clock)("customers", {}, undefined, 4)).rejects.toThrow(
      "permission denied",
    );
    const endpoint = transport(() => ({ status: 401, body: { errors: [{ message: "Sign in again." }] } }), "/pull");
    await expect(createPageFetcher(endpoint.t, clock)("customers", {}, undefined, 4)).rejects.toThrow("Sign in again.");
    const broken = transport(() => ({ status: 502, body: "<html>" }), "/pull");
    await expect(createPageFetcher(broken.t, clock)("customers", {}, undefined, 4)).rejects.toThrow(
      "The pull failed (HTTP 502).",
    );
  });
});
