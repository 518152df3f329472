// node bench/bootstrap-server.ts [--holdings 5000] [--encoding br|gzip|identity] [--filled]
//
// The bootstrap endpoint against the pull it replaces, server side only (issue 15; the browser's figure is
// `npm run bench`'s initial sync): the scale issuer's large models read whole, once by walking POST /api/v2/pull in
// pages of 1,000 (what the ordinary first load asks), once as one GET /api/v2/bootstrap stream (brotli, read as it
// comes), two rounds in alternating order; time, documents, bytes on the wire, and the process's peak RSS (the
// embedded server and PGlite run here). --filled: the ready store filled first (bench/lib/ready-fill.ts; otherwise
// it is cold, as the scale seed leaves it, and the pull walk starts its fill). Prints a table; writes nothing.
import { request } from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import { createBrotliDecompress, createGunzip } from "node:zlib";
import { fillReadyStore } from "./lib/ready-fill.ts";

const { values } = parseArgs({
  options: {
    holdings: { type: "string", default: "5000" },
    encoding: { type: "string", default: "br" },
    filled: { type: "boolean", default: false },
  },
});
const holdings = Math.max(1, Number(values.holdings));
/** br, gzip or identity (what the stream is asked for) */
const encoding = values.encoding;
process.env.GRAPHILE_ENV ??= "development";
const { startTestServer } = await import("../tests/helpers/server.ts");
const { seedScale, SCALE_EMAIL } = await import("../sync/seed/scale.ts");
const { signInAs } = await import("../tests/sync/harness.ts");

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const server = await startTestServer();
try {
  const seedStarted = performance.now();
  await seedScale(server.server.db, { holdings });
  console.log(`seeded ${holdings} holdings in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  if (values.filled) {
    const fillStarted = performance.now();
    const kept = await fillReadyStore(server.server.db);
    console.log(
      `ready store filled in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s: ${JSON.stringify(kept)}`,
    );
  }
  const issuer = await signInAs(server.client(), SCALE_EMAIL);

  const pullWalk = async (model: string) => {
    const started = performance.now();
    let after = { txid: "0", seq: "0" };
    let documents = 0;
    let bytes = 0;
    for (;;) {
      const response = await issuer.client.fetch("/api/v2/pull", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model, afterTxid: after.txid, afterSeq: after.seq, limit: 1000 }),
      });
      const text = await response.text();
      bytes += Buffer.byteLength(text);
      const page = JSON.parse(text) as { documents: unknown[]; checkpoint: { txid: string; seq: number } };
      documents += page.documents.length;
      after = { txid: page.checkpoint.txid, seq: String(page.checkpoint.seq) };
      if (page.documents.length < 1000) break;
    }
    return { ms: performance.now() - started, documents, bytes, wire: bytes };
  };

  const stream = (model: string) =>
    new Promise<{ ms: number; documents: number; bytes: number; wire: number }>((resolve, reject) => {
      const started = performance.now();
      const url = new URL(`/api/v2/bootstrap?model=${model}`, server.url);
      let wire = 0;
      let bytes = 0;
      let documents = 0;
      let buffered = "";
      const req = request(
        url,
        { headers: { cookie: `ll_session=${issuer.client.session}`, "accept-encoding": encoding } },
        (res) => {
          res.on("data", (chunk: Buffer) => {
            wire += chunk.length;
          });
          const coding = res.headers["content-encoding"];
          const text =
            coding === "br" ? res.pipe(createBrotliDecompress()) : coding === "gzip" ? res.pipe(createGunzip()) : res;
          text.setEncoding("utf8");
          text.on("data", (chunk: string) => {
            bytes += Buffer.byteLength(chunk);
            buffered += chunk;
            let newline = buffered.indexOf("\n");
            while (newline >= 0) {
              const line = JSON.parse(buffered.slice(0, newline)) as { page?: { documents: unknown[] } };
              documents += line.page?.documents.length ?? 0;
              buffered = buffered.slice(newline + 1);
              newline = buffered.indexOf("\n");
            }
          });
          text.on("end", () => resolve({ ms: performance.now() - started, documents, bytes, wire }));
          text.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end();
    });

  const rows: string[] = [];
  for (const round of [1, 2]) {
    for (const model of ["holdings", "distributions", "transactions"]) {
      const order = round === 1 ? ["pull", "bootstrap"] : ["bootstrap", "pull"];
      const figures: Record<string, Awaited<ReturnType<typeof stream>>> = {};
      for (const way of order) figures[way] = way === "pull" ? await pullWalk(model) : await stream(model);
      const pull = figures.pull;
      const boot = figures.bootstrap;
      if (!pull || !boot) continue;
      rows.push(
        `| ${round} | ${model} | ${pull.documents} / ${boot.documents} | ${(pull.ms / 1000).toFixed(2)} s | ${(boot.ms / 1000).toFixed(2)} s | ${(boot.ms / pull.ms).toFixed(2)}x | ${(pull.wire / 2 ** 20).toFixed(1)} MiB | ${(boot.wire / 2 ** 20).toFixed(1)} MiB (${(boot.bytes / 2 ** 20).toFixed(1)} MiB text) |`,
      );
    }
  }
  console.log(
    `\n${holdings} holdings, PGlite, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" / ")}, ${os.availableParallelism()} cores`,
  );
  console.log(
    `| Round | Model | Documents (pull / bootstrap) | Pull walk, pages of 1,000 | Bootstrap stream | Ratio | Pull on the wire | Bootstrap on the wire (${encoding}) |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
  console.log(`peak RSS of this process (server, PGlite, the bench's reads): ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
} finally {
  clearInterval(sampler);
  await server.close();
}
