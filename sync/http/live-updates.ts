// The specification's live updates on /wss/v1/ (spec part 1, sections 4 and 7): a websocket that opens WITHOUT a
// subprotocol (the app's graphql-ws client always asks for `graphql-transport-ws`, see server.ts) speaks this small
// JSON protocol. The client sends
//   {"type": "subscribe",   "table": "<table>", "ids": ["<uuid>", ...]}
//   {"type": "unsubscribe", "table": "<table>", "ids": ["<uuid>", ...]}
// for the tables of LIVE_TABLES, and the server sends {"type": "<table>", "id": "<uuid>"} for each change of a
// subscribed row the socket's account may see; the client then queries the item by id. A message the server cannot
// take is answered {"type": "error", "message": "..."} on that socket only; the socket stays open.
//
// Which rows changed, and who may see them: every server process LISTENs on `app_changes` (the change log's
// notification, {"t": "<read model>", "x": "<txid>"}: sync/database/replication); a notification of a model a live
// table feeds re-reads, for each of this process's sockets subscribed to that table, its subscribed rows as the
// socket's account (role app_user with the session's claims: row-level security decides, as for any request), each
// with a fingerprint of the row (md5 of the row; for account_qualifications also of its steps). A row whose
// fingerprint differs from the last one read for that socket is reported. So a socket hears of a row only while its
// account may read it (a row it may not see reads as absent on every read, so its changes are never reported, and
// nothing on the wire tells it apart from an id that does not exist); a row it saw that is then deleted or taken from
// it is reported once (the client's query then finds nothing). The first read after a subscribe records the rows as
// they are, so changes committed after that read are reported.
import type { WebSocket } from "ws";
import { type Database, SET_LOCAL_SETTINGS, settingsParameter } from "../db/database.ts";
import { RESUBSCRIBED } from "../db/subscriptions.ts";
import { pgSettingsFor, type SessionClaims } from "../graphql/settings.ts";

interface LiveTable {
  /** The table the rows are read from (its select policy decides who sees them). */
  relation: string;
  /** The read models (app_changes "t") whose notifications may mean a change of its rows. */
  models: readonly string[];
  /** The row's fingerprint (alias t). */
  version: string;
}

const ROW = "md5(t::text)";

/** The spec's tables and what each is in this database. */
export const LIVE_TABLES: Readonly<Record<string, LiveTable>> = {
  // a holding's registration on a chain address (pending, then minted or failed)
  blockchain_registrations: {
    relation: "app_public.holding_blockchain_addresses",
    models: ["blockchain_addresses", "holdings", "tokens"],
    version: ROW,
  },
  tokens: { relation: "app_public.tokens", models: ["tokens"], version: ROW },
  contracts: { relation: "app_public.contracts", models: ["tokens"], version: ROW },
  // an integration the account added (in_progress, then complete)
  vendor_integrations: { relation: "app_public.account_integrations", models: ["integrations"], version: ROW },
  // a qualification of an investor's distribution: passed when its steps are complete
  account_qualifications: {
    relation: "app_public.distribution_qualifications",
    models: ["distributions"],
    version: `md5(t::text || coalesce((select string_agg(s.id::text || ':' || s.status || ':' || s.updated_on::text, ','
                                       order by s.id)
                                       from app_public.steps s where s.distribution_qualification_id = t.id), ''))`,
  },
  steps: { relation: "app_public.steps", models: ["distributions"], version: ROW },
  documents: { relation: "app_public.documents", models: ["documents"], version: ROW },
};

/** At most this many ids in one message, and subscribed on one socket. */
export const MAX_IDS_PER_MESSAGE = 500;
export const MAX_IDS_PER_SOCKET = 2_000;
const MAX_MESSAGE_CHARS = 64 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TABLE_NAMES = Object.keys(LIVE_TABLES).join(", ");

/** One socket: its session, and per table the subscribed ids with the fingerprint last read (undefined: not read yet, null: not visible). */
interface Subscriber {
  ws: WebSocket;
  send(text: string): void;
  session: SessionClaims;
  tables: Map<string, Map<string, string | null | undefined>>;
  /** Tables whose read again is queued and not started yet (a burst of notifications queues one read). */
  pending: Set<string>;
  /** This socket's work, one job at a time in arrival order: its messages and the reads notifications ask for. */
  queue: Promise<void>;
  closed: boolean;
}

type Message = { type: "subscribe" | "unsubscribe"; table: string; ids: string[] };

/** The message, or the text of the error answer that says what is wrong with it. */
export function parseLiveMessage(text: string): Message | string {
  if (text.length > MAX_MESSAGE_CHARS) return `A message may be at most ${MAX_MESSAGE_CHARS} characters.`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'Messages must be JSON: {"type": "subscribe" or "unsubscribe", "table": "...", "ids": ["..."]}.';
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return 'A message must be a JSON object {"type", "table", "ids"}.';
  const { type, table, ids } = value as Record<string, unknown>;
  if (type !== "subscribe" && type !== "unsubscribe") return 'type must be "subscribe" or "unsubscribe".';
  if (typeof table !== "string" || !Object.hasOwn(LIVE_TABLES, table))
    return `Unknown table ${JSON.stringify(typeof table === "string" ? table.slice(0, 100) : (table ?? null))}: one of ${TABLE_NAMES}.`;
  if (!Array.isArray(ids) || ids.length === 0) return "ids must be a non-empty array of row ids.";
  if (ids.length > MAX_IDS_PER_MESSAGE) return `At most ${MAX_IDS_PER_MESSAGE} ids in one message.`;
  if (!ids.every((id): id is string => typeof id === "string" && UUID.test(id)))
    return "Every id must be a row id (a UUID).";
  return { type, table, ids: ids.map((id) => id.toLowerCase()) };
}

export interface LiveUpdates {
  /**
   * Serves the spec's protocol on a socket opened without a subprotocol, as the session; `send` (default ws.send) is
   * how its messages go out (the server's: through the socket's backlog, socket-backlog.ts).
   */
  open(ws: WebSocket, session: SessionClaims, send?: (text: string) => void): void;
  stop(): Promise<void>;
}

export function startLiveUpdates(options: {
  db: Database;
  /** The `app_changes` notifications (resilientSubscription), or null without LISTEN. */
  notifications: AsyncIterableIterator<unknown> | null;
}): LiveUpdates {
  const { db, notifications } = options;
  const subscribers = new Set<Subscriber>();
  let stopped = false;

  const send = (subscriber: Subscriber, message: Record<string, string>) => {
    if (subscriber.closed || subscriber.ws.readyState !== subscriber.ws.OPEN) return;
    subscriber.send(JSON.stringify(message));
  };

  /** The visible subscribed rows of a table with their fingerprints, read as the socket's account. */
  async function read(subscriber: Subscriber, table: string, ids: string[]): Promise<Map<string, string>> {
    const live = LIVE_TABLES[table] as LiveTable;
    const rows = await db.transaction(async (tx) => {
      await tx.query(SET_LOCAL_SETTINGS, [settingsParameter(pgSettingsFor(subscriber.session))]);
      const answer = await tx.query<{ id: string; version: string }>(
        `select t.id::text as id, ${live.version} as version from ${live.relation} t where t.id = any($1::uuid[])`,
        [ids],
      );
      return answer.rows;
    });
    return new Map(rows.map((row) => [row.id, row.version]));
  }

  /** Reads the subscribed rows again and reports those whose fingerprint changed since the last read. */
  async function check(subscriber: Subscriber, table: string): Promise<void> {
    const subscribed = subscriber.tables.get(table);
    if (!subscribed || subscribed.size === 0) return;
    const ids = [...subscribed.keys()];
    const visible = await read(subscriber, table, ids);
    for (const id of ids) {
      if (!subscribed.has(id)) continue;
      const before = subscribed.get(id);
      const now = visible.get(id) ?? null;
      subscribed.set(id, now);
      if (before !== undefined && before !== now) send(subscriber, { type: table, id });
    }
  }

  function enqueue(subscriber: Subscriber, job: () => Promise<void> | void): void {
    subscriber.queue = subscriber.queue.then(async () => {
      if (subscriber.closed || stopped) return;
      try {
        await job();
      } catch (error) {
        if (!stopped) console.error("live updates:", error);
      }
    });
  }

  /** Queues one read of each table this socket subscribes to (unless one is queued and not started yet). */
  function schedule(subscriber: Subscriber, tables: Iterable<string>): void {
    for (const table of tables) {
      if (!subscriber.tables.get(table)?.size || subscriber.pending.has(table)) continue;
      subscriber.pending.add(table);
      enqueue(subscriber, () => {
        subscriber.pending.delete(table);
        return check(subscriber, table);
      });
    }
  }

  /** One message: an error answer, or the subscription changed (a subscribe's first read done before the next job). */
  async function handle(subscriber: Subscriber, text: string): Promise<void> {
    const message = parseLiveMessage(text);
    if (typeof message === "string") return send(subscriber, { type: "error", message });
    const subscribed = subscriber.tables.get(message.table) ?? new Map<string, string | null | undefined>();
    subscriber.tables.set(message.table, subscribed);
    if (message.type === "unsubscribe") {
      for (const id of message.ids) subscribed.delete(id);
      return;
    }
    const fresh = [...new Set(message.ids.filter((id) => !subscribed.has(id)))];
    const total = [...subscriber.tables.values()].reduce((sum, ids) => sum + ids.size, 0);
    if (total + fresh.length > MAX_IDS_PER_SOCKET)
      return send(subscriber, {
        type: "error",
        message: `At most ${MAX_IDS_PER_SOCKET} ids may be subscribed on one socket: unsubscribe some first.`,
      });
    if (fresh.length === 0) return;
    // the first read records the rows as they are now: changes committed after it are reported
    const visible = await read(subscriber, message.table, fresh);
    for (const id of fresh) subscribed.set(id, visible.get(id) ?? null);
  }

  if (notifications) {
    (async () => {
      for await (const payload of notifications) {
        if (stopped) break;
        if (subscribers.size === 0) continue;
        let tables: string[];
        if (payload === RESUBSCRIBED) {
          // LISTEN was lost for a while: any subscribed row may have changed meanwhile
          tables = Object.keys(LIVE_TABLES);
        } else {
          let model: unknown;
          try {
            model = (JSON.parse(String(payload)) as { t?: unknown }).t;
          } catch {
            continue;
          }
          tables = Object.keys(LIVE_TABLES).filter((name) => LIVE_TABLES[name]?.models.includes(String(model)));
        }
        if (tables.length === 0) continue;
        for (const subscriber of subscribers) schedule(subscriber, tables);
      }
    })().catch((error: unknown) => console.error("live updates:", error));
  }

  return {
    open(ws, session, write = (text) => ws.send(text)) {
      const subscriber: Subscriber = {
        ws,
        send: write,
        session,
        tables: new Map(),
        pending: new Set(),
        queue: Promise.resolve(),
        closed: false,
      };
      subscribers.add(subscriber);
      ws.on("message", (data, isBinary) => {
        const text = isBinary ? null : data.toString();
        enqueue(subscriber, () =>
          text === null
            ? send(subscriber, { type: "error", message: "Messages must be JSON text." })
            : handle(subscriber, text),
        );
      });
      ws.once("close", () => {
        subscriber.closed = true;
        subscribers.delete(subscriber);
      });
    },
    async stop() {
      stopped = true;
      await notifications?.return?.();
    },
  };
}
