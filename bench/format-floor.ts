// node bench/format-floor.ts [--documents 50000] [--rounds 3]
//
// The stored formats' floors side by side (issue 34), on a loaded machine: the same synthetic holding-shaped documents
// put with one Dexie bulkPut into a fresh database, in three formats, the three interleaved round after round in one
// page of a Chromium profile on disk (as the bench's raw step): plain (the documents as served, key `id`), RxDB's Dexie
// storage's (`_deleted` as "0", `_attachments`, `_meta.lwt`, `_rev`; indexes `[_deleted+id]`, `[_meta.lwt+id]`,
// `_meta.lwt`) and the read models' own storage's (src/data/storage/format.ts: `_meta.lwt` and `_rev` only, the
// collection's declared indexes (none for holdings) and `_meta.lwt`). Each database is deleted after its put. Prints
// each put's time, the medians and their ratios to plain, with the load average before and after. Writes nothing.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fillWithDefaultSettings, type RxJsonSchema } from "rxdb";
import { COLLECTION_MODELS } from "../src/data/models/index.ts";
import { tableIndexes } from "../src/data/storage/format.ts";
import { newProfileContext } from "../tests/helpers/browser.ts";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const documents = arg("documents", 50_000);
const rounds = arg("rounds", 3);
const root = join(import.meta.dirname, "..");
const origin = "http://localhost:9/";
const holdings = fillWithDefaultSettings(
  structuredClone(COLLECTION_MODELS.holdings) as RxJsonSchema<Record<string, unknown>>,
);
const ownSchema = ["id", ...tableIndexes((holdings.indexes ?? []) as never, "id")].join(", ");
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");

const { context, close } = await newProfileContext(origin);
try {
  const dexie = readFileSync(join(root, "node_modules", "dexie", "dist", "dexie.min.js"), "utf8");
  await context.route(`${origin}**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>format floor</title><script>${dexie}</script>`,
    }),
  );
  const page = await context.newPage();
  await page.goto(origin);
  console.log(`${documents} documents, ${rounds} rounds; own format's table: "${ownSchema}"; load ${load()}`);
  const times = await page.evaluate(
    async ({ documents, rounds, ownSchema }) => {
      // biome-ignore lint/suspicious/noExplicitAny: Dexie's UMD global, untyped here
      const Dexie = (window as unknown as { Dexie: any }).Dexie;
      const uuid = () => crypto.randomUUID();
      const served = Array.from({ length: documents }, (_, i) => ({
        id: uuid(),
        securityId: uuid(),
        roundId: uuid(),
        investorId: uuid(),
        issuerId: uuid(),
        amount: `${(i % 9_973) + 1}.250000`,
        pricePerUnit: "12.5000000000",
        status: "active",
        investor: { name: `Investor ${i}`, email: `investor-${i}@example.com` },
        createdOn: new Date(1_700_000_000_000 + i * 1_000).toISOString(),
        updatedOn: new Date(1_700_000_000_000 + i * 1_000).toISOString(),
      }));
      const formats: Record<string, { schema: string; docs: () => Record<string, unknown>[] }> = {
        plain: { schema: "id", docs: () => served },
        rxdb: {
          schema: "id, [_deleted+id], [_meta.lwt+id], _meta.lwt",
          docs: () =>
            served.map((doc, i) => ({
              ...doc,
              _deleted: "0",
              _attachments: {},
              _meta: { lwt: Date.now() + i / 1000 },
              _rev: "1-abcdefghij",
            })),
        },
        own: {
          schema: ownSchema,
          docs: () => served.map((doc, i) => ({ ...doc, _meta: { lwt: Date.now() + i / 1000 }, _rev: "1-abcdefghij" })),
        },
      };
      const times: Record<string, number[]> = { plain: [], rxdb: [], own: [] };
      for (let round = 0; round < rounds; round++) {
        // a different order each round, so no format always follows another's deletion
        const order = ["plain", "rxdb", "own"].map((_, i, all) => all[(i + round) % all.length] as string);
        for (const name of order) {
          const format = formats[name] as (typeof formats)[string];
          const docs = format.docs();
          await Dexie.delete(`floor-${name}`);
          const db = new Dexie(`floor-${name}`);
          db.version(1).stores({ docs: format.schema });
          await db.open();
          const start = performance.now();
          await db.table("docs").bulkPut(docs);
          times[name]?.push(performance.now() - start);
          db.close();
          await Dexie.delete(`floor-${name}`);
        }
      }
      return times;
    },
    { documents, rounds, ownSchema },
  );
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const plain = median(times.plain ?? []);
  for (const [name, list] of Object.entries(times)) {
    const m = median(list);
    console.log(
      `${name.padEnd(6)} ${list.map((ms) => `${Math.round(ms)} ms`).join(", ")}; median ${Math.round(m)} ms, ${(m / plain).toFixed(2)}x of plain`,
    );
  }
  console.log(`load after ${load()}`);
} finally {
  await close();
}
