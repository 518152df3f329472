// A throwaway PostgreSQL cluster for tests, when the server binaries are installed (Debian: postgresql-15).
// initdb refuses to run as root, so as root the cluster runs as the `postgres` user (runuser) in a temp dir it owns.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

function findBinDir(): string | null {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl")) ? dir : null;
  } catch {
    return null;
  }
}

const binDir = findBinDir();
const isRoot = process.getuid?.() === 0;

function postgresIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

const runAs = isRoot ? postgresIds() : null;

/** True when a real PostgreSQL cluster can be started here. */
export const pgClusterAvailable = binDir !== null && (!isRoot || runAs !== null);

export interface PgCluster {
  /** Connection string of the `postgres` database (superuser `postgres`, trust auth, TCP on 127.0.0.1). */
  url: string;
  /** The same server with another database name. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(tool: string, args: string[]): void {
  const command = runAs ? "runuser" : join(binDir as string, tool);
  const commandArgs = runAs ? ["-u", "postgres", "--", join(binDir as string, tool), ...args] : args;
  const result = spawnSync(command, commandArgs, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

export async function startPgCluster(): Promise<PgCluster> {
  if (!pgClusterAvailable) throw new Error("PostgreSQL server binaries are not available (pg_config --bindir)");
  const dir = mkdtempSync(join(tmpdir(), "ledgerline-pg-"));
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const dataDir = join(dir, "data");
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=50",
  ].join(" ");
  run("pg_ctl", ["-D", dataDir, "-o", options, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"]);
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", stopNow);
    try {
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test process that ends without calling stop() must not leave a server running.
  process.on("exit", stopNow);
  const urlFor = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlFor("postgres"),
    urlFor,
    async stop() {
      stopNow();
    },
  };
}
