// Local storage: files in a directory (the embedded default). Several server processes using it must share the
// directory (a mounted volume); object storage (s3.ts) needs nothing shared.
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import type { FileStorage } from "./index.ts";

let temporaryDir: Promise<string> | null = null;

export function createLocalStorage(configured: string | null, dataDir: string | null): FileStorage {
  const directory = async (): Promise<string> => {
    if (configured) return configured;
    if (dataDir) return join(dataDir, "..", "files");
    temporaryDir ??= mkdtemp(join(tmpdir(), "ledgerline-files-"));
    return temporaryDir;
  };
  /** The file's path; a key that would leave the directory is refused. */
  const pathOf = async (key: string): Promise<string> => {
    const root = resolve(await directory());
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`unsafe file key ${JSON.stringify(key)}`);
    return path;
  };
  return {
    kind: "local",
    uploadOrigins: [],
    uploadLocation: async () => null,
    async write(key, bytes) {
      const path = await pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.part`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async stat(key) {
      const info = await stat(await pathOf(key)).catch(() => null);
      return info?.isFile() ? { size: info.size } : null;
    },
    async read(key) {
      const path = await pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, body: createReadStream(path) };
    },
    async remove(key) {
      await rm(await pathOf(key), { force: true });
    },
    close() {},
  };
}
