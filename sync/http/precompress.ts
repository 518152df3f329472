// Precompressed copies of the built app's text files: `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level
// 9) beside each .js/.css/.html/.svg/.json/.webmanifest/.txt file of 1 KB or more, written once at build time (the
// vite plugin in vite.config.ts runs this after the build) so the server (static.ts) can send them without
// compressing per request. A copy that is not smaller than the file is not written. Source maps are left alone.
// precompressed.json records the size of each file the copies were made from: the server sends a copy only while
// its file still has that size (a file changed after the build, like a new sw.js, goes out as it is).
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** File types worth compressing (the server only looks for precompressed copies of these). */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".svg",
  ".json",
  ".webmanifest",
  ".txt",
]);
const MIN_BYTES = 1024;
export const PRECOMPRESSED_FILE = "precompressed.json";

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes the .br and .gz copies for every compressible file under `dir` (replacing older copies). */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const sizes: Record<string, number> = {};
  const jobs: Array<() => Promise<void>> = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    jobs.push(async () => {
      // another build may empty the directory meanwhile (two builds of one work tree): skip what vanished
      const content = await fs.readFile(file).catch(() => null);
      if (!content) return;
      if (content.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz(content, { level: 9 }),
      ]);
      result.files++;
      result.bytes += content.length;
      sizes[path.relative(dir, file).split(path.sep).join("/")] = content.length;
      try {
        if (br.length < content.length) {
          await fs.writeFile(`${file}.br`, br);
          result.brotliBytes += br.length;
        }
        if (gzipped.length < content.length) {
          await fs.writeFile(`${file}.gz`, gzipped);
          result.gzipBytes += gzipped.length;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    });
  }
  // zlib runs on libuv's thread pool: a few at a time keeps every core busy without queueing the whole build.
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );
  await fs.writeFile(path.join(dir, PRECOMPRESSED_FILE), `${JSON.stringify(sizes)}\n`);
  return result;
}
