// loadModel (load.ts) against a scripted server: a page whose write fails lets its response go (the stream is
// cancelled, not left open and unread) and the retry resumes from the last written page.
import { describe, expect, it } from "vitest";
import { bootstrapToken } from "../../domain/wire.ts";
import { type LoadModelOptions, loadModel } from "./load.ts";

const token = (seq: number) => bootstrapToken("holdings", { txid: "1", seq });
const page = (seq: number) =>
  `${JSON.stringify({ page: { documents: [{ id: `h${seq}` }], checkpoint: { txid: "1", seq } }, resume: token(seq) })}\n`;
const done = `${JSON.stringify({ done: true, checkpoint: { txid: "1", seq: 3 }, resume: token(3) })}\n`;

/** The holdings loaded from the start of the log through `fetch`, retried once after 1 ms, never stopped. */
const loadHoldings = (fetch: typeof globalThis.fetch, sink: Pick<LoadModelOptions, "write" | "written">) =>
  loadModel({
    fetch,
    url: "http://device.test/api/v2/bootstrap",
    model: "holdings",
    resume: null,
    retryDelays: [1],
    ...sink,
    stopped: () => false,
  });

describe("loadModel", () => {
  it("cancels the stream of a page whose write failed and resumes after the last written page", async () => {
    const cancelled: string[] = [];
    const asked: Array<string | null> = [];
    const fetch = (async (input: string) => {
      const resume = new URL(input).searchParams.get("resume");
      asked.push(resume);
      // the first response stays open after its third page (a server still sending), the second one ends
      const lines = resume ? [page(2), page(3), done] : [page(1), page(2), page(3)];
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const line = lines[sent++];
          if (line) controller.enqueue(new TextEncoder().encode(line));
          else if (resume) controller.close();
        },
        cancel() {
          cancelled.push(resume ?? "first");
        },
      });
      return new Response(body, { status: 200 });
    }) as unknown as typeof globalThis.fetch;

    const written: string[] = [];
    let failures = 0;
    const result = await loadHoldings(fetch, {
      async write(documents) {
        const id = String(documents[0]?.id);
        if (id === "h2" && failures++ === 0) throw new Error("the write failed");
        written.push(id);
      },
      written: () => {},
    });

    expect(result.status).toBe("done");
    expect(written).toEqual(["h1", "h2", "h3"]);
    // the first response was let go after its failed page; the retry asked from the page written before it
    expect(cancelled).toEqual(["first"]);
    expect(asked).toEqual([null, token(1)]);
  });

  it("fails at once when the device's storage is full, keeping the last written page's token, instead of asking again", async () => {
    const asked: Array<string | null> = [];
    const fetch = (async (input: string) => {
      asked.push(new URL(input).searchParams.get("resume"));
      return new Response(page(1) + page(2) + page(3) + done, { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const kept: string[] = [];
    const quota = Object.assign(new Error("QuotaExceededError"), { name: "AbortError" });
    const loading = loadHoldings(fetch, {
      async write(documents) {
        if (documents[0]?.id === "h2") throw quota;
      },
      written: (_count, resume) => kept.push(resume),
    });
    await expect(loading).rejects.toBe(quota);
    expect(asked).toEqual([null]);
    expect(kept).toEqual([token(1)]);
  });
});
