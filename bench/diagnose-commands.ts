// Where a queued command's time goes (bench/README.md "Analysis"), in one process with the in-process server
// (in-memory PGlite, demo data): makeCustomer as the demo issuer
//   - straight in SQL (role app_user, claims set, one transaction, a savepoint each), with and without the
//     replication triggers (session_replication_role = replica);
//   - through POST /api/v2/commands in requests of 200 (what the device sends; no device bookkeeping), and the SQL
//     once more after it, so a change of the machine's load shows.
// Wall-clock and CPU time (the process's user + system) per command; ratios against the SQL run before. Each run
// adds its contacts, and make_customer costs more as the issuer's contacts grow: PGlite has no autovacuum, so the
// planner's statistics stay those of the seed (an ANALYZE brought 4.7 ms back to 2.2-2.6 ms CPU per call after
// 1,500 contacts), which the last run shows.
// With --rounds R: SQL, the endpoint's direct call path and the endpoint through grafast (the same commands with
// clientMutationId, which the direct path does not take), interleaved in R rounds of --size commands each.
//   node bench/diagnose-commands.ts [--commands 1000] [--rounds R --size 200]
import { parseArgs } from "node:util";

// Grafast reads GRAPHILE_ENV when it loads (the test server's mode, as in bench/run.ts): import it only after this.
process.env.GRAPHILE_ENV ??= "development";
const { MAX_COMMANDS_PER_REQUEST } = await import("../src/domain/wire.ts");
const { startTestServer } = await import("../tests/helpers/server.ts");
const { signInAs } = await import("../tests/sync/harness.ts");

const { values } = parseArgs({
  options: {
    commands: { type: "string", default: "1000" },
    rounds: { type: "string" },
    size: { type: "string", default: "200" },
  },
});
const count = Number(values.commands);

const server = await startTestServer();
const db = server.server.db;
const who = await signInAs(server.client(), "issuer@demo.test");
const tag = `diag-${Date.now().toString(36)}`;

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function timed(fn: () => Promise<void>): Promise<Timing> {
  const wall = performance.now();
  const cpu = cpuMs();
  await fn();
  return { wallMs: performance.now() - wall, cpuMs: cpuMs() - cpu };
}

function report(label: string, timing: Timing, base?: Timing): void {
  const perWall = timing.wallMs / count;
  const ratio = base
    ? ` (${(timing.wallMs / base.wallMs).toFixed(2)}x wall, ${(timing.cpuMs / base.cpuMs).toFixed(2)}x CPU)`
    : "";
  console.log(
    `${label}: ${perWall.toFixed(2)} ms per command (${Math.round(1000 / perWall)}/s), CPU ${(timing.cpuMs / count).toFixed(2)} ms${ratio}`,
  );
}

async function inSql(label: string, withTriggers: boolean, n = count): Promise<Timing> {
  let timing: Timing = { wallMs: 0, cpuMs: 0 };
  await db.transaction(async (tx) => {
    if (!withTriggers) await tx.exec("set local session_replication_role = replica");
    await tx.query(
      `select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.user_id', $2, true),
              set_config('jwt.claims.account_type', 'issuer', true), set_config('jwt.claims.role', 'account_owner', true)`,
      [who.accountId, who.userId],
    );
    await tx.exec("set local role app_user");
    timing = await timed(async () => {
      for (let i = 0; i < n; i++) {
        await tx.exec("savepoint c");
        await tx.query("select app_public.make_customer($1, $2, $3)", [
          `${tag}-${label}-${i}@bench.test`,
          `Diagnosis Contact ${i}`,
          crypto.randomUUID(),
        ]);
        await tx.exec("release savepoint c");
      }
    });
  });
  return timing;
}

/** Requests of up to 200 through the endpoint; viaGrafast adds clientMutationId (the direct call path does not take it). */
async function throughEndpoint(label: string, n = count, viaGrafast = false): Promise<Timing> {
  let seq = 0;
  return timed(async () => {
    for (let sent = 0; sent < n; sent += MAX_COMMANDS_PER_REQUEST) {
      const batch = Array.from({ length: Math.min(MAX_COMMANDS_PER_REQUEST, n - sent) }, () => {
        const i = seq++;
        const input: Record<string, unknown> = {
          id: crypto.randomUUID(),
          email: `${tag}-${label}-${i}@bench.test`,
          name: `C ${i}`,
        };
        if (viaGrafast) input.clientMutationId = "grafast";
        return {
          key: crypto.randomUUID(),
          mutation: "makeCustomer",
          variables: { input },
          userId: who.userId,
          accountId: who.accountId,
          createdOn: new Date().toISOString(),
          deviceId: "diagnose-commands",
          seq: i,
        };
      });
      const response = await who.client.fetch("/api/v2/commands", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(batch),
      });
      const body = (await response.json()) as { results?: Array<{ status: string }> };
      const accepted = body.results?.filter((result) => result.status === "accepted").length ?? 0;
      if (response.status !== 200 || accepted !== batch.length) {
        throw new Error(`request answered ${response.status} with ${accepted} of ${batch.length} accepted`);
      }
    }
  });
}

/**
 * The direct call path against grafast and SQL, interleaved in rounds of `size` commands (so a change of the
 * machine's load or of the table's size falls on all three alike).
 */
async function interleaved(rounds: number, size: number): Promise<void> {
  const total: Record<string, Timing> = {};
  const add = (mode: string, timing: Timing) => {
    const sum = total[mode] ?? { wallMs: 0, cpuMs: 0 };
    total[mode] = { wallMs: sum.wallMs + timing.wallMs, cpuMs: sum.cpuMs + timing.cpuMs };
  };
  for (let round = 0; round < rounds; round++) {
    // fresh planner statistics for each round (PGlite has no autovacuum; make_customer slows as contacts grow)
    await db.exec("vacuum analyze app_public.customers");
    await db.exec("vacuum analyze app_public.accounts");
    add("sql", await inSql(`i${round}`, true, size));
    add("direct", await throughEndpoint(`direct${round}`, size));
    add("grafast", await throughEndpoint(`grafast${round}`, size, true));
  }
  const n = rounds * size;
  const line = (mode: string, label: string) => {
    const timing = total[mode] as Timing;
    const sql = total.sql as Timing;
    console.log(
      `${label}: ${(timing.wallMs / n).toFixed(2)} ms per command (${Math.round((1000 * n) / timing.wallMs)}/s), ` +
        `CPU ${(timing.cpuMs / n).toFixed(2)} ms (${(timing.wallMs / sql.wallMs).toFixed(2)}x wall, ${(timing.cpuMs / sql.cpuMs).toFixed(2)}x CPU of SQL)`,
    );
  };
  console.log(`interleaved, ${rounds} rounds of ${size}:`);
  line("sql", "  make_customer in SQL");
  line("direct", "  POST /api/v2/commands, direct call path");
  line("grafast", "  POST /api/v2/commands, through grafast (clientMutationId)");
}

try {
  if (values.rounds) {
    await interleaved(Number(values.rounds), Number(values.size));
  } else {
    const sql = await inSql("sql", true);
    report("make_customer in SQL, triggers on", sql);
    report("make_customer in SQL, triggers off (replica)", await inSql("replica", false), sql);
    report(`POST /api/v2/commands, requests of ${MAX_COMMANDS_PER_REQUEST}`, await throughEndpoint("endpoint"), sql);
    report("make_customer in SQL again, triggers on", await inSql("again", true), sql);
  }
} finally {
  await server.close();
}
process.exit(0);
