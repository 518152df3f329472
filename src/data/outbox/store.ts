// The outbox's durable store (docs/REPLICATION.md "Commands"): the commands in the local `outbox` collection, with
// the device's sequence number, in the order they were made. Writes that number commands (add, replace) run one at
// a time, so two commands made at once get distinct, increasing numbers; the counter is kept in a local document as
// well as read from the highest stored command, so it continues after accepted commands are purged.
import type { RxCollection } from "rxdb";
import { map, type Observable } from "rxjs";
import type { CommandResult } from "../../domain/wire.ts";
import { liveDocs$ } from "../live-query.ts";
import type { OutboxCommand } from "../models/outbox.ts";

export type OutboxCollection = RxCollection<OutboxCommand>;

export interface OutboxCounts {
  /** commands not yet answered by the server */
  waiting: number;
  rejected: number;
}

export interface OutboxStore {
  /** Stores a new pending command with the next sequence number. */
  add(mutation: string, variables: Record<string, unknown>, key: string): Promise<OutboxCommand>;
  /**
   * Replaces a rejected command with a pending one: a new key, the same mutation, the variables `correct` returns
   * for it (it may throw to refuse), queued last; the rejected command is removed in the same serial step.
   */
  replace(key: string, correct: (previous: OutboxCommand) => Record<string, unknown>): Promise<OutboxCommand>;
  /** The next pending commands of this store's user and account, in sequence order. */
  pendingBatch(limit: number): Promise<OutboxCommand[]>;
  /**
   * Records the server's answers on a sent batch (one bulk write): accepted or rejected with the coded error. A
   * "refused" answer (another user or account) changes nothing and is reported; commands without an answer stay.
   */
  record(
    batch: readonly OutboxCommand[],
    results: readonly CommandResult[],
    answeredOn: string,
  ): Promise<{ accepted: string[]; refused: boolean }>;
  discard(key: string): Promise<void>;
  purgeAccepted(answeredBefore?: string | null): Promise<number>;
  waitingCount(): Promise<number>;
  commands(): Promise<OutboxCommand[]>;
  /** The waiting and rejected counts, live. */
  readonly counts$: Observable<OutboxCounts>;
}

interface StoreOptions {
  collection: OutboxCollection;
  userId: string;
  accountId: string;
  deviceId: string;
  now?: () => Date;
}

const SEQ_DOC = "seq";

export function createOutboxStore({
  collection,
  userId,
  accountId,
  deviceId,
  now = () => new Date(),
}: StoreOptions): OutboxStore {
  let chain: Promise<unknown> = Promise.resolve();

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const result = chain.then(task);
    chain = result.catch(() => {});
    return result;
  }

  async function nextSeq(): Promise<number> {
    const local = await collection.getLocal<{ value: number }>(SEQ_DOC);
    const [last] = await collection.find({ sort: [{ seq: "desc" }], limit: 1 }).exec();
    const next = Math.max(local?.get("value") ?? 0, last?.seq ?? 0) + 1;
    await collection.upsertLocal(SEQ_DOC, { value: next });
    return next;
  }

  async function insert(mutation: string, variables: Record<string, unknown>, key: string, replaces: string | null) {
    const command: OutboxCommand = {
      id: key,
      mutation,
      variables,
      userId,
      accountId,
      deviceId,
      seq: await nextSeq(),
      createdOn: now().toISOString(),
      status: "pending",
      errorCode: null,
      errorMessage: null,
      attempts: 0,
      answeredOn: null,
      replaces,
    };
    await collection.insert(command);
    return command;
  }

  return {
    add(mutation, variables, key) {
      return serial(() => insert(mutation, variables, key, null));
    },
    replace(key, correct) {
      return serial(async () => {
        const previous = await collection.findOne(key).exec();
        if (!previous) throw new Error(`No command ${key} in the outbox`);
        if (previous.status !== "rejected") throw new Error(`Command ${key} was not rejected`);
        const variables = correct(previous.toMutableJSON());
        const command = await insert(previous.mutation, variables, crypto.randomUUID(), key);
        await previous.remove();
        return command;
      });
    },
    async pendingBatch(limit) {
      // This database is one user's and account's; the selector still makes sure a stranger's command is never sent.
      const docs = await collection
        .find({ selector: { status: "pending", userId, accountId }, sort: [{ seq: "asc" }], limit })
        .exec();
      return docs.map((doc) => doc.toMutableJSON());
    },
    async record(batch, results, answeredOn) {
      const byKey = new Map(results.map((result) => [result.key, result]));
      const updates: OutboxCommand[] = [];
      const accepted: string[] = [];
      let refused = false;
      for (const command of batch) {
        const answer = byKey.get(command.id);
        if (!answer) continue;
        if (answer.status === "refused") {
          refused = true;
          continue;
        }
        if (answer.status === "accepted") accepted.push(command.id);
        updates.push({
          ...command,
          status: answer.status,
          errorCode: answer.errorCode,
          errorMessage: answer.errorMessage,
          attempts: command.attempts + 1,
          answeredOn,
        });
      }
      if (updates.length > 0) await collection.bulkUpsert(updates);
      return { accepted, refused };
    },
    async discard(key) {
      const command = await collection.findOne(key).exec();
      await command?.remove();
    },
    async purgeAccepted(answeredBefore) {
      const all = await collection.find({ selector: { status: "accepted" } }).exec();
      const accepted =
        answeredBefore == null ? all : all.filter((doc) => doc.answeredOn != null && doc.answeredOn < answeredBefore);
      if (accepted.length > 0) await collection.bulkRemove(accepted.map((doc) => doc.id));
      return accepted.length;
    },
    waitingCount() {
      return collection.count({ selector: { status: "pending" } }).exec();
    },
    async commands() {
      const docs = await collection.find({ sort: [{ seq: "asc" }] }).exec();
      return docs.map((doc) => doc.toMutableJSON());
    },
    counts$: liveDocs$(collection).pipe(
      map((docs) => {
        let waiting = 0;
        let rejected = 0;
        for (const doc of docs) {
          if (doc.status === "pending") waiting++;
          else if (doc.status === "rejected") rejected++;
        }
        return { waiting, rejected };
      }),
    ),
  };
}
