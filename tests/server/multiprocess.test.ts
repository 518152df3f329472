// Several server processes on one PostgreSQL (docs/SERVER.md "Several processes"): real child processes running
// sync/main.ts in production mode on a throwaway cluster, behind a small round-robin proxy (HTTP and websocket)
// written here, as a load balancer would put them. A change committed through one process reaches a stream client of
// the other; the same command delivered to both at once applies once; a session works on each; background work
// (mail delivery and chain jobs, with every runner's lock checked) runs in one process and resumes on another when
// that one is killed mid-flush; health and readiness (a lost LISTEN connection included); JSON logs; a SIGTERM lets a
// command in flight finish, refuses new connections and closes websockets with a reconnect hint the app's change
// stream follows.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { connect, createServer as createTcpServer, type Socket, type Server as TcpServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createClient } from "graphql-ws";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { openChangeStream } from "../../src/data/change-stream.ts";
import { type PgCluster, pgClusterAvailable, startPgCluster } from "../helpers/pg-cluster.ts";
import { makeClient, type TestClient } from "../helpers/server.ts";

const projectDir = resolve(import.meta.dirname, "../..");
const ENCRYPTION_KEY = "multiprocess-test-shared-key-0123456789";

interface Proc {
  name: string;
  child: ChildProcess;
  url: string;
  port: number;
  stdout: string;
  exited: Promise<number | null>;
  alive: boolean;
}

// ---------------------------------------------------------------- fake SMTP: counts each mail; can hold one answer

interface Smtp {
  url: string;
  /** Subjects of the mails it accepted (answered 250 to), in order. */
  accepted: string[];
  /** How long each mail's answer takes (ms), so a second sender would overlap the first. */
  delayMs: number;
  /** When set, the end of the next mail's data is not answered until release() (the sender waits mid-flush). */
  holdNext: boolean;
  held: Promise<string>;
  release(): void;
  close(): Promise<void>;
}

function fakeSmtp(): Promise<Smtp> {
  let onHeld: (subject: string) => void = () => {};
  let releaseHeld: () => void = () => {};
  const smtp: Smtp = {
    url: "",
    accepted: [],
    delayMs: 0,
    holdNext: false,
    held: new Promise((done) => {
      onHeld = done;
    }),
    release: () => releaseHeld(),
    close: async () => {},
  };
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.setEncoding("utf8");
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    let buffer = "";
    let data: string[] | null = null;
    reply("220 fake.test ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== ".") {
            data.push(line);
            continue;
          }
          const subject = (data.find((l) => l.startsWith("Subject: ")) ?? "").slice(9);
          data = null;
          const accept = () => {
            if (socket.destroyed) return;
            smtp.accepted.push(subject);
            reply("250 queued");
          };
          if (smtp.holdNext) {
            smtp.holdNext = false;
            releaseHeld = accept;
            onHeld(subject);
          } else if (smtp.delayMs > 0) setTimeout(accept, smtp.delayMs);
          else accept();
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 fake.test");
        else if (verb === "DATA") {
          data = [];
          reply("354 go ahead");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
  });
  return new Promise((done) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      smtp.url = `smtp://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      smtp.close = () =>
        new Promise((closed) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => closed());
        });
      done(smtp);
    });
  });
}

// ---------------------------------------------------------------- the round-robin proxy (HTTP and websocket)

interface Proxy {
  url: string;
  /** Which process served each request or websocket, in order (its name). */
  served: Array<{ kind: "http" | "ws"; name: string; path: string }>;
  close(): Promise<void>;
}

function startProxy(backends: () => Proc[]): Promise<Proxy> {
  let next = 0;
  const served: Proxy["served"] = [];
  /** The next live backend in turn; a backend that refuses the connection is skipped (as a load balancer does). */
  const pick = (skip: Set<string>) => {
    const live = backends().filter((b) => b.alive && !skip.has(b.name));
    if (live.length === 0) return null;
    const chosen = live[next % live.length] as Proc;
    next += 1;
    return chosen;
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const tried = new Set<string>();
    const attempt = () => {
      const backend = pick(tried);
      if (!backend) {
        res.writeHead(502).end();
        return;
      }
      tried.add(backend.name);
      const upstream = httpRequest(
        { host: "127.0.0.1", port: backend.port, method: req.method, path: req.url, headers: req.headers },
        (answer: IncomingMessage) => {
          served.push({ kind: "http", name: backend.name, path: req.url ?? "" });
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-backend": backend.name });
          answer.pipe(res);
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && !res.headersSent) attempt();
        else res.destroy();
      });
      upstream.end(body);
    };
    attempt();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("upgrade", (req, socket: Socket, head: Buffer) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    const tried = new Set<string>();
    const attempt = () => {
      const backend = pick(tried);
      if (!backend) return socket.destroy();
      tried.add(backend.name);
      const upstream = connect(backend.port, "127.0.0.1", () => {
        served.push({ kind: "ws", name: backend.name, path: req.url ?? "" });
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on("close", () => {
        sockets.delete(upstream);
        socket.destroy();
      });
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && !socket.destroyed) attempt();
      });
      socket.on("close", () => upstream.destroy());
    };
    attempt();
  });
  return new Promise((done) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      done({
        url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
        served,
        close: () =>
          new Promise((closed) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => closed());
          }),
      });
    });
  });
}

// ---------------------------------------------------------------- the processes

let cluster: PgCluster;
let databaseUrl = "";
let admin: pg.Client;
let smtp: Smtp;
let proxy: Proxy;
let dir: string;
const procs: Proc[] = [];
/** The round and token of the chain tests (deployed by the first chain leader, minted after the takeover). */
let chainRound = "";
let chainToken = "";
/** The process started after the SIGKILL. */
let replacement: Promise<Proc> | null = null;

function startProcess(name: string, extra: Record<string, string> = {}): Promise<Proc> {
  const base: Record<string, string | undefined> = { ...process.env };
  delete base.GRAPHILE_ENV;
  delete base.LOG_FORMAT;
  const child = spawn(process.execPath, ["sync/main.ts"], {
    cwd: projectDir,
    env: {
      ...base,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      LL_ENCRYPTION_KEY: ENCRYPTION_KEY,
      PORT: "0",
      HOST: "127.0.0.1",
      DIST_DIR: dir,
      SMTP_URL: smtp.url,
      MAIL_LOG: join(dir, `${name}-mail.log`),
      PUBLIC_URL: "https://ledgerline.example",
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const proc: Proc = {
    name,
    child,
    url: "",
    port: 0,
    stdout: "",
    alive: true,
    exited: new Promise((done) => child.once("exit", (code) => done(code))),
  };
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    proc.stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  void proc.exited.then(() => {
    proc.alive = false;
  });
  procs.push(proc);
  // a test run that ends without afterAll must not leave a server running
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void proc.exited.then(() => process.off("exit", killOnExit));
  return new Promise((done, fail) => {
    const timer = setInterval(() => {
      const match = /Ledgerline is running at (http:\/\/[\d.]+:(\d+))/.exec(proc.stdout);
      if (match) {
        clearInterval(timer);
        proc.url = match[1] as string;
        proc.port = Number(match[2]);
        done(proc);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        fail(new Error(`${name} exited (${child.exitCode}):\n${proc.stdout}\n${stderr}`));
      }
    }, 50);
  });
}

async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 15_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** The process (by name) whose runner connection holds the runner's advisory lock, with how many hold it. */
async function lockHolders(runner: number): Promise<string[]> {
  const { rows } = await admin.query<{ application_name: string }>(
    `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.classid = 7231002 and l.objid = $1`,
    [runner],
  );
  return rows.map((row) => {
    const pid = Number(/ledgerline (\d+) runners/.exec(row.application_name)?.[1]);
    return procs.find((p) => p.child.pid === pid)?.name ?? row.application_name;
  });
}

async function signedIn(baseUrl: string, email = "issuer@demo.test") {
  const client = makeClient(baseUrl);
  expect((await client.signIn(email)).status).toBe(200);
  await (await client.fetch("/authenticate/terms-of-service")).arrayBuffer();
  const me = await client.graphql<{ currentUser: { id: string }; currentAccount: { id: string } }>(
    "{ currentUser { id } currentAccount { id } }",
  );
  return { client, userId: me.data?.currentUser.id ?? "", accountId: me.data?.currentAccount.id ?? "" };
}

function createAssetCommand(who: { userId: string; accountId: string }, name: string) {
  return {
    key: crypto.randomUUID(),
    mutation: "createAsset",
    variables: { input: { asset: { id: crypto.randomUUID(), name, type: "fund", authorizedTotal: "5" } } },
    userId: who.userId,
    accountId: who.accountId,
    createdOn: new Date().toISOString(),
    deviceId: "multiprocess-test",
    seq: 1,
  };
}

async function queueMails(tag: string, n: number): Promise<string[]> {
  const subjects = Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`);
  await admin.query(
    `insert into app_private.mail_outbox (kind, to_address, subject, text_body)
     select 'test', 'someone@example.test', s, 'body' from unnest($1::text[]) with ordinality as x(s, n) order by n`,
    [subjects],
  );
  await admin.query("select pg_notify('mail_outbox', '')");
  return subjects;
}

/** A graphql-ws client through the proxy with the client's session cookie; records how the socket closed. */
function streamClient(baseUrl: string, client: TestClient) {
  const cookie = `ll_session=${client.session}`;
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } });
    }
  }
  return { url: `${baseUrl.replace(/^http/, "ws")}/wss/v1/`, impl: CookieWebSocket };
}

describe.runIf(pgClusterAvailable)("several server processes on one PostgreSQL", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "ledgerline-multi-"));
    cluster = await startPgCluster();
    admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ledgerline_multi");
    await admin.end();
    databaseUrl = cluster.urlFor("ledgerline_multi");
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    smtp = await fakeSmtp();
    // a migrates, seeds and takes every runner lock; b starts as soon as a holds them (so a leads every runner)
    const first = startProcess("a", { SEED_DEMO: "1" });
    first.catch(() => {});
    await waitFor(
      "a to take the runner locks",
      () => procs[0]?.stdout.includes('"message":"background runners"'),
      90_000,
    );
    await Promise.all([first, startProcess("b")]);
    for (const runner of [1, 2, 3, 4]) expect(await lockHolders(runner)).toEqual(["a"]);
    proxy = await startProxy(() => procs);
    // the seeded invitations are delivered before the tests start counting mails
    await waitFor("the seeded mails", async () => {
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from app_private.mail_outbox where status = 'queued'",
      );
      return rows[0]?.n === 0;
    });
  }, 120_000);

  afterAll(async () => {
    for (const proc of procs) if (proc.alive) proc.child.kill("SIGKILL");
    await Promise.all(procs.map((p) => p.exited));
    await proxy?.close();
    await smtp?.close();
    await admin?.end().catch(() => {});
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("a change committed through one process reaches a stream client of the other within a second", async () => {
    const { client } = await signedIn(proxy.url);
    const { url, impl } = streamClient(proxy.url, client);
    let connected!: () => void;
    const isConnected = new Promise<void>((done) => {
      connected = done;
    });
    const ws = createClient({ url, webSocketImpl: impl, retryAttempts: 0, lazy: true, on: { connected } });
    try {
      const received: Array<{ table: string; at: number }> = [];
      ws.subscribe<{ changes: { table: string } }>(
        { query: "subscription { changes { table } }" },
        {
          next: (value) => received.push({ table: value.data?.changes.table ?? "", at: Date.now() }),
          error: () => {},
          complete: () => {},
        },
      );
      await isConnected;
      await new Promise((done) => setTimeout(done, 300)); // the subscribe message is handled
      const streamedBy = proxy.served.findLast((s) => s.kind === "ws")?.name;
      // the next request in turn goes to the other process
      let response = await client.fetch("/healthz");
      if (response.headers.get("x-backend") !== streamedBy) response = await client.fetch("/healthz");
      const created = await client.graphql<{ createAsset: { asset: { id: string } } }>(
        'mutation { createAsset(input: { asset: { name: "Across processes", type: "fund", authorizedTotal: "5" } }) { asset { id } } }',
      );
      const committed = Date.now();
      expect(created.errors).toBeUndefined();
      const writtenBy = proxy.served.findLast((s) => s.kind === "http")?.name;
      expect(writtenBy).toBeDefined();
      expect(writtenBy).not.toBe(streamedBy);
      await waitFor(
        "the change on the other process's stream",
        () => received.some((r) => r.table === "assets"),
        1_000,
      );
      const first = received.find((r) => r.table === "assets");
      expect((first?.at ?? Number.POSITIVE_INFINITY) - committed).toBeLessThanOrEqual(1_000);
    } finally {
      await ws.dispose();
    }
  });

  it("the same command delivered to two processes at once applies once", async () => {
    const who = await signedIn(proxy.url);
    const [a, b] = procs as [Proc, Proc];
    const cookie = { cookie: `ll_session=${who.client.session}` };
    const name = `Once ${crypto.randomUUID()}`;
    const command = createAssetCommand(who, name);
    const send = (base: string) =>
      fetch(`${base}/api/v2/commands`, {
        method: "POST",
        headers: { "content-type": "application/json", ...cookie },
        body: JSON.stringify([command]),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { results: Array<{ status: string }> } }));
    const [fromA, fromB] = await Promise.all([send(a.url), send(b.url)]);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromA.body.results[0]?.status).toBe("accepted");
    expect(fromB.body.results[0]?.status).toBe("accepted");
    const assets = await admin.query<{ n: number }>(
      "select count(*)::int as n from app_public.assets where name = $1",
      [name],
    );
    expect(assets.rows[0]?.n).toBe(1);
    const logged = await admin.query<{ n: number }>(
      "select count(*)::int as n from app_private.command_log where idempotency_key = $1",
      [command.key],
    );
    expect(logged.rows[0]?.n).toBe(1);
  });

  it("a session works on every process, and a sign-out on one holds on the other", async () => {
    const [a, b] = procs as [Proc, Proc];
    const onA = makeClient(a.url);
    expect((await onA.signIn("investor@demo.test")).status).toBe(200);
    const cookie = `ll_session=${onA.session}`;
    const ask = (base: string) =>
      fetch(`${base}/api/v2/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ query: "{ currentUser { id } }" }),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { data?: { currentUser: { id: string } } },
      }));
    const seenOnA = await ask(a.url);
    const seenOnB = await ask(b.url);
    expect(seenOnB.status).toBe(200);
    expect(seenOnB.body.data?.currentUser.id).toBeTruthy();
    expect(seenOnB.body.data?.currentUser.id).toBe(seenOnA.body.data?.currentUser.id);
    // sign out through b: a refuses the cookie from its next request on
    await (await fetch(`${b.url}/authenticate/logout`, { headers: { cookie }, redirect: "manual" })).arrayBuffer();
    expect((await ask(a.url)).status).toBe(401);
  });

  it("runs each background runner in exactly one process, and each mail once", async () => {
    for (const runner of [1, 2, 3, 4]) expect(await lockHolders(runner)).toHaveLength(1);
    // slow answers: every process hears the NOTIFY while the first is still sending
    smtp.delayMs = 40;
    try {
      const subjects = await queueMails("Once-only", 12);
      await waitFor("the mails sent", () => subjects.every((s) => smtp.accepted.includes(s)));
      await new Promise((done) => setTimeout(done, 300)); // a second sender would show by now
      for (const subject of subjects) expect(smtp.accepted.filter((s) => s === subject)).toHaveLength(1);
    } finally {
      smtp.delayMs = 0;
    }
  });

  it("answers the load balancer's health and readiness probes", async () => {
    for (const proc of procs) {
      const health = await fetch(`${proc.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      const ready = await fetch(`${proc.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: "ready",
        checks: { accepting: true, database: true, migrations: true, listen: true },
      });
    }
    // each process holds one dedicated LISTEN connection
    const { rows } = await admin.query<{ application_name: string; n: number }>(
      `select application_name, count(*)::int as n from pg_stat_activity
        where application_name like 'ledgerline % listen' group by application_name`,
    );
    expect(rows.map((r) => r.n)).toEqual(procs.map(() => 1));
  });

  it("reports a lost LISTEN connection as not ready, listens again, and hears notifications again", async () => {
    const [leader] = await lockHolders(1);
    const target = procs.find((p) => p.name === leader) as Proc;
    const listenName = `ledgerline ${target.child.pid} listen`;
    // the app's change stream on that process: told to pull everything once LISTEN is back (a change may be missed)
    const { client } = await signedIn(target.url);
    const { url, impl } = streamClient(target.url, client);
    const tables: string[] = [];
    const ws = createClient({ url, webSocketImpl: impl, retryAttempts: 0 });
    ws.subscribe<{ changes: { table: string; n: number } }>(
      { query: "subscription changes { changes { table n documents } }" },
      { next: (value) => tables.push(value.data?.changes.table ?? ""), error: () => {}, complete: () => {} },
    );
    await new Promise((done) => setTimeout(done, 500));
    const killed = await admin.query<{ done: boolean }>(
      "select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1",
      [listenName],
    );
    expect(killed.rows).toEqual([{ done: true }]);
    const readiness = async () => {
      const response = await fetch(`${target.url}/readyz`);
      return { status: response.status, body: (await response.json()) as { checks: { listen: boolean } } };
    };
    const lost = await waitFor(
      "readiness without LISTEN",
      async () => {
        const ready = await readiness();
        return ready.status === 503 ? ready : undefined;
      },
      5_000,
    );
    expect(lost.body.checks.listen).toBe(false);
    await waitFor("readiness again", async () => (await readiness()).status === 200, 10_000);
    const { rows } = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where application_name = $1",
      [listenName],
    );
    expect(rows[0]?.n).toBe(1);
    // a NOTIFY reaches the mail runner again (its own timer would take a minute)
    const subjects = await queueMails("Listening again", 1);
    await waitFor("the mail after the LISTEN came back", () => smtp.accepted.includes(subjects[0] as string), 5_000);
    await waitFor("the stream's resync event", () => tables.includes("*"), 5_000);
    await ws.dispose();
  });

  it("writes one JSON line per request and event in production", () => {
    for (const proc of procs) {
      const lines = proc.stdout.trimEnd().split("\n");
      expect(lines.length).toBeGreaterThan(3);
      for (const line of lines) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        expect(typeof entry.level).toBe("string");
        expect(Number.isNaN(Date.parse(String(entry.time)))).toBe(false);
        expect(typeof entry.message).toBe("string");
      }
      const requests = lines.map((l) => JSON.parse(l)).filter((e) => e.message === "request");
      expect(requests.some((e) => e.path === "/readyz" && e.status === 200 && e.method === "GET")).toBe(true);
    }
  });

  it("runs chain jobs in the one process that leads them", async () => {
    const [leader] = await lockHolders(2);
    const other = procs.find((p) => p.alive && p.name !== leader) as Proc;
    const who = await signedIn(proxy.url);
    // the other process opens the embedded chain now (a wallet reading it), before the leader mines more blocks
    const cookie = `ll_session=${who.client.session}`;
    const rpc = async (base: string) =>
      (await (
        await fetch(`${base}/api/v2/chain/ethereum-ledgerline`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
        })
      ).json()) as { result: string };
    const openedAt = Number((await rpc(other.url)).result);
    const { rows: rounds } = await admin.query<{ id: string }>(
      "select id from app_public.rounds where name = 'First Close'",
    );
    chainRound = rounds[0]?.id ?? "";
    const made = await who.client.graphql<{ makeToken: { token: { id: string } } }>(
      "mutation($i: MakeTokenInput!) { makeToken(input: $i) { token { id } } }",
      { i: { roundId: chainRound, name: "Multi Token", symbol: "MULTI", chain: "ethereum-ledgerline" } },
    );
    expect(made.errors).toBeUndefined();
    chainToken = made.data?.makeToken.token.id ?? "";
    const { rows: contracts } = await admin.query<{ id: string }>(
      "select id from app_public.contracts where token_id = $1",
      [chainToken],
    );
    const deployed = await who.client.graphql(
      "mutation($i: DeployContractInput!) { deployContract(input: $i) { clientMutationId } }",
      { i: { contractId: contracts[0]?.id } },
    );
    expect(deployed.errors).toBeUndefined();
    await waitFor(
      "the contract deployed",
      async () => {
        const { rows } = await admin.query<{ status: string }>(
          "select status from app_public.contracts where id = $1",
          [contracts[0]?.id],
        );
        return rows[0]?.status === "deployed";
      },
      30_000,
    );
    // this contract's deploy ran once (the demo seed's own chain jobs are on other contracts)
    const { rows: jobs } = await admin.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from app_private.chain_jobs where contract_id = $1 group by status",
      [contracts[0]?.id],
    );
    expect(jobs).toEqual([{ status: "done", n: 1 }]);
    const { rows: blocks } = await admin.query<{ n: number }>(
      "select count(*)::int as n from app_private.chain_blocks",
    );
    expect(blocks[0]?.n).toBeGreaterThan(openedAt);
  }, 60_000);

  it("resumes mail delivery on another process when the one delivering is killed mid-flush", async () => {
    const [leader] = await lockHolders(1);
    const holder = procs.find((p) => p.name === leader) as Proc;
    const survivor = procs.find((p) => p.alive && p !== holder) as Proc;
    smtp.holdNext = true;
    const subjects = await queueMails("Takeover", 6);
    const held = await smtp.held; // the leader is sending a mail and waits for the answer
    holder.child.kill("SIGKILL");
    await holder.exited;
    expect(held).toBe(subjects[0]);
    await waitFor("the survivor to deliver the rest", () => subjects.every((s) => smtp.accepted.includes(s)), 20_000);
    for (const subject of subjects) expect(smtp.accepted.filter((s) => s === subject)).toHaveLength(1);
    expect(await lockHolders(1)).toEqual([survivor.name]);
    for (const runner of [2, 3, 4]) expect(await lockHolders(runner)).toEqual([survivor.name]);
    const { rows } = await admin.query<{ status: string }>(
      "select distinct status from app_private.mail_outbox where subject = any($1::text[])",
      [subjects],
    );
    expect(rows).toEqual([{ status: "sent" }]);
    // the orchestrator starts a replacement (awaited by the shutdown test): two processes again
    replacement = startProcess("c");
  }, 60_000);

  it("the process that took the chain runner over mints on the chain the dead one mined", async () => {
    const who = await signedIn(proxy.url);
    const { rows: holdings } = await admin.query<{ id: string }>(
      "select id from app_public.holdings where round_id = $1",
      [chainRound],
    );
    const tokenized = await who.client.graphql(
      "mutation($i: TokenizeHoldingsInput!) { tokenizeHoldings(input: $i) { clientMutationId } }",
      { i: { holdingIds: holdings.map((h) => h.id) } },
    );
    expect(tokenized.errors).toBeUndefined();
    await waitFor(
      "the token issued",
      async () => {
        const { rows } = await admin.query<{ status: string }>("select status from app_public.tokens where id = $1", [
          chainToken,
        ]);
        return rows[0]?.status === "issued";
      },
      30_000,
    );
    const { rows: open } = await admin.query<{ n: number }>(
      "select count(*)::int as n from app_private.chain_jobs where status <> 'done'",
    );
    expect(open[0]?.n).toBe(0);
    const { rows: entries } = await admin.query<{ amount: string }>(
      "select sum(amount)::text as amount from app_public.cap_table_entries where token_id = $1",
      [chainToken],
    );
    const { rows: total } = await admin.query<{ amount: string }>(
      "select sum(amount)::text as amount from app_public.holdings where round_id = $1",
      [chainRound],
    );
    expect(Number(entries[0]?.amount)).toBe(Number(total[0]?.amount));
    expect(Number(entries[0]?.amount)).toBeGreaterThan(0);
  }, 60_000);

  it("on SIGTERM finishes the command in flight, closes websockets with a reconnect hint, and the app reconnects", async () => {
    await replacement;
    expect(procs.filter((p) => p.alive)).toHaveLength(2);
    const who = await signedIn(proxy.url);
    const live = procs.filter((p) => p.alive);
    const { url, impl } = streamClient(proxy.url, who.client);
    // the app's own change stream, through the proxy
    let connections = 0;
    const changes: string[] = [];
    const stream = openChangeStream({
      transport: { websocketUrl: url, webSocketImpl: impl as unknown as typeof globalThis.WebSocket },
      onChange: ({ table }) => changes.push(table),
      onConnected: () => {
        connections += 1;
      },
      maxRetryWaitMs: 500,
    });
    try {
      await waitFor("the stream connected", () => connections === 1);
      const target = live.find((p) => p.name === proxy.served.findLast((s) => s.kind === "ws")?.name) as Proc;
      expect(target).toBeDefined();
      // a second socket straight to the target records the close code and reason
      const closed = new Promise<{ code: number; reason: string }>((done) => {
        const raw = new impl(`${target.url.replace(/^http/, "ws")}/wss/v1/`, "graphql-transport-ws");
        raw.on("open", () => raw.send(JSON.stringify({ type: "connection_init" })));
        raw.on("close", (code, reason) => done({ code, reason: reason.toString() }));
      });
      await new Promise((done) => setTimeout(done, 200));

      // a command in flight: its headers and half its body are sent before the SIGTERM, the rest after
      const name = `In flight ${crypto.randomUUID()}`;
      const body = Buffer.from(JSON.stringify([createAssetCommand(who, name)]));
      const answer = new Promise<{ status: number; body: string }>((done, fail) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port: target.port,
            method: "POST",
            path: "/api/v2/commands",
            headers: {
              "content-type": "application/json",
              "content-length": body.length,
              cookie: `ll_session=${who.client.session}`,
            },
          },
          (res) => {
            let text = "";
            res.on("data", (chunk) => {
              text += chunk;
            });
            res.on("end", () => done({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on("error", fail);
        req.write(body.subarray(0, 20));
        setTimeout(() => {
          target.child.kill("SIGTERM");
          // while the command waits for the rest of its body, the process accepts no new connection
          setTimeout(() => {
            fetch(`${target.url}/healthz`)
              .then(
                () => {
                  newConnection = "accepted";
                },
                () => {
                  newConnection = "refused";
                },
              )
              .finally(() => req.end(body.subarray(20)));
          }, 300);
        }, 300);
      });
      let newConnection = "";
      const finished = await answer;
      expect(newConnection).toBe("refused");
      expect(finished.status).toBe(200);
      expect(JSON.parse(finished.body).results[0].status).toBe("accepted");
      const made = await admin.query<{ n: number }>(
        "select count(*)::int as n from app_public.assets where name = $1",
        [name],
      );
      expect(made.rows[0]?.n).toBe(1);
      expect(await closed).toEqual({ code: 1012, reason: "Server restarting: reconnect" });
      expect(await target.exited).toBe(0);

      // the app's stream reconnects (to the other process) and hears changes again
      await waitFor("the stream reconnected", () => connections === 2, 10_000);
      const other = live.find((p) => p !== target) as Proc;
      expect(proxy.served.findLast((s) => s.kind === "ws")?.name).toBe(other.name);
      await new Promise((done) => setTimeout(done, 300));
      changes.length = 0;
      const created = await who.client.graphql(
        'mutation { createAsset(input: { asset: { name: "After restart", type: "fund", authorizedTotal: "5" } }) { asset { id } } }',
      );
      expect(created.errors).toBeUndefined();
      await waitFor("a change after the reconnect", () => changes.includes("assets"), 5_000);
    } finally {
      await stream.close();
    }
  }, 60_000);
});
