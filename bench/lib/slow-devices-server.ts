// The server of bench/slow-devices.ts, in a worker thread so its heap is measured apart from the simulated devices:
// the real server (startServer, production mode, in-memory PGlite, demo data) with a long websocket keep-alive (a
// device that does not read does not answer pings, and would be dropped within 24 s otherwise). It answers the
// bench's messages: sessions to make, changes to notify, and a memory probe after a full garbage collection (this
// isolate's heap used + external, and the server's own accounting of what its websockets hold).
import { createHash, randomBytes } from "node:crypto";
import { parentPort } from "node:worker_threads";

process.env.GRAPHILE_ENV ??= "production";
const { startServer } = await import("../../sync/http/server.ts");
const server = await startServer({
  mode: "production",
  port: 0,
  dataDir: null,
  seedDemo: true,
  websocketKeepAliveMs: 600_000,
  mailLog: () => {},
});

type Request =
  | { kind: "sessions"; count: number }
  | { kind: "notify"; prefix: string; from: number; count: number; perTransaction: number }
  | { kind: "probe" }
  | { kind: "stop" };

async function answer(request: Request): Promise<unknown> {
  switch (request.kind) {
    case "sessions": {
      const { rows } = await server.db.query<{ user_id: string; account_id: string }>(
        `select e.user_id, a.id as account_id from app_public.user_emails e, app_public.accounts a
         where e.email = 'issuer@demo.test' and a.name = 'Northwind Renewables, Inc.'`,
      );
      const cookies: string[] = [];
      for (let i = 0; i < request.count; i++) {
        const token = randomBytes(32).toString("base64url");
        await server.db.query(
          `insert into app_private.sessions (token_hash, user_id, account_id, expires_on)
           values ($1, $2, $3, now() + interval '1 day')`,
          [createHash("sha256").update(token).digest("hex"), rows[0]!.user_id, rows[0]!.account_id],
        );
        cookies.push(`ll_session=${token}`);
      }
      return cookies;
    }
    case "notify": {
      const last = request.from + request.count - 1;
      for (let start = request.from; start <= last; start += request.perTransaction) {
        await server.db.query(
          `select pg_notify('app_changes', json_build_object('t', 'holdings', 'id', $1 || i)::text)
           from generate_series($2::int, $3::int) i`,
          [request.prefix, start, Math.min(start + request.perTransaction - 1, last)],
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
      return null;
    }
    case "probe": {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      gc?.();
      const memory = process.memoryUsage();
      return { retained: memory.heapUsed + memory.external, backlog: server.websocketBacklog(), gc: Boolean(gc) };
    }
    case "stop":
      await server.close();
      return null;
  }
}

parentPort!.on("message", (message: { id: number; request: Request }) => {
  answer(message.request).then(
    (value) => parentPort!.postMessage({ id: message.id, value }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
parentPort!.postMessage({ url: server.url });
