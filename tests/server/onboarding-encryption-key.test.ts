// Where the server's key for encrypted step answers comes from (sync/db/encryption-key.ts): LL_ENCRYPTION_KEY wins;
// otherwise a key generated once beside the data directory, readable by its owner only, and the same on the next
// start; an in-memory database gets a fresh random key.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { encryptionKeyFile, resolveEncryptionKey } from "../../sync/db/encryption-key.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the encryption key", () => {
  it("is generated once beside the data directory with 0600 permissions and reused", () => {
    const root = mkdtempSync(join(tmpdir(), "ll-key-"));
    dirs.push(root);
    const dataDir = join(root, "pglite");
    const first = resolveEncryptionKey({ dataDir }, {});
    expect(first.length).toBeGreaterThanOrEqual(40);
    const file = encryptionKeyFile(dataDir);
    expect(file).toBe(join(root, "pglite.key"));
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveEncryptionKey({ dataDir }, {})).toBe(first);
  });

  it("comes from LL_ENCRYPTION_KEY when set, and is random for an in-memory database", () => {
    expect(resolveEncryptionKey({ dataDir: "/nonexistent/never-written" }, { LL_ENCRYPTION_KEY: " from-env " })).toBe(
      "from-env",
    );
    const a = resolveEncryptionKey({ dataDir: null }, {});
    const b = resolveEncryptionKey({ dataDir: null }, {});
    expect(a).not.toBe(b);
  });
});
