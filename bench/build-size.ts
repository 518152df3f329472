// The size of every chunk of the production build (issue 22 item 9): raw, gzip (level 9) and the brotli copy the
// server sends (dist/**/*.br, written by the build). Figures, not a test: nothing passes or fails.
//
//   node bench/build-size.ts            # builds dist/ when the sources are newer, then prints the table
//   node bench/build-size.ts --top 15   # only the 15 largest chunks (by gzip)
//
// Marks the chunks the first page load fetches (the entry script and the modulepreload links of index.html) with *,
// and prints their total: what every visit downloads before a route's own code.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({ options: { top: { type: "string" } } });
const { ensureBuilt, distDir } = await import("../tests/e2e/app.ts");
ensureBuilt();

const html = readFileSync(join(distDir, "index.html"), "utf8");
const entry = new Set(
  [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="\/([^"]+)"/g),
  ].map((m) => m[1] ?? ""),
);

interface Chunk {
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number | null;
}

const assets = join(distDir, "assets");
const chunks: Chunk[] = readdirSync(assets)
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => {
    const path = join(assets, name);
    const content = readFileSync(path);
    return {
      file: `assets/${name}`,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
      brotliBytes: existsSync(`${path}.br`) ? statSync(`${path}.br`).size : null,
    };
  })
  .sort((a, b) => b.gzipBytes - a.gzipBytes);

const kb = (bytes: number | null) => (bytes === null ? "-" : `${(bytes / 1000).toFixed(1)} KB`);
const pad = (text: string, width: number) => text.padStart(width);
const shown = values.top ? chunks.slice(0, Number(values.top)) : chunks;
const nameWidth = Math.max(...shown.map((c) => c.file.length)) + 2;
console.log(`${"chunk".padEnd(nameWidth)}${pad("raw", 12)}${pad("gzip", 12)}${pad("brotli", 12)}`);
for (const c of shown) {
  const mark = entry.has(c.file) ? "* " : "  ";
  console.log(
    `${(mark + c.file).padEnd(nameWidth)}${pad(kb(c.bytes), 12)}${pad(kb(c.gzipBytes), 12)}${pad(kb(c.brotliBytes), 12)}`,
  );
}
const sum = (list: Chunk[], key: "bytes" | "gzipBytes" | "brotliBytes") =>
  list.reduce((total, c) => total + (c[key] ?? 0), 0);
const first = chunks.filter((c) => entry.has(c.file));
console.log("");
console.log(
  `* entry (index.html's script, modulepreloads, stylesheet): ${first.length} files, ${kb(sum(first, "bytes"))} raw, ${kb(sum(first, "gzipBytes"))} gzip, ${kb(sum(first, "brotliBytes"))} brotli`,
);
console.log(
  `all ${chunks.length} chunks: ${kb(sum(chunks, "bytes"))} raw, ${kb(sum(chunks, "gzipBytes"))} gzip, ${kb(sum(chunks, "brotliBytes"))} brotli`,
);
const missing = chunks.filter((c) => c.brotliBytes === null && c.bytes >= 1024);
if (missing.length) console.log(`no precompressed copy: ${missing.map((c) => c.file).join(", ")}`);
void root;
