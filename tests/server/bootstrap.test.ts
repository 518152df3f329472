// The bootstrap endpoint (GET/POST /api/v2/bootstrap, sync/replication/bootstrap.ts), client bypassed: for every demo
// membership and every read model it streams exactly the documents and the end checkpoint of the incremental pull
// (POST /api/v2/pull walked from the start), so it never sends a document the account may not see; it is
// compressed as Accept-Encoding allows; a stream cut after a few pages resumes from its last token, a server restart
// too, and the ordinary pull after the end checkpoint brings what changed meanwhile.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_MODEL_NAMES } from "../../src/data/models/index.ts";
import type { BootstrapLine, PullAnswer } from "../../src/domain/wire.ts";
import { DEMO_EMAILS } from "../../sync/seed/demo.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

type Doc = Record<string, unknown> & { id: string };

interface Streamed {
  status: number;
  encoding: string | null;
  lines: BootstrapLine[];
  /** whether the last line said done */
  done: boolean;
}

/** Reads a bootstrap stream line by line; with `pages`, drops the connection after that many page lines. */
async function bootstrap(
  client: TestClient,
  model: string,
  options: { resume?: string; limit?: number; pages?: number; encoding?: string } = {},
): Promise<Streamed> {
  const params = new URLSearchParams({ model });
  if (options.resume) params.set("resume", options.resume);
  if (options.limit) params.set("limit", String(options.limit));
  const abort = new AbortController();
  const response = await client.fetch(`/api/v2/bootstrap?${params}`, {
    headers: { "accept-encoding": options.encoding ?? "br, gzip" },
    signal: abort.signal,
  });
  const lines: BootstrapLine[] = [];
  if (response.status !== 200 || !response.body) {
    await response.arrayBuffer().catch(() => {});
    return { status: response.status, encoding: null, lines, done: false };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  let pages = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value;
      let newline = buffered.indexOf("\n");
      while (newline >= 0) {
        const line = JSON.parse(buffered.slice(0, newline)) as BootstrapLine;
        buffered = buffered.slice(newline + 1);
        lines.push(line);
        if ("page" in line) pages++;
        if (options.pages !== undefined && pages >= options.pages) {
          abort.abort();
          return { status: 200, encoding: response.headers.get("content-encoding"), lines, done: false };
        }
        newline = buffered.indexOf("\n");
      }
    }
  } catch (error) {
    // a cut stream: what arrived is kept
    if (!(error instanceof Error)) throw error;
  }
  const last = lines.at(-1);
  return {
    status: 200,
    encoding: response.headers.get("content-encoding"),
    lines,
    done: !!last && "done" in last,
  };
}

/** The incremental pull from the start to the end of the log: every document (latest state) and the last checkpoint. */
async function pullAll(client: TestClient, model: string, after = { txid: "0", seq: "0" }) {
  const docs = new Map<string, Doc>();
  let checkpoint = after;
  for (;;) {
    const response = await client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model, afterTxid: checkpoint.txid, afterSeq: String(checkpoint.seq), limit: 1000 }),
    });
    expect(response.status, `pull ${model}`).toBe(200);
    const page = (await response.json()) as PullAnswer;
    for (const doc of page.documents) docs.set(doc.id as string, doc as Doc);
    checkpoint = { txid: page.checkpoint.txid, seq: String(page.checkpoint.seq) };
    if (page.documents.length < 1000) return { docs, checkpoint };
  }
}

/** The documents of the stream's pages (a later line's version of a document replaces an earlier one). */
function documentsOf(lines: BootstrapLine[], into = new Map<string, Doc>()): Map<string, Doc> {
  for (const line of lines)
    if ("page" in line) for (const doc of line.page.documents) into.set(doc.id as string, doc as Doc);
  return into;
}

/**
 * The pull after `checkpoint` and the whole pull, read until a second pull after the checkpoint equals the first (no
 * write in between), so the two describe the same moment.
 */
async function settled(client: TestClient, model: string, checkpoint: { txid: string; seq: string }) {
  for (let attempt = 0; ; attempt++) {
    const after = await pullAll(client, model, checkpoint);
    const pulled = await pullAll(client, model);
    const again = await pullAll(client, model, checkpoint);
    if (attempt >= 4 || JSON.stringify(sorted(again.docs)) === JSON.stringify(sorted(after.docs)))
      return { after, pulled };
  }
}

function endOf(lines: BootstrapLine[]) {
  const last = lines.at(-1);
  if (!last || !("done" in last)) throw new Error("the stream did not end");
  return { txid: last.checkpoint.txid, seq: String(last.checkpoint.seq) };
}

const sorted = (docs: Map<string, Doc>) => [...docs.values()].sort((a, b) => a.id.localeCompare(b.id));

/** Models whose builder stamps `updatedOn` with the time of the read (the admin's platform_books): compared without it. */
const READ_TIME_STAMPED = new Set(["platform_books"]);
const comparable = (model: string, docs: Map<string, Doc>) =>
  READ_TIME_STAMPED.has(model) ? sorted(docs).map(({ updatedOn, ...doc }) => doc) : sorted(docs);

describe("the bootstrap stream", () => {
  let t: TestServer;
  const memberships: Array<{ label: string; who: SignedIn }> = [];

  beforeAll(async () => {
    t = await startTestServer();
    for (const email of DEMO_EMAILS) {
      const { rows } = await t.server.db.query<{ type: string }>(
        `select distinct a.type from app_public.user_emails e
           join app_public.users_accounts ua on ua.user_id = e.user_id
           join app_public.accounts a on a.id = ua.account_id
          where lower(e.email) = lower($1)`,
        [email],
      );
      for (const { type } of rows) {
        memberships.push({ label: `${email} as ${type}`, who: await signInAs(t.client(), email, type) });
      }
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("gives every demo membership exactly the pull's documents and end checkpoint, model by model", async () => {
    expect(memberships.length).toBeGreaterThanOrEqual(11);
    let documents = 0;
    let changedMeanwhile = 0;
    let refusedAlike = 0;
    for (const { label, who } of memberships) {
      // a membership the pull refuses (a user who has not accepted the terms: 401) is refused the bootstrap alike
      const probe = await who.client.fetch("/api/v2/pull", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "assets", afterTxid: "0", afterSeq: "0", limit: 1 }),
      });
      await probe.arrayBuffer();
      if (probe.status !== 200) {
        expect((await bootstrap(who.client, "assets")).status, label).toBe(probe.status);
        refusedAlike++;
        continue;
      }
      for (const model of READ_MODEL_NAMES) {
        // small pages in half of the models: several lines, several pages per snapshot
        const streamed = await bootstrap(who.client, model, model.length % 2 === 0 ? { limit: 7 } : {});
        expect(streamed.status, `${label} ${model}`).toBe(200);
        expect(streamed.done, `${label} ${model} ends`).toBe(true);
        // the stream and the pull after its end checkpoint make the current state (a background job may write a
        // document meanwhile: then the pull after the checkpoint brings it)
        const { after, pulled } = await settled(who.client, model, endOf(streamed.lines));
        const combined = documentsOf(streamed.lines);
        for (const [id, doc] of after.docs) combined.set(id, doc);
        expect(comparable(model, combined), `${label} ${model}`).toEqual(comparable(model, pulled.docs));
        if (after.docs.size === 0)
          expect(endOf(streamed.lines), `${label} ${model} checkpoint`).toEqual(pulled.checkpoint);
        else changedMeanwhile++;
        documents += pulled.docs.size;
      }
    }
    expect(documents).toBeGreaterThan(500);
    expect(refusedAlike).toBeLessThan(3);
    // a change now and then (background jobs), not a different answer every time
    expect(changedMeanwhile).toBeLessThan(memberships.length * 2);
  }, 600_000);

  it("sends an investor only its own distributions and holdings, without notes", async () => {
    const investor = memberships.find((m) => m.label.startsWith("investor@demo.test"))?.who;
    expect(investor).toBeDefined();
    if (!investor) return;
    const api = await investor.client.graphql<{ allDistributions: { nodes: Array<{ id: string }> } }>(
      "{ allDistributions { nodes { id } } }",
    );
    const visible = new Set((api.data?.allDistributions.nodes ?? []).map((node) => node.id));
    const { rows } = await t.server.db.query<{ id: string }>("select id from app_public.distributions");
    expect(rows.length).toBeGreaterThan(visible.size);
    const streamed = await bootstrap(investor.client, "distributions");
    const docs = [...documentsOf(streamed.lines).values()].filter((doc) => doc._deleted !== true);
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.map((doc) => doc.id).sort()).toEqual([...visible].sort());
    for (const doc of docs) expect(doc.notes ?? null).toBeNull();
  });

  it("compresses as Accept-Encoding allows, and refuses what it cannot serve", async () => {
    const issuer = memberships.find((m) => m.label.startsWith("issuer@demo.test"))?.who;
    if (!issuer) throw new Error("no issuer membership");
    expect((await bootstrap(issuer.client, "holdings", { encoding: "br, gzip" })).encoding).toBe("br");
    expect((await bootstrap(issuer.client, "holdings", { encoding: "gzip" })).encoding).toBe("gzip");
    const plain = await bootstrap(issuer.client, "holdings", { encoding: "identity" });
    expect(plain.encoding).toBeNull();
    expect(plain.done).toBe(true);
    expect((await bootstrap(issuer.client, "no_such_model")).status).toBe(400);
    expect((await bootstrap(issuer.client, "holdings", { resume: "v1.rounds.1.2" })).status).toBe(400);
    expect((await bootstrap(issuer.client, "holdings", { resume: "garbage" })).status).toBe(400);
    expect((await bootstrap(t.client(), "holdings")).status).toBe(401);
    const posted = await issuer.client.fetch("/api/v2/bootstrap", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "rounds" }),
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect((await posted.text()).trim().split("\n").at(-1)).toMatch(/^\{"done":true,/);
  });

  it("resumes a dropped stream from its last token; the pull after the end catches up what changed meanwhile", async () => {
    const issuer = memberships.find((m) => m.label.startsWith("issuer@demo.test"))?.who;
    if (!issuer) throw new Error("no issuer membership");
    const first = await bootstrap(issuer.client, "holdings", { limit: 1, pages: 3 });
    expect(first.done).toBe(false);
    expect(first.lines.length).toBe(3);
    const got = documentsOf(first.lines);
    expect(got.size).toBe(3);
    const last = first.lines.at(-1);
    if (!last || !("page" in last)) throw new Error("no page line");
    // meanwhile: a holding already received changes, and one not yet received changes too
    const [seen] = [...got.keys()];
    expect(seen).toBeDefined();
    await t.server.db.query("update app_public.holdings set updated_on = now() where id = $1", [seen]);
    const rest = await bootstrap(issuer.client, "holdings", { limit: 1, resume: last.resume });
    expect(rest.done).toBe(true);
    // the resumed stream goes on after the last page: the change made meanwhile comes (in its current state)
    expect(documentsOf(rest.lines).has(seen as string)).toBe(true);
    documentsOf(rest.lines, got);
    const after = await pullAll(issuer.client, "holdings", endOf(rest.lines));
    for (const [id, doc] of after.docs) got.set(id, doc);
    expect(sorted(got)).toEqual(sorted((await pullAll(issuer.client, "holdings")).docs));
  }, 120_000);
});

describe("the bootstrap across a server restart", () => {
  it("goes on from the last token after the server restarted, and ends where the pull ends", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "ll-bootstrap-restart-"));
    let server = await startTestServer({ dataDir });
    const port = server.server.port;
    try {
      let issuer = await signInAs(server.client(), "issuer@demo.test");
      const first = await bootstrap(issuer.client, "distributions", { limit: 1, pages: 2 });
      expect(first.done).toBe(false);
      const last = first.lines.at(-1);
      if (!last || !("page" in last)) throw new Error("no page line");
      await server.close();
      server = await startTestServer({ dataDir, port });
      // a write while the device was away (after its last page): the resumed stream or the pull after it brings it
      await server.server.db.query(
        "update app_public.distributions set updated_on = now() where id = (select id from app_public.distributions order by id limit 1)",
      );
      issuer = await signInAs(server.client(), "issuer@demo.test");
      const rest = await bootstrap(issuer.client, "distributions", { limit: 1, resume: last.resume });
      expect(rest.done).toBe(true);
      const got = documentsOf([...first.lines, ...rest.lines]);
      const after = await pullAll(issuer.client, "distributions", endOf(rest.lines));
      for (const [id, doc] of after.docs) got.set(id, doc);
      const whole = await pullAll(issuer.client, "distributions");
      expect(sorted(got)).toEqual(sorted(whole.docs));
      expect(endOf(rest.lines)).toEqual(whole.checkpoint);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
