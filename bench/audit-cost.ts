// What the audit trail costs the command endpoint (docs/ADMIN.md). First log_commands alone, with each of the audit
// trail's triggers switched off in turn (the events, their change rows, the window). Then 1,000 makeCustomer
// commands as the demo issuer through POST /api/v2/commands in requests of 200, with the audit trigger on the command
// log enabled and disabled, in the order on, off, off, on (a linear drift cancels out: each run adds contacts, and
// make_customer slows as they grow, PGlite having no autovacuum); in-process server, in-memory PGlite, demo data.
// Prints wall-clock and CPU per command and the ratio. The trigger writes one insert per transaction of the request
// (a statement-level trigger over the log rows), in the same transaction.
//   node bench/audit-cost.ts [--commands 1000]
import { parseArgs } from "node:util";

process.env.GRAPHILE_ENV ??= "development";
const { MAX_COMMANDS_PER_REQUEST } = await import("../src/domain/wire.ts");
const { startTestServer } = await import("../tests/helpers/server.ts");
const { signInAs } = await import("../tests/sync/harness.ts");

const { values } = parseArgs({ options: { commands: { type: "string", default: "1000" } } });
const count = Number(values.commands);

const server = await startTestServer();
const db = server.server.db;
const who = await signInAs(server.client(), "issuer@demo.test");
const tag = `audit-${Date.now().toString(36)}`;
let seq = 0;

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function send(n: number, label: string): Promise<{ wallMs: number; cpuMs: number }> {
  const wall = performance.now();
  const cpu = cpuMs();
  for (let sent = 0; sent < n; sent += MAX_COMMANDS_PER_REQUEST) {
    const batch = Array.from({ length: Math.min(MAX_COMMANDS_PER_REQUEST, n - sent) }, () => {
      const i = seq++;
      return {
        key: crypto.randomUUID(),
        mutation: "makeCustomer",
        variables: { input: { id: crypto.randomUUID(), email: `${tag}-${label}-${i}@bench.test`, name: `C ${i}` } },
        userId: who.userId,
        accountId: who.accountId,
        createdOn: new Date().toISOString(),
        deviceId: "audit-cost",
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
    if (response.status !== 200 || accepted !== batch.length)
      throw new Error(`request answered ${response.status} with ${accepted} of ${batch.length} accepted`);
  }
  return { wallMs: performance.now() - wall, cpuMs: cpuMs() - cpu };
}

async function audited(on: boolean): Promise<void> {
  await db.query(`alter table app_private.command_log ${on ? "enable" : "disable"} trigger _900_audit`);
}

async function auditRows(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "select count(*)::int as n from app_public.audit_events where kind = 'command'",
  );
  return rows[0]?.n ?? 0;
}

/** The audit trail's triggers that `logOnly` switches off, one variant at a time (table, trigger). */
const VARIANTS: Record<string, Array<[string, string]>> = {
  "every trigger": [],
  "without the events' change rows (_900_changes_audit_events)": [
    ["app_public.audit_events", "_900_changes_audit_events"],
  ],
  "without the audit window (_910_audit_window)": [["app_public.audit_events", "_910_audit_window"]],
  "without the audit events (_900_audit on the log)": [["app_private.command_log", "_900_audit"]],
};

/**
 * The triggers alone: app_private.log_commands (what the endpoint calls once per transaction) writing batches of 50
 * accepted log rows, one transaction each (as the endpoint does), under the issuer's claims and session, with every
 * audit trigger and with each of them off (VARIANTS), the variants interleaved `rounds` times. Returns ms per logged
 * command for each variant (the median of its rounds).
 */
async function logOnly(batches: number, rounds = 3): Promise<Record<string, number>> {
  const { rows } = await db.query<{ id: string }>(
    "select id from app_private.sessions where user_id = $1 order by created_on desc limit 1",
    [who.userId],
  );
  const sessionId = rows[0]?.id ?? "";
  const times: Record<string, number[]> = {};
  let logged = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [name, off] of Object.entries(VARIANTS)) {
      for (const [table, trigger] of off) await db.query(`alter table ${table} disable trigger ${trigger}`);
      let ms = 0;
      try {
        for (let b = 0; b < batches; b++) {
          await db.transaction(async (tx) => {
            await tx.query(
              `select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.user_id', $2, true),
                      set_config('jwt.claims.session_id', $3, true)`,
              [who.accountId, who.userId, sessionId],
            );
            const entries = Array.from({ length: 50 }, (_, i) => ({
              key: crypto.randomUUID(),
              device_id: "audit-cost",
              device_seq: logged++,
              mutation: "makeCustomer",
              variables: { input: { id: crypto.randomUUID(), email: `log-${logged}-${i}@bench.test`, name: `C ${i}` } },
              status: "accepted",
              error_code: null,
              error_message: null,
              result: null,
              created_on: new Date().toISOString(),
            }));
            const started = performance.now();
            await tx.query("select app_private.log_commands($1::jsonb)", [JSON.stringify(entries)]);
            ms += performance.now() - started;
          });
        }
      } finally {
        for (const [table, trigger] of off) await db.query(`alter table ${table} enable trigger ${trigger}`);
      }
      times[name] = [...(times[name] ?? []), ms / (batches * 50)];
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
}

try {
  await send(200, "warm-up");
  // past the audit window (500 events of the account), as a device's flush after some use is
  await logOnly(12, 1);
  const log = await logOnly(20);
  const all = log["every trigger"] ?? 0;
  console.log("log_commands alone (batches of 50, one transaction each), ms per logged command (median of 3 rounds):");
  for (const [name, ms] of Object.entries(log))
    console.log(
      `  ${name.padEnd(62)} ${ms.toFixed(3)}${name === "every trigger" ? "" : `  (that part: ${(all - ms).toFixed(3)})`}`,
    );
  const totals = { on: { wallMs: 0, cpuMs: 0 }, off: { wallMs: 0, cpuMs: 0 } };
  for (const [round, on] of [
    [1, true],
    [1, false],
    [2, false],
    [2, true],
  ] as const) {
    await audited(on);
    const before = await auditRows();
    const timing = await send(count, `${on ? "on" : "off"}${round}`);
    const recorded = (await auditRows()) - before;
    const key = on ? "on" : "off";
    totals[key].wallMs += timing.wallMs;
    totals[key].cpuMs += timing.cpuMs;
    console.log(
      `audit ${on ? "on " : "off"} run ${round}: ${(timing.wallMs / count).toFixed(2)} ms per command, CPU ${(timing.cpuMs / count).toFixed(2)} ms, ${recorded} events recorded`,
    );
  }
  await audited(true);
  const per = (t: { wallMs: number }) => t.wallMs / (2 * count);
  console.log(
    `mean: audit on ${per(totals.on).toFixed(2)} ms, off ${per(totals.off).toFixed(2)} ms per command: ${(totals.on.wallMs / totals.off.wallMs).toFixed(3)}x wall, ${(totals.on.cpuMs / totals.off.cpuMs).toFixed(3)}x CPU`,
  );
} finally {
  await server.close();
}
process.exit(0);
