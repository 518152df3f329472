// What the audit trail costs the command endpoint (docs/ADMIN.md): 1,000 makeCustomer commands as the demo issuer
// through POST /api/v2/commands in requests of 200, with the audit trigger on the command log enabled and disabled,
// in the order on, off, off, on (a linear drift cancels out: each run adds contacts, and make_customer slows as they
// grow, PGlite having no autovacuum); in-process server, in-memory PGlite, demo
// data. Prints wall-clock and CPU per command and the ratio. The trigger writes one insert per transaction of the
// request (a statement-level trigger over the log rows), in the same transaction.
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

/**
 * The trigger alone: app_private.log_commands (what the endpoint calls once per transaction) writing batches of 50
 * accepted log rows, `batches` times, with the trigger on and off (on, off, off, on), under the issuer's claims and
 * session. Returns ms per logged command for each setting.
 */
async function logOnly(batches: number): Promise<{ on: number; off: number }> {
  const { rows } = await db.query<{ id: string }>(
    "select id from app_private.sessions where user_id = $1 order by created_on desc limit 1",
    [who.userId],
  );
  const sessionId = rows[0]?.id ?? "";
  const totals = { on: 0, off: 0 };
  for (const on of [true, false, false, true]) {
    await audited(on);
    await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.user_id', $2, true),
                set_config('jwt.claims.session_id', $3, true)`,
        [who.accountId, who.userId, sessionId],
      );
      const started = performance.now();
      for (let b = 0; b < batches; b++) {
        const entries = Array.from({ length: 50 }, (_, i) => ({
          key: crypto.randomUUID(),
          device_id: "audit-cost",
          device_seq: b * 50 + i,
          mutation: "makeCustomer",
          variables: { input: { id: crypto.randomUUID(), email: `log-${b}-${i}@bench.test`, name: `C ${i}` } },
          status: "accepted",
          error_code: null,
          error_message: null,
          result: null,
          created_on: new Date().toISOString(),
        }));
        await tx.query("select app_private.log_commands($1::jsonb)", [JSON.stringify(entries)]);
      }
      totals[on ? "on" : "off"] += performance.now() - started;
    });
  }
  return { on: totals.on / (2 * batches * 50), off: totals.off / (2 * batches * 50) };
}

try {
  await send(200, "warm-up");
  const log = await logOnly(20);
  console.log(
    `log_commands alone (batches of 50): ${log.on.toFixed(3)} ms per command with the trigger, ${log.off.toFixed(3)} ms without: +${(log.on - log.off).toFixed(3)} ms per command`,
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
