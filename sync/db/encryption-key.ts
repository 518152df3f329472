// The key that encrypts sensitive answers at rest (encrypted_form steps: sync/database/onboarding/30_step_answers.sql).
// It never lives in the database: LL_ENCRYPTION_KEY when set (several server processes on one DATABASE_URL must all
// set the same one), else a key generated once and kept in a file beside the data directory (readable by the
// server's user only), else - an in-memory database - a random key for the life of the process. The server hands it
// to every connection it opens as the setting `ll.encryption_key`.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ENCRYPTION_KEY_SETTING = "ll.encryption_key";

/** The key file of a data directory: `<dataDir>.key`, beside it (not inside: PGlite owns the directory). */
export function encryptionKeyFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.key`;
}

function readOrCreate(file: string): string {
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString("base64url");
  // flag wx: two processes starting at once must not both write a different key.
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
  chmodSync(file, 0o600);
  return key;
}

export function resolveEncryptionKey(
  options: { dataDir?: string | null },
  env: NodeJS.ProcessEnv = process.env,
): string {
  const fromEnv = env.LL_ENCRYPTION_KEY?.trim();
  if (fromEnv) return fromEnv;
  if (options.dataDir) return readOrCreate(encryptionKeyFile(options.dataDir));
  return randomBytes(32).toString("base64url");
}
