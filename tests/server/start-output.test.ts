// `npm start` as a new user runs it: the start script's command (after its build step) in a real process on a fresh
// embedded database. It runs in production mode (no GraphiQL, no introspection, internal errors masked), seeds the
// demo data, writes the seeded invitation mails to the mail log file instead of the console, and ends its output
// with the address and the demo sign-ins.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCommand } from "../helpers/production-server.ts";

const projectDir = resolve(import.meta.dirname, "../..");
/** How long the output must stay unchanged after the sign-ins before it counts as complete. */
const SETTLE_MS = 2_000;

let dir: string;
let child: ChildProcess | undefined;
let output = "";
let lines: string[] = [];
let url = "";

async function waitFor(condition: () => boolean, what: string, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error(`exited before ${what}:\n${output}`);
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}:\n${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ledgerline-start-"));
  const distDir = join(dir, "dist");
  mkdirSync(distDir);
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>app shell</title>");
  const { env, args } = startCommand();
  const base: Record<string, string | undefined> = { ...process.env };
  // vitest's own settings must not decide the mode: only what the start script sets does.
  delete base.NODE_ENV;
  delete base.GRAPHILE_ENV;
  delete base.MAIL_LOG;
  delete base.SMTP_URL;
  child = spawn(process.execPath, args, {
    cwd: projectDir,
    env: { ...base, ...env, PORT: "0", DATA_DIR: join(dir, "pglite"), DIST_DIR: distDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitFor(() => /Demo sign-ins[^\n]*\n {2}\S+@demo\.test/.test(output), "the demo sign-ins");
  // Wait until nothing more arrives, so a late line (a mail logged after the sign-ins) would be seen.
  let seen = "";
  while (seen !== output) {
    seen = output;
    await new Promise((done) => setTimeout(done, SETTLE_MS));
  }
  lines = output.trimEnd().split("\n");
  url = /running at (http:\/\/\S+)/.exec(output)?.[1] ?? "";
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child?.once("exit", done));
    child.kill("SIGTERM");
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("ends its output with the address and the demo sign-ins", () => {
    const running = lines.findIndex((line) => line.startsWith("Ledgerline is running at "));
    expect(running, output).toBeGreaterThanOrEqual(0);
    expect(lines[running]).toContain("(production, embedded PGlite in ");
    const after = lines.slice(running + 1);
    expect(after[0]).toBe("Seeded the demo data into the empty database.");
    expect(after[1]).toMatch(/^Demo sign-ins \(password for all: \S+\):$/);
    const signIns = after.slice(2);
    expect(signIns.length).toBeGreaterThan(5);
    for (const line of signIns) expect(line).toMatch(/^ {2}\S+@demo\.test +\S/);
  });

  it("writes the seeded mails to the mail log file, not the console", () => {
    expect(output).not.toMatch(/^mail /m);
    const summary = lines.filter((line) => /mail/i.test(line));
    expect(summary).toHaveLength(1);
    const logFile = join(dir, "mail.log");
    expect(summary[0]).toBe(
      `Mail: ${/Mail: (\d+)/.exec(summary[0] ?? "")?.[1]} at start, written to ${logFile} (each with its text)`,
    );
    const count = Number(/Mail: (\d+)/.exec(summary[0] ?? "")?.[1]);
    expect(count).toBeGreaterThan(5);
    expect(existsSync(logFile)).toBe(true);
    const log = readFileSync(logFile, "utf8");
    const entries = log.match(/^\S+ mail distribution_invitation to \S+@demo\.test: .+$/gm) ?? [];
    expect(entries).toHaveLength(count);
    // The text is there with its links pointing at the running server.
    expect(log).toContain(`${url}/distribution/`);
  });

  it("answers the device's reachability probe without a session", async () => {
    const ping = await fetch(`${url}/api/v2/ping`);
    expect(ping.status).toBe(204);
    expect(ping.headers.get("cache-control")).toBe("no-store");
  });

  it("runs in production mode: no GraphiQL, no introspection, internal errors masked", async () => {
    expect((await fetch(`${url}/api/v2/graphiql`)).status).toBe(404);
    const login = await fetch(`${url}/authenticate/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "issuer@demo.test", password: "demo-password", mode: "signin" }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const graphql = async (query: string) => {
      const response = await fetch(`${url}/api/v2/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ query }),
      });
      return (await response.json()) as { data?: unknown; errors?: { message: string; extensions?: object }[] };
    };
    expect((await graphql("{ currentUser { id } }")).errors).toBeUndefined();
    const introspection = await graphql("{ __schema { types { name } } }");
    expect(introspection.errors?.[0]?.message).toMatch(/introspection has been disabled/);
    // A negative page size fails inside the server; development shows why, production only an error id.
    const internal = await graphql("{ currentUser { usersAccounts(first: -1) { nodes { accountId } } } }");
    expect(internal.errors?.[0]?.message).toMatch(/^An error occurred \(logged with hash/);
    expect(JSON.stringify(internal.errors)).not.toMatch(/first|negative|INTERNAL/i);
  });
});
