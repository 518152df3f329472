// A production server on DATABASE_URL without LL_ENCRYPTION_KEY would seal answers with a key of its own process,
// unreadable after its next start or by any other process: it refuses to start, saying which setting is missing,
// before it touches the database (the address below has no server behind it).
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const projectDir = resolve(import.meta.dirname, "../..");

describe("the encryption key on PostgreSQL", () => {
  it("a production server without LL_ENCRYPTION_KEY refuses to start and names the setting", () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
      PORT: "0",
    };
    delete env.LL_ENCRYPTION_KEY;
    const run = spawnSync(process.execPath, ["sync/main.ts"], {
      cwd: projectDir,
      env,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    const line = run.stderr.split("\n").find((text) => text.includes("LL_ENCRYPTION_KEY"));
    expect(line && JSON.parse(line)).toMatchObject({ level: "error" });
    expect(line).toContain("Set LL_ENCRYPTION_KEY");
  });
});
