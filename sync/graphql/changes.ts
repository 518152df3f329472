// `subscription { changes { table id } }`: one event per NOTIFY on the channel `app_changes` that the socket's account
// may see. The payload is JSON {"t": "<table>", "x": "<transaction id>"}: the triggers of the change log
// (sync/database/replication) write a change row with its audience and notify, once per table and transaction;
// this plugin relays the notification only to the sockets whose account the transaction's changes of that table
// are for, with the pull's own rule (app_private.next_changes: the change's audience, its audience types, every
// change for an admin, a change with no audience for everyone; an account's viewers hear nothing of its audit trail,
// which they do not pull: app_private.role_reads_model). So nothing about another account's change, not
// even that its table changed, goes on the wire. Each server process asks the database once per transaction, at its
// first notification, for the audiences of every table it has been notified of so far (app_private.changes by model
// and txid; a transaction notifies once per table, all after its commit), whatever the number of sockets and tables
// (a table new to the process costs one more query). Delivered after commit, through the service's pgSubscriber
// (LISTEN on PGlite or on a real PostgreSQL, where it reaches every server process).
import { jsonParse } from "postgraphile/@dataplan/json";
import { constant, context, type GrafastSubscriber, lambda, listen } from "postgraphile/grafast";
import { extendSchema, gql } from "postgraphile/utils";

export const CHANGES_CHANNEL = "app_changes";

/** A notification's payload, and on a socket's subscription its number there (`n`: 1, 2, ... per subscription). */
export type ChangePayload = { t: string; id?: string; x?: string; n?: number };

export interface Audience {
  everyone: boolean;
  accounts: Set<string>;
  types: Set<string>;
}

type Query = (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;
export type WithPgClient = (
  settings: Record<string, string> | null,
  callback: (client: { query: (q: { text: string; values?: unknown[] }) => Promise<{ rows: unknown[] }> }) => unknown,
) => Promise<unknown>;

// The audiences of the models $1 in the transaction $2, one row per model it changed: per model the rule's three
// parts as the pull reads them, each by the change log's index (model, txid, seq).
const AUDIENCES_SQL = `
  select m.model,
         coalesce((select bool_or(c.audience is null) from app_private.changes c
                   where c.model = m.model and c.txid = $2::xid8), false) as everyone,
         array(select distinct a::text from app_private.changes c, unnest(c.audience) a
               where c.model = m.model and c.txid = $2::xid8) as accounts,
         array(select distinct t from app_private.changes c, unnest(c.audience_types) t
               where c.model = m.model and c.txid = $2::xid8) as types
  from unnest($1::text[]) m(model)
  -- probes by (model, txid) only: an exists here or above would be planned as a scan of the whole log for the txid
  cross join lateral (select 1 from app_private.changes c where c.model = m.model and c.txid = $2::xid8 limit 1) hit`;

/** How long a transaction's audiences are kept for its other notifications and the other sockets of the process. */
const AUDIENCE_TTL_MS = 30_000;

/** A table the transaction did not change has no change rows: the pull's rule gives it to admins only. */
const NOBODY: Audience = { everyone: false, accounts: new Set(), types: new Set() };

/** One question to the database: the audiences of `asked` in one transaction (null when it could not be read). */
interface Asked {
  asked: ReadonlySet<string>;
  answer: Promise<Map<string, Audience> | null>;
}

/** Per database (its withPgClient): the models notified so far, and each recent transaction's questions. */
const states = new WeakMap<object, { known: Set<string>; transactions: Map<string, Asked[]> }>();

function ask(withPgClient: WithPgClient, models: string[], txid: string): Promise<Map<string, Audience> | null> {
  const query: Query = (text, values) =>
    withPgClient(null, (client) => client.query({ text, values })) as ReturnType<Query>;
  return (async () => {
    const { rows } = await query(AUDIENCES_SQL, [models, txid]);
    return new Map(
      (rows as Array<{ model: string; everyone: boolean; accounts: string[]; types: string[] }>).map((row) => [
        row.model,
        { everyone: row.everyone, accounts: new Set(row.accounts), types: new Set(row.types) },
      ]),
    );
  })().catch((error: unknown) => {
    // Told to nobody rather than to everyone; the device's next (re)connection pulls whatever it missed.
    console.error("change stream: the audience of a change could not be read:", error);
    return null;
  });
}

/**
 * The audience of one notification. A transaction's first notification asks for every model this process has been
 * notified of so far (a transaction notifies once per model, all after its commit): its other notifications are
 * answered from that one query; a model not asked yet gets a query of its own (and is asked from then on).
 */
export function audienceOf(withPgClient: WithPgClient, payload: string): Promise<Audience | null> {
  let change: ChangePayload;
  try {
    change = JSON.parse(payload) as ChangePayload;
  } catch {
    console.error("change stream: a notification that is not JSON:", payload);
    return Promise.resolve(null);
  }
  if (!change.x) return Promise.resolve({ everyone: true, accounts: new Set<string>(), types: new Set<string>() });
  let state = states.get(withPgClient);
  if (!state) {
    state = { known: new Set(), transactions: new Map() };
    states.set(withPgClient, state);
  }
  const txid = change.x;
  let questions = state.transactions.get(txid);
  if (!questions) {
    questions = [];
    state.transactions.set(txid, questions);
    const transactions = state.transactions;
    setTimeout(() => transactions.delete(txid), AUDIENCE_TTL_MS).unref?.();
  }
  let question = questions.find((q) => q.asked.has(change.t));
  if (!question) {
    state.known.add(change.t);
    const asked = new Set(state.known);
    question = { asked, answer: ask(withPgClient, [...asked], txid) };
    questions.push(question);
  }
  return question.answer.then((models) => (models ? (models.get(change.t) ?? NOBODY) : null));
}

/** The payload with its number on the subscription. */
function numbered(payload: string, n: number): string {
  try {
    return JSON.stringify({ ...(JSON.parse(payload) as ChangePayload), n });
  } catch {
    return payload;
  }
}

function modelOf(payload: string): unknown {
  try {
    return (JSON.parse(payload) as ChangePayload).t;
  } catch {
    return null;
  }
}

/** Who a socket's claims make its reader, as the pull's rule reads them (app_private.next_changes). */
export interface Reader {
  account: string | null;
  type: string | null;
  admin: boolean;
  /** the pull's app_private.role_reads_model: an account's viewers read none of its audit trail */
  readsAuditTrail: boolean;
}

export function readerOf(settings: Record<string, string | undefined> | null): Reader {
  const type = settings?.["jwt.claims.account_type"] ?? null;
  const role = settings?.["jwt.claims.role"] ?? null;
  return {
    account: settings?.["jwt.claims.account_id"] ?? null,
    type,
    admin: type === "admin",
    readsAuditTrail: role === "account_owner" || role === "account_admin",
  };
}

/** Whether the reader (not an admin, who hears everything) is in a change's audience; null: nobody hears it. */
export function hears(reader: Reader, audience: Audience | null): boolean {
  if (!audience) return false;
  return (
    audience.everyone ||
    (reader.account !== null && audience.accounts.has(reader.account)) ||
    (reader.type !== null && audience.types.has(reader.type))
  );
}

/** The subscriber of one socket: the service's, with the notifications its account may not see left out. */
function scopedSubscriber(
  subscriber: GrafastSubscriber<Record<string, string>>,
  withPgClient: WithPgClient,
  settings: Record<string, string | undefined> | null,
): GrafastSubscriber<Record<string, string>> {
  const reader = readerOf(settings);
  const visible = async (payload: string): Promise<boolean> => {
    if (reader.admin) return true;
    if (!reader.readsAuditTrail && modelOf(payload) === "audit_events") return false;
    return hears(reader, await audienceOf(withPgClient, payload));
  };
  return {
    async subscribe(topic) {
      const source = (await subscriber.subscribe(topic)) as AsyncIterableIterator<string>;
      // The subscription's events are numbered in the order they are sent (`n`): a device that sees a gap missed an
      // event (dropped for a slow socket: docs/SERVER.md "Slow devices") and pulls.
      let sent = 0;
      // A plain iterator, not an async generator: return() must reach the source at once (an unsubscribing
      // socket must not wait for the next notification to release its listener).
      const iterator: AsyncIterableIterator<string> = {
        async next() {
          for (;;) {
            const item = await source.next();
            if (item.done) return item;
            if (await visible(item.value)) return { done: false, value: numbered(item.value, ++sent) };
          }
        },
        return: (value?: unknown) => source.return?.(value) ?? Promise.resolve({ done: true, value: undefined }),
        throw: (error?: unknown) => source.throw?.(error) ?? Promise.reject(error),
        [Symbol.asyncIterator]: () => iterator,
      };
      return iterator as never;
    },
    release: () => {},
  } as GrafastSubscriber<Record<string, string>>;
}

/** Per database (its withPgClient): each (transaction, model, reader) build of documents (their JSON text), shared by the reader's sockets. */
const builds = new WeakMap<object, Map<string, Promise<string | null>>>();

/** The reader key of a socket's claims: what the pull's answer depends on (user, account, account type, role). */
export function readerKey(settings: Record<string, string | undefined> | null): string[] {
  return ["user_id", "account_id", "account_type", "role"].map((claim) => settings?.[`jwt.claims.${claim}`] ?? "");
}

/**
 * The documents of the change for the socket's reader (app_private.stream_documents under its claims), built once per
 * transaction, model and reader (user, account, account type, role: what the pull's answer depends on) in this
 * process, whatever the number of the reader's sockets, and with `shared` once across the processes on the database
 * (app_private.stream_documents_shared); null when they could not be built (the device pulls).
 */
export function documentsText(
  withPgClient: WithPgClient,
  settings: Record<string, string | undefined> | null,
  change: ChangePayload,
  shared: boolean,
): Promise<string | null> | null {
  if (!change.x || !settings?.["jwt.claims.account_id"]) return null;
  const key = JSON.stringify([change.x, change.t, ...readerKey(settings)]);
  let cache = builds.get(withPgClient);
  if (!cache) {
    cache = new Map();
    builds.set(withPgClient, cache);
  }
  let build = cache.get(key);
  if (!build) {
    build = (async () => {
      const { rows } = (await withPgClient(settings as Record<string, string>, (client) =>
        client.query({
          text: shared
            ? "select app_private.stream_documents_shared($1, $2::xid8) as docs"
            : "select app_private.stream_documents($1, $2::xid8) as docs",
          values: [change.t, change.x],
        }),
      )) as { rows: Array<{ docs: string | null }> };
      const docs = rows[0]?.docs;
      if (typeof docs !== "string") throw new Error("no documents text");
      return docs;
    })().catch((error: unknown) => {
      console.error("change stream: the documents of a change could not be built:", error);
      return null;
    });
    cache.set(key, build);
    const kept = cache;
    setTimeout(() => kept.delete(key), AUDIENCE_TTL_MS).unref?.();
  }
  return build;
}

/** documentsText's documents as values, for the GraphQL relay (the fan-out sends the text as it is). */
function documentsFor(
  withPgClient: WithPgClient,
  settings: Record<string, string | undefined> | null,
  change: ChangePayload,
  shared: boolean,
): Promise<unknown[] | null> | null {
  return (
    documentsText(withPgClient, settings, change, shared)?.then((text) => (text === null ? null : JSON.parse(text))) ??
    null
  );
}

export interface ChangesOptions {
  /**
   * The read models whose events carry their documents (`documents`; issue 33 item 1, the server's setting
   * LL_STREAM_DOCUMENTS: docs/SERVER.md "The change in the stream"), or "all"; empty: every event is a notice, the
   * device pulls.
   */
  documentModels?: readonly string[] | "all";
  /**
   * Several server processes may share the database (PostgreSQL): a reader's documents of a change are built once
   * across them (app_private.stream_documents_shared: the first builder keeps the text, the others read it; issue 33
   * item 4). Off on PGlite, where the process is the only one.
   */
  sharedBuilds?: boolean;
}

export function makeChangesSubscriptionPlugin(options: ChangesOptions = {}): GraphileConfig.Plugin {
  const all = options.documentModels === "all";
  const named = new Set(all ? [] : (options.documentModels ?? []));
  const carriesDocuments = (model: string) => all || named.has(model);
  const shared = options.sharedBuilds ?? false;
  return extendSchema({
    typeDefs: gql`
    """A row of a table changed (created, updated or soft-deleted). Query the row to see what changed."""
    type TableChange {
      table: String!
      id: String
      """
      The changed documents the socket's account may see, as its pull would give them (a document it may no longer
      see as {id, _deleted: true}), where the server sends documents in the stream for this table; otherwise null:
      pull the table.
      """
      documents: JSON
      """
      The event's number on this subscription (1, 2, ...): a number skipped means an event was missed, so pull.
      """
      n: Int
    }
    extend type Subscription {
      changes: TableChange!
    }
  `,
    objects: {
      Subscription: {
        plans: {
          changes: {
            subscribePlan() {
              const $scoped = lambda(
                [context().get("pgSubscriber"), context().get("withPgClient"), context().get("pgSettings")],
                ([subscriber, withPgClient, settings]) =>
                  scopedSubscriber(
                    subscriber as GrafastSubscriber<Record<string, string>>,
                    withPgClient as unknown as WithPgClient,
                    settings as Record<string, string | undefined> | null,
                  ),
                true,
              );
              return listen($scoped, CHANGES_CHANNEL, jsonParse<ChangePayload>);
            },
            plan($event) {
              return $event;
            },
          },
        },
      },
      TableChange: {
        plans: {
          table($event) {
            return $event.get("t");
          },
          id($event) {
            return $event.get("id");
          },
          n($event) {
            return $event.get("n");
          },
          documents($event) {
            if (!all && named.size === 0) return constant(null);
            return lambda(
              [$event, context().get("withPgClient"), context().get("pgSettings")],
              ([event, withPgClient, settings]) => {
                const change = event as ChangePayload;
                if (!carriesDocuments(change.t)) return null;
                return documentsFor(
                  withPgClient as unknown as WithPgClient,
                  settings as Record<string, string | undefined> | null,
                  change,
                  shared,
                );
              },
            );
          },
        },
      },
    },
  });
}
