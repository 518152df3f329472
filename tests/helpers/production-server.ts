// The server as a user starts it: the command `npm start` runs after its build step (read from package.json, so the
// two cannot drift apart), in a real plain-Node process, production mode, on a fresh embedded database seeded with the
// demo data. Tests that run the server inside the test runner go through vitest's module loader, which resolves some
// packages differently (a default import of a CommonJS module once held the module one level deeper under plain Node:
// the built-in signer failed in production while every in-process test passed); this is the check against that.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const projectDir = join(import.meta.dirname, "..", "..");

/** The command `npm start` runs after its build step: its environment assignments and its arguments. */
export function startCommand(): { env: Record<string, string>; args: string[] } {
  const scripts = JSON.parse(readFileSync(join(projectDir, "package.json"), "utf8")).scripts as Record<string, string>;
  const steps = (scripts.start ?? "").split("&&").map((step) => step.trim());
  if (steps[0] !== "npm run build") throw new Error(`npm start no longer builds first: ${scripts.start}`);
  const words = (steps.at(-1) ?? "").split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes("=")) {
    const [name, value] = (words.shift() ?? "").split("=") as [string, string];
    env[name] = value;
  }
  if (words[0] !== "node") throw new Error(`npm start no longer runs node: ${scripts.start}`);
  return { env, args: words.slice(1) };
}

export interface ProductionServer {
  url: string;
  /** The fresh data directory (PGlite); the built-in signer's files are beside it, in `signing/`. */
  dataDir: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  close(): Promise<void>;
}

/**
 * Starts `node sync/main.ts` exactly as `npm start` does, on a new data directory, serving `distDir` (a production
 * build). Resolves once the process prints its address.
 */
export async function startProductionServer(
  distDir: string,
  env: Record<string, string> = {},
): Promise<ProductionServer> {
  const dir = mkdtempSync(join(tmpdir(), "ll-production-"));
  const dataDir = join(dir, "pglite");
  const { env: startEnv, args } = startCommand();
  const base: Record<string, string | undefined> = { ...process.env };
  // vitest's own settings must not decide the mode: only what the start script sets does.
  for (const name of [
    "NODE_ENV",
    "GRAPHILE_ENV",
    "MAIL_LOG",
    "SMTP_URL",
    "VITEST",
    "VITEST_POOL_ID",
    "VITEST_WORKER_ID",
  ]) {
    delete base[name];
  }
  let output = "";
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: projectDir,
    env: { ...base, ...startEnv, PORT: "0", DATA_DIR: dataDir, DIST_DIR: distDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Ledgerline is running at (\S+)/.exec(output);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the server exited (${child.exitCode}) before it listened:\n${output}`));
      }
    }, 100);
    setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`the server did not print its address in 240 s:\n${output}`));
    }, 240_000).unref();
  });
  return {
    url,
    dataDir,
    output: () => output,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
