// npx node bench/offline-upload.ts [--megabytes 20] [--runs 3] [--no-write]
//
// A file chosen offline and sent on reconnect (issue 31's figure; docs/REPLICATION.md "Files chosen offline"),
// against a plain upload of the same file in the same run, on one production-built server (the browser tests'
// startE2E: a private copy of dist/, the real server in-process on in-memory PGlite with the demo data, Debian's
// chromium; the page reaches the server through the tests' relay, so the network can be taken away as the offline
// tests do). The issuer's /security page of Northwind's Series A is open; each run:
//
//   (a) plain: in the page, online, makeFileLocation(fileName) over POST /api/v2/graphql and the multipart POST of the
//       file to the location it names (what an upload costs when the device sends it at once);
//   (b) offline: the network taken away (chromium's offline mode and the relay), the same bytes chosen in the
//       "Upload document" dialog and uploaded: the time from the Upload click until the screen says the file is kept
//       on this device (the type and size checks, SHA-256, the copy into IndexedDB, the makeSecurityDocument command
//       queued; the file input's transfer from this process is not timed), then the network back: the time from
//       giving it back until the upload's POST has its answer (the file sender: fileUploadStatus, makeFileLocation
//       with the device's key and hash, the POST; while the app also resyncs and sends the queued command), and the
//       POST alone (the browser's own timing of the request, as for (a)'s POST).
//
// The order of (a) and (b) alternates run after run. Checks (not timed): the document is uploaded once on the
// server with the file's size, and the device's queue is empty. Prints each run, the medians and (b)/(a), with the
// machine's load average; writes them to bench/RESULTS.md between the offline-upload markers (not with --no-write)
// and bench/results/offline-upload.json.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";

process.env.GRAPHILE_ENV ??= "development";
const { newContext, setOffline, signIn, startE2E, waitForPath, serviceWorkerReady } = await import(
  "../tests/e2e/app.ts"
);

const { values } = parseArgs({
  options: {
    megabytes: { type: "string", default: "20" },
    runs: { type: "string", default: "3" },
    "no-write": { type: "boolean", default: false },
  },
});
const bytes = Math.round(Number(values.megabytes) * 1024 * 1024);
const runs = Math.max(1, Number(values.runs));
const benchDir = import.meta.dirname;
const RESULTS = join(benchDir, "RESULTS.md");
const START = "<!-- offline-upload:start -->";
const END = "<!-- offline-upload:end -->";
const load = () => loadavg().map((n) => n.toFixed(2));
const ms = (n: number) => `${Math.round(n).toLocaleString("en-US")} ms`;
const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

// A PDF's header and trailer around random bytes: the server takes it by its extension, and nothing compresses it.
const head = Buffer.from("%PDF-1.4\n% ledgerline bench\n");
const tail = Buffer.from("\n%%EOF\n");
const file = Buffer.concat([head, randomBytes(bytes - head.length - tail.length), tail]);

interface Run {
  order: string;
  loadStart: string[];
  plain: { locationMs: number; postMs: number; totalMs: number };
  offline: { keepMs: number; reconnectToUploadedMs: number; postMs: number; postStartAfterReconnectMs: number };
  loadEnd: string[];
}

/** The answer to the next upload POST (the server's route); its request's timing is the browser's own. */
function uploadAnswer(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && /\/api\/v2\/uploads\/[^/]+$/.test(new URL(response.url()).pathname),
    { timeout: 300_000 },
  );
}

/** (a): makeFileLocation and the POST from the page, online, timed in the page. */
async function plainUpload(page: Page, name: string): Promise<Run["plain"]> {
  // the file is handed to the page through a file input of its own (not timed), as a chosen file is
  await page.evaluate(() => {
    const input = document.createElement("input");
    input.type = "file";
    input.id = "bench-plain-file";
    input.style.display = "none";
    document.body.append(input);
  });
  await page.setInputFiles("#bench-plain-file", { name, mimeType: "application/pdf", buffer: file });
  const answered = uploadAnswer(page);
  const result = await page.evaluate(async (name) => {
    const input = document.getElementById("bench-plain-file") as HTMLInputElement;
    const chosen = input.files?.[0];
    if (!chosen) throw new Error("no file in the bench's input");
    const start = performance.now();
    const response = await fetch("/api/v2/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        query: `mutation ($fileName: String!) { makeFileLocation(input: { fileName: $fileName }) { fileLocation { url fields } } }`,
        variables: { fileName: name },
      }),
    });
    const body = (await response.json()) as {
      data?: { makeFileLocation: { fileLocation: { url: string; fields: Record<string, string> } } };
      errors?: unknown;
    };
    const location = body.data?.makeFileLocation.fileLocation;
    if (!location) throw new Error(`makeFileLocation: ${JSON.stringify(body.errors)}`);
    const located = performance.now();
    const form = new FormData();
    for (const [key, value] of Object.entries(location.fields)) form.set(key, value);
    form.set("file", chosen, chosen.name);
    const posted = await fetch(location.url, { method: "POST", body: form, credentials: "same-origin" });
    const done = performance.now();
    input.remove();
    return { ok: posted.ok, status: posted.status, key: location.fields.key ?? "", start, located, done };
  }, name);
  if (!result.ok) throw new Error(`plain upload answered ${result.status}`);
  const response = await answered;
  return {
    locationMs: result.located - result.start,
    // to the answer's first byte: the server answers once it has stored the whole file (the page never reads the
    // body, so the response never "finishes" for the browser)
    postMs: response.request().timing().responseStart,
    totalMs: result.done - result.start,
  };
}

type E2E = Awaited<ReturnType<typeof startE2E>>;
type Context = Awaited<ReturnType<typeof newContext>>;

/** (b): chosen in the app with no network, kept on the device, then sent by the file sender on reconnect. */
async function offlineUpload(e2e: E2E, context: Context, page: Page, name: string): Promise<Run["offline"]> {
  await setOffline(context, true);
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: "Upload document" }).click();
  await dialog.getByLabel("File").setInputFiles({ name: `${name}.pdf`, mimeType: "application/pdf", buffer: file });
  await dialog.getByTestId("share-options").getByText("Investors").click();
  // in the page: the Upload click (capture phase, before the app's handler) and the first frame that shows the text
  await page.evaluate(() => {
    const w = window as unknown as { __bench: { click?: number; kept?: number } };
    w.__bench = {};
    document.addEventListener(
      "click",
      (event) => {
        const button = (event.target as Element | null)?.closest("button");
        if (button?.textContent?.trim() === "Upload" && w.__bench.click === undefined)
          w.__bench.click = performance.now();
      },
      { capture: true },
    );
    // a toast added after the click (an earlier run's toast may still be on screen)
    const observer = new MutationObserver((mutations) => {
      if (w.__bench.click === undefined) return;
      const added = mutations.flatMap((mutation) => [...mutation.addedNodes]);
      if (added.some((node) => node.textContent?.includes("Kept on this device"))) {
        w.__bench.kept = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  const kept = await page
    .waitForFunction(
      () => {
        const bench = (window as unknown as { __bench: { click?: number; kept?: number } }).__bench;
        return bench.kept !== undefined && bench.click !== undefined ? bench : null;
      },
      undefined,
      { timeout: 120_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<{ click: number; kept: number }>);
  await page
    .getByTestId("waiting-upload")
    .filter({ hasText: `${name}.pdf` })
    .waitFor();

  const answered = uploadAnswer(page);
  const reconnect = performance.now();
  const reconnectEpoch = Date.now();
  await setOffline(context, false);
  const response = await answered;
  const uploaded = performance.now();
  if (!response.ok()) throw new Error(`the queued upload answered ${response.status()}`);
  const timing = response.request().timing();

  // checks, not timed: the queue empties, the document is uploaded once with the file's size
  await page
    .getByTestId("waiting-upload")
    .filter({ hasText: `${name}.pdf` })
    .waitFor({ state: "detached", timeout: 120_000 });
  const { rows } = await e2e.server.server.db.query<{ upload_status: string; size: number }>(
    `select d.upload_status, s.size from app_public.documents d
       join app_private.upload_slots s on s.key::text = d.file_key where d.name = $1`,
    [name],
  );
  if (rows.length !== 1 || rows[0]?.upload_status !== "uploaded" || Number(rows[0]?.size) !== file.length)
    throw new Error(`the document ${name} on the server: ${JSON.stringify(rows)}`);
  return {
    keepMs: kept.kept - kept.click,
    reconnectToUploadedMs: uploaded - reconnect,
    postMs: timing.responseStart,
    // from giving the network back to the POST's start (the sender's wake-up, fileUploadStatus, makeFileLocation)
    postStartAfterReconnectMs: timing.startTime - reconnectEpoch,
  };
}

const startedOn = new Date().toISOString();
const loadAtStart = load();
console.log(`${(file.length / 1024 / 1024).toFixed(1)} MiB file, ${runs} runs; load ${loadAtStart.join(" / ")}`);
const e2e = await startE2E();
const results: Run[] = [];
try {
  const context = await newContext(e2e.browser, e2e.url);
  context.setDefaultTimeout(120_000);
  const page = await signIn(context, "issuer@demo.test");
  await waitForPath(page, "/dashboard");
  await serviceWorkerReady(page);
  const { rows } = await e2e.server.server.db.query<{ id: string }>(
    "select id from app_public.securities where name = 'Northwind Series A Preferred Stock'",
  );
  await page.goto(`/security/${rows[0]?.id}`);
  await page.getByTestId("security-card").waitFor();
  // the sharing options are read once online (kept for offline use), as the offline test does
  await page.getByRole("button", { name: "Upload document" }).click();
  await page.getByRole("dialog").getByTestId("share-options").waitFor();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  for (let run = 0; run < runs; run++) {
    const loadStart = load();
    const order = run % 2 === 0 ? "plain, offline" : "offline, plain";
    let plain: Run["plain"] | undefined;
    let offline: Run["offline"] | undefined;
    for (const side of order.split(", ")) {
      console.log(`run ${run + 1}: ${side}`);
      if (side === "plain") plain = await plainUpload(page, `Bench plain ${run + 1}.pdf`);
      else offline = await offlineUpload(e2e, context, page, `Bench offline ${run + 1}`);
      await page.waitForTimeout(1_000); // the app's resync after the reconnect settles
    }
    if (!plain || !offline) throw new Error("a side did not run");
    const result: Run = { order, loadStart, plain, offline, loadEnd: load() };
    results.push(result);
    console.log(
      `run ${run + 1} (${order}): plain ${ms(plain.totalMs)} (location ${ms(plain.locationMs)}, POST ${ms(plain.postMs)}); ` +
        `offline kept in ${ms(offline.keepMs)}, reconnect to uploaded ${ms(offline.reconnectToUploadedMs)} ` +
        `(POST started ${ms(offline.postStartAfterReconnectMs)} after, POST ${ms(offline.postMs)}); ` +
        `load ${loadStart.join(" / ")} -> ${result.loadEnd.join(" / ")}`,
    );
  }
  await context.close();
} finally {
  await e2e.close();
}

const med = {
  plainTotal: median(results.map((r) => r.plain.totalMs)),
  plainPost: median(results.map((r) => r.plain.postMs)),
  plainLocation: median(results.map((r) => r.plain.locationMs)),
  keep: median(results.map((r) => r.offline.keepMs)),
  reconnect: median(results.map((r) => r.offline.reconnectToUploadedMs)),
  postStart: median(results.map((r) => r.offline.postStartAfterReconnectMs)),
  offlinePost: median(results.map((r) => r.offline.postMs)),
};
const loadAtEnd = load();
const ratio = med.reconnect / med.plainTotal;
const postRatio = med.offlinePost / med.plainPost;
console.log(
  `medians: plain ${ms(med.plainTotal)} (POST ${ms(med.plainPost)}); kept ${ms(med.keep)}; reconnect to uploaded ` +
    `${ms(med.reconnect)} = ${ratio.toFixed(2)}x of plain (POST ${ms(med.offlinePost)} = ${postRatio.toFixed(2)}x); ` +
    `load ${loadAtEnd.join(" / ")}`,
);

const mib = `${(file.length / 1024 / 1024).toFixed(0)} MiB`;
const section = [
  START,
  "## A file chosen offline, sent on reconnect (bench/offline-upload.ts, issue 31)",
  "",
  `Run by hand with \`node bench/offline-upload.ts\` on ${startedOn}: one production-built server (in-process, ` +
    `in-memory PGlite, demo data, files in a local directory), Debian's chromium through the browser tests' relay, ` +
    `a ${mib} PDF of random bytes, ${runs} runs (the order of the two sides alternating), medians. This machine: ` +
    `${cpus().length} cores, load average ${loadAtStart.join(" / ")} at the start and ${loadAtEnd.join(" / ")} at the ` +
    "end (other engineers' jobs share these cores; the server, PGlite and this process share them with chromium).",
  "",
  "| Figure | Median | Runs |",
  "| --- | --- | --- |",
  `| (a) plain upload, online: makeFileLocation + POST from the page | ${ms(med.plainTotal)} (POST ${ms(med.plainPost)}) | ${results.map((r) => ms(r.plain.totalMs)).join(", ")} |`,
  `| (b) chosen offline: Upload click to "Kept on this device" (checks, SHA-256, IndexedDB, command queued) | ${ms(med.keep)} | ${results.map((r) => ms(r.offline.keepMs)).join(", ")} |`,
  `| (b) network back to the upload's answer (file sender: status, location, POST; the app resyncs meanwhile) | ${ms(med.reconnect)} | ${results.map((r) => ms(r.offline.reconnectToUploadedMs)).join(", ")} |`,
  `| (b) of which: network back to the POST's start | ${ms(med.postStart)} | ${results.map((r) => ms(r.offline.postStartAfterReconnectMs)).join(", ")} |`,
  `| (b) of which: the POST | ${ms(med.offlinePost)} | ${results.map((r) => ms(r.offline.postMs)).join(", ")} |`,
  `| (b) reconnect to uploaded / (a) | ${ratio.toFixed(2)}x | ${results.map((r) => `${(r.offline.reconnectToUploadedMs / r.plain.totalMs).toFixed(2)}x`).join(", ")} |`,
  `| (b) POST / (a) POST | ${postRatio.toFixed(2)}x | ${results.map((r) => `${(r.offline.postMs / r.plain.postMs).toFixed(2)}x`).join(", ")} |`,
  "",
  END,
].join("\n");
console.log(section);
mkdirSync(join(benchDir, "results"), { recursive: true });
writeFileSync(
  join(benchDir, "results", "offline-upload.json"),
  `${JSON.stringify({ startedOn, bytes: file.length, loadAtStart, loadAtEnd, medians: med, ratio, postRatio, runs: results }, null, 2)}\n`,
);
if (!values["no-write"]) {
  const text = readFileSync(RESULTS, "utf8");
  const at = text.indexOf(START);
  const end = text.indexOf(END);
  writeFileSync(
    RESULTS,
    at >= 0 && end > at
      ? text.slice(0, at) + section + text.slice(end + END.length)
      : `${text.trimEnd()}\n\n${section}\n`,
  );
}
process.exit(0);
