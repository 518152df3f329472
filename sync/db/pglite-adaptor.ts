// The in-process PostGraphile adaptor for PGlite (@dataplan/pg ships only a `pg` adaptor).
// PGlite is one session that runs every query in turn, so each withPgClient call is one pglite.transaction: the
// request's settings are applied with set_config(k, v, true) (transaction-local, like SET LOCAL), nested
// transactions become savepoints, and nothing of one request leaks into the next.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type {
  MakePgServiceOptions,
  PgClient,
  PgClientQuery,
  PgClientResult,
  WithPgClient,
} from "postgraphile/@dataplan/pg";
import type { GrafastSubscriber } from "postgraphile/grafast";
import { SET_LOCAL_SETTINGS, settingsParameter } from "./database.ts";

interface PgliteClient extends PgClient {
  rawClient: Transaction;
}

interface PgliteAdaptorSettings {
  pglite: PGlite;
}

interface PgliteMakePgServiceOptions extends MakePgServiceOptions {
  pglite: PGlite;
}

declare global {
  namespace GraphileConfig {
    interface PgAdaptors {
      "ledgerline/pglite": {
        adaptorSettings: PgliteAdaptorSettings;
        makePgServiceOptions: PgliteMakePgServiceOptions;
        client: PgliteClient;
      };
    }
  }
}

// node-postgres hands int8 to @dataplan/pg as a string. PGlite parses an int8 as a number within the safe integer
// range and as a BigInt beyond it (both print exactly), so its int8 columns are turned back into their text after the
// query. Not with PGlite's per-query `parsers` option: that copies the instance's whole parser table (an entry per type
// and array type of the database, thousands) on every query, about 0.2 ms each (bench/README.md, issue 15 item 4; the
// held transaction of the commands endpoint does the same). An int8[] column is parsed by the instance's own int8
// parser either way.
const INT8 = 20;

/** A PGlite result's int8 columns turned back into their text, in place (objects, or arrays with arrayMode). */
export function int8AsText(
  result: { fields: ReadonlyArray<{ name: string; dataTypeID: number }>; rows: unknown[] },
  arrayMode: boolean | undefined,
): void {
  result.fields.forEach((field, index) => {
    if (field.dataTypeID !== INT8) return;
    const key: string | number = arrayMode ? index : field.name;
    for (const row of result.rows as Array<Record<string | number, unknown>>) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = String(value);
    }
  });
}

const arrayRows = { rowMode: "array" as const };

function makeClient(tx: Transaction, depth: number): PgliteClient {
  // Statements issued while a savepoint is open must wait for it, or they would run inside it.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task);
    queue = result.catch(() => {});
    return result;
  };
  return {
    rawClient: tx,
    query<TData>({ text, values, arrayMode }: PgClientQuery): Promise<PgClientResult<TData>> {
      return enqueue(async () => {
        const result = await tx.query<TData>(text, values ?? [], arrayMode ? arrayRows : undefined);
        int8AsText(result, arrayMode);
        return { rows: result.rows, rowCount: result.affectedRows ?? null };
      });
    },
    withTransaction<T>(callback: (client: PgliteClient) => Promise<T>): Promise<T> {
      return enqueue(async () => {
        const savepoint = `ll_tx_${depth}`;
        await tx.exec(`savepoint ${savepoint}`);
        try {
          const result = await callback(makeClient(tx, depth + 1));
          await tx.exec(`release savepoint ${savepoint}`);
          return result;
        } catch (error) {
          await tx.exec(`rollback to savepoint ${savepoint}`);
          throw error;
        }
      });
    },
  } as PgliteClient;
}

export function makePgliteWithPgClient(pglite: PGlite): WithPgClient<PgliteClient> {
  return (pgSettings, callback) =>
    pglite.transaction(async (tx) => {
      if (Object.values(pgSettings ?? {}).some((value) => value != null)) {
        await tx.query(SET_LOCAL_SETTINGS, [settingsParameter(pgSettings ?? {})]);
      }
      return callback(makeClient(tx, 0));
    });
}

/** LISTEN/NOTIFY for grafast's listen(): one PGlite listener per channel, shared by every subscriber. */
export class PgliteSubscriber implements GrafastSubscriber<Record<string, string>> {
  #pglite: PGlite;
  #channels = new Map<string, { sinks: Set<(payload: string) => void>; unlisten: Promise<() => Promise<void>> }>();
  #closed = false;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  subscribe(topic: string): AsyncIterableIterator<string> {
    if (this.#closed) throw new Error("PgliteSubscriber has been released");
    const buffered: string[] = [];
    const waiting: Array<(result: IteratorResult<string>) => void> = [];
    let done = false;
    const sink = (payload: string) => {
      const resolve = waiting.shift();
      if (resolve) resolve({ done: false, value: payload });
      else buffered.push(payload);
    };
    let channel = this.#channels.get(topic);
    if (!channel) {
      const sinks = new Set<(payload: string) => void>();
      const unlisten = this.#pglite.listen(topic, (payload) => {
        for (const deliver of sinks) deliver(payload);
      });
      channel = { sinks, unlisten };
      this.#channels.set(topic, channel);
    }
    channel.sinks.add(sink);
    const finish = async (): Promise<IteratorResult<string>> => {
      if (!done) {
        done = true;
        for (const resolve of waiting.splice(0)) resolve({ done: true, value: undefined });
        await this.#drop(topic, sink);
      }
      return { done: true, value: undefined };
    };
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      next() {
        if (buffered.length > 0) return Promise.resolve({ done: false, value: buffered.shift() as string });
        if (done) return Promise.resolve({ done: true, value: undefined });
        return new Promise((resolve) => waiting.push(resolve));
      },
      return: finish,
      throw: async (error: unknown) => {
        await finish();
        throw error;
      },
    };
  }

  async #drop(topic: string, sink: (payload: string) => void): Promise<void> {
    const channel = this.#channels.get(topic);
    if (!channel) return;
    channel.sinks.delete(sink);
    if (channel.sinks.size > 0) return;
    this.#channels.delete(topic);
    if (this.#closed) return;
    const unlisten = await channel.unlisten;
    await unlisten().catch(() => {});
  }

  release(): void {
    this.#closed = true;
    this.#channels.clear();
  }
}

const pgliteAdaptor = {
  createWithPgClient(settings: PgliteAdaptorSettings): WithPgClient<PgliteClient> {
    return makePgliteWithPgClient(settings.pglite);
  },
  makePgService(options: PgliteMakePgServiceOptions): GraphileConfig.PgServiceConfiguration<"ledgerline/pglite"> {
    const { name = "main", pglite, schemas, pgSettings, pgSettingsForIntrospection } = options;
    const pgSubscriber = options.pgSubscriber ?? (options.pubsub === false ? null : new PgliteSubscriber(pglite));
    return {
      name,
      schemas: Array.isArray(schemas) ? schemas : [schemas ?? "public"],
      // Grafast.Context types these keys for the pg adaptor's client and subscriber classes; ours are
      // structurally what @dataplan/pg calls, so the keys are the same context slots.
      withPgClientKey: (options.withPgClientKey ?? "withPgClient") as never,
      pgSettingsKey: options.pgSettingsKey ?? "pgSettings",
      pgSubscriberKey: (options.pgSubscriberKey ?? "pgSubscriber") as never,
      pgSettings,
      pgSettingsForIntrospection,
      pgSubscriber,
      adaptor: pgliteAdaptor,
      adaptorSettings: { pglite },
      release() {
        pgSubscriber?.release?.();
      },
    };
  },
};

export const makePgliteService = pgliteAdaptor.makePgService;
