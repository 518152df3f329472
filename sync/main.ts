// `node sync/main.ts`: config -> open database -> migrate -> seed demo data if empty -> listen. Prints the address
// and the demo sign-ins last (mails delivered during the start are counted in one line before them; each mail is in
// the mail log file); closes cleanly on SIGINT/SIGTERM.
import path from "node:path";
import { readConfig } from "./config.ts";
import type { Database } from "./db/database.ts";
import { logEvent, setLogFormat } from "./log.ts";

const DEFAULT_DEMO_PASSWORD = "demo-password";

async function demoPassword(): Promise<string> {
  try {
    const demo = (await import("./seed/demo.ts")) as { DEMO_PASSWORD?: string };
    return demo.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
  } catch {
    return DEFAULT_DEMO_PASSWORD;
  }
}

async function demoSignIns(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ email: string; accounts: string | null }>(
    `select e.email,
            string_agg(a.type || ' ' || replace(ua.role, 'account_', ''), ', ' order by a.type) as accounts
       from app_public.user_emails e
       left join app_public.users_accounts ua on ua.user_id = e.user_id
       left join app_public.accounts a on a.id = ua.account_id
      where e.email like '%@demo.test'
      group by e.email
      order by e.email`,
  );
  return rows.map((row) => `  ${row.email.padEnd(28)} ${row.accounts ?? "(no account yet)"}`);
}

async function main(): Promise<void> {
  const config = readConfig();
  // LOG_FORMAT=json (the default in production on PostgreSQL): every line of this process is one JSON object
  setLogFormat(config.logFormat);
  if (config.databaseUrl && !process.env.LL_ENCRYPTION_KEY?.trim()) {
    // Answers sealed with a key of this process alone could never be read again after a restart: production refuses
    // to start rather than lose them; a developer's server warns.
    if (config.mode === "production") {
      logEvent(
        "error",
        "LL_ENCRYPTION_KEY is not set: on DATABASE_URL every process needs the same key to read the answers it seals at rest, and a key of this process alone would be lost at the next start. Set LL_ENCRYPTION_KEY (README, Production) and start again.",
      );
      process.exit(1);
    }
    logEvent(
      "warn",
      "LL_ENCRYPTION_KEY is not set: this process encrypts answers with a random key of its own, which no other process and no later start can read. Set the same key on every process (README, Production).",
    );
  }
  // Grafast reads GRAPHILE_ENV when it loads, so set it before the server's modules are imported.
  process.env.GRAPHILE_ENV ??= config.mode === "production" ? "production" : "development";
  const { startServer } = await import("./http/server.ts");
  // Until the address is printed, mail deliveries are only counted (the log file has each one), so the address and
  // the demo sign-ins stay the last lines of the start; afterwards each delivery is one console line.
  let starting = true;
  let startMails = 0;
  const server = await startServer({
    ...config,
    dataDir: config.databaseUrl ? null : config.dataDir,
    seedDemo: process.env.SEED_DEMO === "1" ? true : undefined,
    mailLog: (line) => {
      if (starting) startMails += 1;
      else console.log(line);
    },
  });
  // The demo seed queues invitation mails; let the relay deliver them before the address is printed.
  await server.mail.deliverQueued().catch(() => 0);
  starting = false;
  if (startMails > 0 && config.mailLogFile) {
    const relative = path.relative(process.cwd(), config.mailLogFile);
    const file = relative.startsWith("..") || path.isAbsolute(relative) ? config.mailLogFile : relative;
    console.log(`Mail: ${startMails} at start, written to ${file} (each with its text)`);
  }
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  console.log(`Ledgerline is running at ${server.url} (${config.mode}, ${where})`);
  if (server.seeded) console.log("Seeded the demo data into the empty database.");
  const signIns = await demoSignIns(server.db);
  if (signIns.length > 0) {
    console.log(`Demo sign-ins (password for all: ${await demoPassword()}):`);
    console.log(signIns.join("\n"));
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logEvent("info", `${signal}: shutting down`, { signal });
    // Graceful: stop accepting, let the requests in flight finish (up to 8 s), close every websocket with 1012 and a
    // reason telling its client to reconnect, hand the background runners over. A stuck close must not keep the
    // process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close().then(
      () => {
        logEvent("info", "shut down", { signal });
        process.exit(0);
      },
      (error: unknown) => {
        console.error("shutdown failed:", error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
