// 1,000 commands queued offline and flushed on reconnect, through the app's own outbox (src/data/outbox.ts: 200
// commands per request to POST /api/v2/commands), on RxDB's memory storage in Node against the same in-process
// server. The figure is the server's apply rate plus the client's bookkeeping; the check counts, in SQL, the
// command log rows and the customers the commands created: each must be there exactly once. The process's CPU time
// of both phases is kept too (device, server and PGlite share this process): on a machine loaded by others, the CPU
// ratio moves less than the wall-clock one.

import type { SyncTransport } from "../../src/data/transport.ts";
import type { Database } from "../../sync/db/database.ts";
import type { TestClient } from "../../tests/helpers/server.ts";
import { eventually, openDevice, signInAs, transportOf } from "../../tests/sync/harness.ts";

export interface OutboxFigures {
  commands: number;
  enqueueMs: number;
  flushMs: number;
  commandsPerSecond: number;
  logRows: number;
  acceptedRows: number;
  distinctKeys: number;
  targetRows: number;
  exactlyOnce: boolean;
  /** the same number of make_customer calls straight in SQL (app_user, the issuer's claims, a savepoint each) */
  sqlMs: number;
  sqlPerSecond: number;
  /** CPU time of this process during the flush and during the SQL loop (user + system) */
  flushCpuMs: number;
  sqlCpuMs: number;
}

/** Hooks of bench/diagnose-flush.ts: the device's transport, and calls around the timed flush. */
export interface OutboxProbe {
  transport?: (transport: SyncTransport) => SyncTransport;
  flushStarts?: () => Promise<void> | void;
  flushEnded?: () => Promise<void> | void;
  /** around the timed SQL loop (inside its transaction) */
  sqlStarts?: () => Promise<void> | void;
  sqlEnded?: () => Promise<void> | void;
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export async function outboxBench(
  db: Database,
  client: TestClient,
  baseUrl: string,
  email: string,
  commands = 1000,
  probe: OutboxProbe = {},
): Promise<OutboxFigures> {
  const who = await signInAs(client, email);
  let online = false;
  const transport = probe.transport?.(transportOf(who.client, baseUrl));
  const data = await openDevice(who, baseUrl, { models: ["customers"], isOnline: () => online, transport });
  try {
    await data.replication.awaitInitialReplication();
    const tag = `bench-${Date.now().toString(36)}`;
    let started = performance.now();
    for (let i = 0; i < commands; i++) {
      const address = `${tag}-${String(i).padStart(5, "0")}@bench.test`;
      await data.outbox.enqueue("makeCustomer", {
        input: { id: crypto.randomUUID(), email: address, name: `Bench Contact ${i}` },
      });
    }
    const enqueueMs = performance.now() - started;
    if ((await data.outbox.waitingCount()) !== commands) throw new Error("the outbox did not hold every command");

    // The limit: the same SQL function called directly, as the command endpoint's transaction would, minus GraphQL,
    // the command log and HTTP. Measured first and rolled back, so that both phases start from the same data:
    // make_customer costs more as the issuer's contacts grow (on PGlite the planner's statistics are never
    // refreshed: no autovacuum), and measured after the flush it ran on 1,000 more contacts.
    // Both phases start from the same table state: vacuumed (the rolled-back SQL phase leaves dead rows that every
    // later make_customer would step over: PGlite has no autovacuum) and analyzed (fresh planner statistics).
    const settle = async () => {
      await db.exec("vacuum analyze app_public.customers");
      await db.exec("vacuum analyze app_public.accounts");
    };
    await settle();
    const sqlTag = `${tag}-sql`;
    let sqlMs = 0;
    let sqlCpuMs = 0;
    const rollback = new Error("rolled back");
    await db
      .transaction(async (tx) => {
        await tx.query(
          `select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.user_id', $2, true),
                  set_config('jwt.claims.account_type', $3, true), set_config('jwt.claims.role', 'account_owner', true)`,
          [who.accountId, who.userId, who.accountType],
        );
        await tx.exec("set local role app_user");
        await probe.sqlStarts?.();
        const sqlStarted = performance.now();
        const sqlCpuStarted = cpuMs();
        for (let i = 0; i < commands; i++) {
          await tx.exec("savepoint bench_command");
          await tx.query("select id from app_public.make_customer($1, $2, $3)", [
            `${sqlTag}-${String(i).padStart(5, "0")}@bench.test`,
            `Bench Contact ${i}`,
            crypto.randomUUID(),
          ]);
          await tx.exec("release savepoint bench_command");
        }
        sqlMs = performance.now() - sqlStarted;
        sqlCpuMs = cpuMs() - sqlCpuStarted;
        await probe.sqlEnded?.();
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      });

    await settle();
    online = true;
    await probe.flushStarts?.();
    started = performance.now();
    const flushCpuStarted = cpuMs();
    // flush() resolves once the queue is empty (or the sender has to wait: then the poll below waits for the rest).
    await data.outbox.flush();
    await eventually(async () => (await data.outbox.waitingCount()) === 0, 600_000, "the outbox to drain");
    const flushMs = performance.now() - started;
    const flushCpuMs = cpuMs() - flushCpuStarted;
    await probe.flushEnded?.();

    const pattern = `${tag}-%`;
    const log = await db.query<{ rows: string; accepted: string; keys: string }>(
      `select count(*)::text as rows, count(*) filter (where status = 'accepted')::text as accepted,
              count(distinct idempotency_key)::text as keys
       from app_private.command_log where variables->'input'->>'email' like $1`,
      [pattern],
    );
    const target = await db.query<{ rows: string; emails: string }>(
      "select count(*)::text as rows, count(distinct email)::text as emails from app_public.customers where email like $1",
      [pattern],
    );
    const logRows = Number(log.rows[0]?.rows ?? 0);
    const acceptedRows = Number(log.rows[0]?.accepted ?? 0);
    const distinctKeys = Number(log.rows[0]?.keys ?? 0);
    const targetRows = Number(target.rows[0]?.rows ?? 0);
    const distinctTargets = Number(target.rows[0]?.emails ?? 0);
    return {
      sqlMs,
      sqlPerSecond: commands / (sqlMs / 1000),
      flushCpuMs,
      sqlCpuMs,
      commands,
      enqueueMs,
      flushMs,
      commandsPerSecond: commands / (flushMs / 1000),
      logRows,
      acceptedRows,
      distinctKeys,
      targetRows,
      exactlyOnce:
        logRows === commands &&
        acceptedRows === commands &&
        distinctKeys === commands &&
        targetRows === commands &&
        distinctTargets === commands,
    };
  } finally {
    await data.remove();
  }
}
