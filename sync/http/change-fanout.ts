// The change stream's fan-out (issue 33; docs/SERVER.md "The fan-out"): the app's subscription
// `subscription { changes { table n documents } }` served without running GraphQL for each socket and event.
// Through grafast every event of every socket ran the subscription's plan and serialised its documents again, about
// 1.25 ms of the process's CPU per device reached (bench/RESULTS.md, sessions 17-18). Here the process listens once,
// reads a notification's audience once (changes.ts audienceOf), builds the documents once per reader key (user,
// account, account type, role: changes.ts documentsText, the same cache and builds as the relay) and writes each
// socket's `next` message around the built JSON text: per device, one string and one send.
//
// Only a subscription this module recognises to the letter takes this path (an operation of one field `changes`
// without alias, argument or directive, selecting some of table, id, n, documents and __typename without alias or
// directive, with no variables); any other goes to graphql-ws and grafast as before, so what a client reads is the
// same either way. What each socket hears is the relay's rule (changes.ts hears/readerOf), its events are numbered
// per subscription (`n`), and they pass through the socket's gate (socket-backlog.ts), which drops them while the
// device is behind and sends one resync event instead. After the LISTEN connection was lost and is back, every
// subscription gets a resync event (a change may have been missed meanwhile), so its device pulls every model.
import { Kind, type OperationDefinitionNode, parse, type SelectionNode } from "graphql";
import type { GrafastSubscriber } from "postgraphile/grafast";
import { STREAM_RESYNC_TABLE } from "../../src/domain/wire.ts";
import { RESUBSCRIBED, resilientSubscription } from "../db/subscriptions.ts";
import {
  type Audience,
  audienceOf,
  CHANGES_CHANNEL,
  type ChangePayload,
  documentsText,
  type Reader,
  readerKey,
  readerOf,
  type WithPgClient,
} from "../graphql/changes.ts";

const FIELDS = new Set(["table", "id", "n", "documents", "__typename"]);

/** The fields a recognised `changes` subscription selects, in its order; null: not one this module serves. */
export function fastChangesSelection(query: unknown, operationName: unknown, variables: unknown): string[] | null {
  if (typeof query !== "string" || query.length > 2_000) return null;
  if (variables !== undefined && variables !== null && Object.keys(variables as object).length > 0) return null;
  let document: ReturnType<typeof parse>;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return null;
  }
  if (document.definitions.length !== 1) return null;
  const operation = document.definitions[0] as OperationDefinitionNode;
  if (operation.kind !== Kind.OPERATION_DEFINITION || operation.operation !== "subscription") return null;
  if (operation.variableDefinitions?.length || operation.directives?.length) return null;
  if (operationName !== undefined && operationName !== null && operationName !== operation.name?.value) return null;
  const [field, ...others] = operation.selectionSet.selections;
  if (!field || others.length > 0 || !plainField(field) || field.name.value !== "changes") return null;
  if (field.arguments?.length || !field.selectionSet) return null;
  const selected: string[] = [];
  for (const sub of field.selectionSet.selections) {
    if (!plainField(sub) || sub.arguments?.length || sub.selectionSet || !FIELDS.has(sub.name.value)) return null;
    if (!selected.includes(sub.name.value)) selected.push(sub.name.value);
  }
  return selected.length > 0 ? selected : null;
}

function plainField(node: SelectionNode): node is Extract<SelectionNode, { kind: Kind.FIELD }> {
  return node.kind === Kind.FIELD && !node.alias && !node.directives?.length;
}

/** One socket's subscription on the fan-out. */
export interface StreamSubscription {
  id: string;
  fields: string[];
  /** The socket's sends (its gate). */
  send(text: string): void;
}

interface Subscribed extends StreamSubscription {
  sent: number;
}

/** The sockets of one reader key: the same claims, so the same audience and the same documents. */
interface ReaderGroup {
  settings: Record<string, string | undefined>;
  reader: Reader;
  subscriptions: Set<Subscribed>;
  /** The group's events not sent yet, in the order of the notifications (their builds run at once). */
  waiting: Waiting[];
  draining: boolean;
}

/** A notification a group hears, on its way, or (change null) the resync event after LISTEN came back. */
interface Waiting {
  change: ChangePayload | null;
  /** The documents' JSON text (null: none asked, or the build failed and the device pulls). */
  built: Promise<string | null>;
}

export interface ChangeFanout {
  /** Adds a socket's subscription under its claims; returns its removal. */
  add(settings: Record<string, string | undefined>, subscription: StreamSubscription): () => void;
  stop(): Promise<void>;
}

export interface FanoutOptions {
  subscriber: GrafastSubscriber | null | undefined;
  withPgClient: WithPgClient;
  /** The read models whose events carry documents, or "all" (changes.ts ChangesOptions). */
  documentModels: readonly string[] | "all";
  /** Builds shared across processes (PostgreSQL). */
  sharedBuilds: boolean;
}

export function startChangeFanout(options: FanoutOptions): ChangeFanout {
  const { withPgClient, sharedBuilds } = options;
  const all = options.documentModels === "all";
  const named = new Set(all ? [] : options.documentModels);
  const carriesDocuments = (model: string) => all || named.has(model);
  const groups = new Map<string, ReaderGroup>();
  const limited = limiter(STREAM_QUERIES_AT_ONCE);
  let listening: AsyncIterableIterator<unknown> | null = null;

  const message = (subscription: Subscribed, change: ChangePayload, documents: string | null) => {
    const parts = subscription.fields.map((field) => {
      switch (field) {
        case "table":
          return `"table":${JSON.stringify(change.t)}`;
        case "id":
          return `"id":${change.id === undefined ? "null" : JSON.stringify(change.id)}`;
        case "n":
          return `"n":${subscription.sent}`;
        case "documents":
          return `"documents":${documents ?? "null"}`;
        default:
          return `"__typename":"TableChange"`;
      }
    });
    return `{"id":${JSON.stringify(subscription.id)},"type":"next","payload":{"data":{"changes":{${parts.join(",")}}}}}`;
  };

  // The groups that may hear a change, found through the audience rather than by asking every group (a mix of
  // thousands of investors is thousands of groups): by account, by account type, and the admins' (who hear all).
  const byAccount = new Map<string, Set<ReaderGroup>>();
  const byType = new Map<string, Set<ReaderGroup>>();
  const admins = new Set<ReaderGroup>();

  const hearing = (change: ChangePayload, audience: Audience | null): Set<ReaderGroup> => {
    const found = new Set<ReaderGroup>(admins);
    if (audience?.everyone) for (const group of groups.values()) found.add(group);
    else if (audience) {
      for (const account of audience.accounts) for (const group of byAccount.get(account) ?? []) found.add(group);
      for (const type of audience.types) for (const group of byType.get(type) ?? []) found.add(group);
    }
    // the pull's app_private.role_reads_model: an account's viewers read none of its audit trail
    if (change.t === "audit_events")
      for (const group of found) if (!group.reader.admin && !group.reader.readsAuditTrail) found.delete(group);
    return found;
  };

  /** The notifications in the order they came, each with its audience being read (at once, cached per transaction). */
  const notifications: Array<{ change: ChangePayload; audience: Promise<Audience | null> }> = [];
  let dispatching = false;

  const notified = (payload: string) => {
    if (groups.size === 0) return;
    let change: ChangePayload;
    try {
      change = JSON.parse(payload) as ChangePayload;
    } catch {
      console.error("change stream: a notification that is not JSON:", payload);
      return;
    }
    notifications.push({ change, audience: audienceOf(withPgClient, payload) });
    if (!dispatching) void dispatch().catch(logged);
  };

  /** Hands each notification, in order, to the groups that hear it; each such group's build starts then. */
  const dispatch = async () => {
    dispatching = true;
    try {
      while (notifications.length > 0) {
        const { change, audience } = notifications.shift()!;
        for (const group of hearing(change, await audience)) {
          const built =
            carriesDocuments(change.t) && asksDocuments(group)
              ? limited(() =>
                  // a group whose sockets all left while its build waited for its turn builds nothing
                  group.subscriptions.size === 0
                    ? Promise.resolve(null)
                    : (documentsText(withPgClient, group.settings, change, sharedBuilds) ?? Promise.resolve(null)),
                )
              : Promise.resolve(null);
          queue(group, { change, built });
        }
      }
    } finally {
      dispatching = false;
    }
  };

  const resync = () => {
    for (const group of groups.values()) queue(group, { change: null, built: Promise.resolve(null) });
  };

  const queue = (group: ReaderGroup, item: Waiting) => {
    group.waiting.push(item);
    if (!group.draining) void drain(group).catch(logged);
  };

  /**
   * Sends the group's waiting events in order. Changes of one table that wait one after the other (a burst of
   * commands, an import; changes of the log, which name no row) go as one event: its documents are theirs, the later version of an id kept (the notifications
   * come in commit order), at most MERGED_AT_MOST notifications each; a failed build makes the merged event a notice.
   */
  const drain = async (group: ReaderGroup) => {
    group.draining = true;
    try {
      while (group.waiting.length > 0) {
        const first = group.waiting.shift()!;
        if (!first.change) {
          await sendAll(group, (subscription) => message(subscription, { t: STREAM_RESYNC_TABLE }, null));
          continue;
        }
        const change = first.change;
        const texts = [await first.built];
        let merged = 1;
        while (merged < MERGED_AT_MOST && mergeable(change) && sameTable(group.waiting[0]?.change, change)) {
          const next = group.waiting.shift()!;
          texts.push(await next.built);
          merged++;
        }
        const documents = merged === 1 ? texts[0]! : mergedDocuments(texts);
        const sent: ChangePayload = merged === 1 ? change : { t: change.t };
        await sendAll(group, (subscription) =>
          message(subscription, sent, subscription.fields.includes("documents") ? documents : null),
        );
      }
    } finally {
      group.draining = false;
    }
  };

  const listen = () => {
    if (listening) return;
    listening = resilientSubscription(options.subscriber, CHANGES_CHANNEL);
    const source = listening;
    if (!source) return;
    void (async () => {
      for await (const event of source) {
        if (event === RESUBSCRIBED) resync();
        else notified(String(event));
      }
    })().catch(logged);
  };

  const index = (group: ReaderGroup, present: boolean) => {
    const { reader } = group;
    if (reader.admin) {
      if (present) admins.add(group);
      else admins.delete(group);
      return;
    }
    for (const [map, key] of [
      [byAccount, reader.account],
      [byType, reader.type],
    ] as const) {
      if (key === null) continue;
      const set = map.get(key) ?? new Set<ReaderGroup>();
      if (present) set.add(group);
      else set.delete(group);
      if (set.size > 0) map.set(key, set);
      else map.delete(key);
    }
  };

  // listening from the start: a subscription is live as soon as it is taken
  listen();
  return {
    add(settings, subscription) {
      const key = JSON.stringify(readerKey(settings));
      let group = groups.get(key);
      if (!group) {
        group = { settings, reader: readerOf(settings), subscriptions: new Set(), waiting: [], draining: false };
        groups.set(key, group);
        index(group, true);
      }
      const entry: Subscribed = { ...subscription, sent: 0 };
      group.subscriptions.add(entry);
      const owner = group;
      return () => {
        owner.subscriptions.delete(entry);
        if (owner.subscriptions.size === 0 && groups.get(key) === owner) {
          groups.delete(key);
          index(owner, false);
          // its events not sent yet go nowhere (their builds not started are skipped)
          owner.waiting.length = 0;
        }
      };
    },
    async stop() {
      groups.clear();
      await listening?.return?.();
      listening = null;
    },
  };
}

/** A change of the log (a transaction's, naming no row) may go out merged with the next ones of its table. */
const mergeable = (change: ChangePayload) => change.x !== undefined && change.id === undefined;
const sameTable = (next: ChangePayload | null | undefined, change: ChangePayload) =>
  next ? mergeable(next) && next.t === change.t : false;

/**
 * The stream's questions to the database (audiences, builds) at once in a process: the pool's other connections stay
 * for commands and pulls while a burst of changes is told (what waits here merges, below).
 */
const STREAM_QUERIES_AT_ONCE = 6;

function limiter(most: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    // a finished question hands its place to the next one waiting
    if (running >= most) await new Promise<void>((start) => waiting.push(start));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** How many notifications of one table, waiting one after the other, one event may carry. */
const MERGED_AT_MOST = 100;

/** The documents of several builds of one table, in order, each id once at its last place; null if one failed. */
export function mergedDocuments(texts: ReadonlyArray<string | null>): string | null {
  if (texts.some((text) => text === null)) return null;
  const byId = new Map<unknown, unknown>();
  for (const text of texts)
    for (const doc of JSON.parse(text!) as Array<{ id?: unknown }>) {
      byId.delete(doc.id);
      byId.set(doc.id, doc);
    }
  return JSON.stringify([...byId.values()]);
}

/** Sockets sent to between two turns of the event loop. */
const SEND_SLICE = 200;

/**
 * Numbers and sends one event to each subscription of the group, yielding to the event loop before each slice of
 * sends: a burst of changes to a large group is a chain of settled promises, which would otherwise run to its end
 * before any request (a command, a pull) is read.
 */
async function sendAll(group: ReaderGroup, messageFor: (subscription: Subscribed) => string): Promise<void> {
  let count = 0;
  for (const subscription of [...group.subscriptions]) {
    if (count++ % SEND_SLICE === 0) await new Promise((resume) => setImmediate(resume));
    if (!group.subscriptions.has(subscription)) continue;
    subscription.sent++;
    subscription.send(messageFor(subscription));
  }
}

function asksDocuments(group: ReaderGroup): boolean {
  for (const subscription of group.subscriptions) if (subscription.fields.includes("documents")) return true;
  return false;
}

function logged(error: unknown): void {
  console.error("change stream: the fan-out failed:", error);
}
