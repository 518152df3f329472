// The outbox figure of the bench on its own (bench/lib/outbox.ts): 1,000 makeCustomer commands queued offline,
// flushed on reconnect through the app's outbox, against make_customer straight in SQL, in one process with the
// in-process server (in-memory PGlite, demo data). Prints the figure and the exactly-once counts.
//   node bench/outbox-flush.ts [--commands 1000] [--runs 1]
import os from "node:os";
import { parseArgs } from "node:util";

process.env.GRAPHILE_ENV ??= "development";
const { startTestServer } = await import("../tests/helpers/server.ts");
const { outboxBench } = await import("./lib/outbox.ts");

const { values } = parseArgs({
  options: { commands: { type: "string", default: "1000" }, runs: { type: "string", default: "1" } },
});
const server = await startTestServer();
try {
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" / ")}`,
  );
  for (let run = 0; run < Number(values.runs); run++) {
    const f = await outboxBench(
      server.server.db,
      server.client(),
      server.url,
      "issuer@demo.test",
      Number(values.commands),
    );
    console.log(
      `flush ${Math.round(f.commandsPerSecond)}/s (${Math.round(f.flushMs)} ms, CPU ${Math.round(f.flushCpuMs)} ms); ` +
        `SQL ${Math.round(f.sqlPerSecond)}/s (${Math.round(f.sqlMs)} ms, CPU ${Math.round(f.sqlCpuMs)} ms); ` +
        `${(f.flushMs / f.sqlMs).toFixed(2)}x of SQL time, ${(f.flushCpuMs / f.sqlCpuMs).toFixed(2)}x CPU; ` +
        `enqueue ${Math.round(f.enqueueMs)} ms; exactly once: ${f.exactlyOnce} (log ${f.logRows}, accepted ${f.acceptedRows}, keys ${f.distinctKeys}, customers ${f.targetRows})`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" / ")}`,
  );
} finally {
  await server.close();
}
process.exit(0);
