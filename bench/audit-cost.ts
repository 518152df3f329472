// What the audit trail costs the command endpoint (docs/ADMIN.md): 1,000 makeCustomer commands as the demo issuer
// through POST /api/v2/commands in requests of 200, with the audit trigger on the command log enabled and disabled,
// alternating (on, off, on, off) so a drift of the machine's load shows; in-process server, in-memory PGlite, demo
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

try {
  await send(200, "warm-up");
  const totals = { on: { wallMs: 0, cpuMs: 0 }, off: { wallMs: 0, cpuMs: 0 } };
  for (const [round, on] of [
    [1, true],
    [1, false],
    [2, true],
    [2, false],
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
