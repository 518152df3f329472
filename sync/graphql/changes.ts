// `subscription { changes { table id } }`: one event per NOTIFY on the channel `app_changes` that the socket's account
// may see. The payload is JSON {"t": "<table>", "x": "<transaction id>"}: the triggers of the change log
// (sync/database/replication) write a change row with its audience and notify, once per table and transaction;
// this plugin relays the notification only to the sockets whose account the transaction's changes of that table
// are for, with the pull's own rule (app_private.next_changes: the change's audience, its audience types, every
// change for an admin, a change with no audience for everyone). So nothing about another account's change, not
// even that its table changed, goes on the wire. Each server process asks the database once per transaction, at its
// first notification, for the audiences of every table the transaction changed (app_private.changes by model and
// txid; a transaction notifies once per table, and all of them come after its commit), whatever the number of
// sockets and tables. Delivered after commit, through the service's pgSubscriber (LISTEN on PGlite or on a real
// PostgreSQL, where it reaches every server process).
import { jsonParse } from "postgraphile/@dataplan/json";
import { context, type GrafastSubscriber, lambda, listen } from "postgraphile/grafast";
import { extendSchema, gql } from "postgraphile/utils";

const CHANGES_CHANNEL = "app_changes";

type ChangePayload = { t: string; id?: string; x?: string };

interface Audience {
  everyone: boolean;
  accounts: Set<string>;
  types: Set<string>;
}

type Query = (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;
type WithPgClient = (
  settings: Record<string, string> | null,
  callback: (client: { query: (q: { text: string; values?: unknown[] }) => Promise<{ rows: unknown[] }> }) => unknown,
) => Promise<unknown>;

// The audiences of every model the transaction $1 changed, one row per model: the models of the change log found by
// walking its index (model, txid, seq) one model at a time (a loose index scan: a probe per model, not a scan of the
// log), then per model the rule's three parts as the pull reads them.
const AUDIENCES_SQL = `
  with recursive models(model) as (
    (select c.model from app_private.changes c order by c.model limit 1)
    union all
    select (select c.model from app_private.changes c where c.model > m.model order by c.model limit 1)
    from models m where m.model is not null
  )
  select m.model,
         coalesce((select bool_or(c.audience is null) from app_private.changes c
                   where c.model = m.model and c.txid = $1::xid8), false) as everyone,
         array(select distinct a::text from app_private.changes c, unnest(c.audience) a
               where c.model = m.model and c.txid = $1::xid8) as accounts,
         array(select distinct t from app_private.changes c, unnest(c.audience_types) t
               where c.model = m.model and c.txid = $1::xid8) as types
  from models m
  -- probes by (model, txid) only: an exists here or above would be planned as a scan of the whole log for the txid
  cross join lateral (select 1 from app_private.changes c where c.model = m.model and c.txid = $1::xid8 limit 1) hit
  where m.model is not null`;

/** How long a transaction's audiences are kept for its other notifications and the other sockets of the process. */
const AUDIENCE_TTL_MS = 30_000;

/** A table the transaction did not change has no change rows: the pull's rule gives it to admins only. */
const NOBODY: Audience = { everyone: false, accounts: new Set(), types: new Set() };

/** Per database (its withPgClient): the audiences of each recent transaction by model, asked once. */
const audiences = new WeakMap<object, Map<string, Promise<Map<string, Audience> | null>>>();

function audienceOf(withPgClient: WithPgClient, payload: string): Promise<Audience | null> {
  let change: ChangePayload;
  try {
    change = JSON.parse(payload) as ChangePayload;
  } catch {
    console.error("change stream: a notification that is not JSON:", payload);
    return Promise.resolve(null);
  }
  if (!change.x) return Promise.resolve({ everyone: true, accounts: new Set<string>(), types: new Set<string>() });
  let cache = audiences.get(withPgClient);
  if (!cache) {
    cache = new Map();
    audiences.set(withPgClient, cache);
  }
  const txid = change.x;
  let byModel = cache.get(txid);
  if (!byModel) {
    const query: Query = (text, values) =>
      withPgClient(null, (client) => client.query({ text, values })) as ReturnType<Query>;
    byModel = (async () => {
      const { rows } = await query(AUDIENCES_SQL, [txid]);
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
    cache.set(txid, byModel);
    const entries = cache;
    setTimeout(() => entries.delete(txid), AUDIENCE_TTL_MS).unref?.();
  }
  return byModel.then((models) => (models ? (models.get(change.t) ?? NOBODY) : null));
}

/** The subscriber of one socket: the service's, with the notifications its account may not see left out. */
function scopedSubscriber(
  subscriber: GrafastSubscriber<Record<string, string>>,
  withPgClient: WithPgClient,
  settings: Record<string, string | undefined> | null,
): GrafastSubscriber<Record<string, string>> {
  const account = settings?.["jwt.claims.account_id"] ?? null;
  const type = settings?.["jwt.claims.account_type"] ?? null;
  const visible = async (payload: string): Promise<boolean> => {
    if (type === "admin") return true;
    const audience = await audienceOf(withPgClient, payload);
    if (!audience) return false;
    return (
      audience.everyone ||
      (account !== null && audience.accounts.has(account)) ||
      (type !== null && audience.types.has(type))
    );
  };
  return {
    async subscribe(topic) {
      const source = (await subscriber.subscribe(topic)) as AsyncIterableIterator<string>;
      // A plain iterator, not an async generator: return() must reach the source at once (an unsubscribing
      // socket must not wait for the next notification to release its listener).
      const iterator: AsyncIterableIterator<string> = {
        async next() {
          for (;;) {
            const item = await source.next();
            if (item.done || (await visible(item.value))) return item;
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

export const ChangesSubscriptionPlugin = extendSchema({
  typeDefs: gql`
    """A row of a table changed (created, updated or soft-deleted). Query the row to see what changed."""
    type TableChange {
      table: String!
      id: String
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
      },
    },
  },
});
