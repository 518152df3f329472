// Optimistic display: commands still in the outbox shown where their data appears (docs/REPLICATION.md).
// The replicas only ever hold what the server says; this overlays the outbox on a list of documents:
//   createX(input: {x: {id, ...}})          -> a row with those fields, marked pending (ids are client-made UUIDs)
//   updateXById(input: {id, patch})          -> the row with the patch applied, marked pending
//   deleteXById(input: {id})                 -> the row marked pending with `deleted: true`
//   anything else                            -> only if registered with registerCommandEffect (custom mutations)
// A rejected command keeps its mark, with the reason, until it is resent or discarded. An accepted command keeps
// its effect until it leaves the outbox (once a pull that started after the answer has ended): a created row stays
// visible (marked pending) until the replica has it, an update shows its values without a mark, and a deleted row
// stays marked deleted, so nothing blinks back to the old value between the server's answer and the pull. Pure functions over plain data: unit-tested without a database.
import { combineLatest, map, type Observable } from "rxjs";
import type { ReadModelName } from "./models/index.ts";
import type { OutboxCommand } from "./models/outbox.ts";

export interface CommandEffect {
  model: ReadModelName;
  id: string;
  kind: "create" | "update" | "delete";
  fields: Record<string, unknown>;
}

export interface PendingMark {
  key: string;
  mutation: string;
  status: "pending" | "accepted" | "rejected";
  deleted?: boolean;
  errorCode?: string | null;
  errorMessage?: string | null;
}

export type WithPending<T> = T & { _pending?: PendingMark };

/** GraphQL type names (createX, updateXById) -> read model. */
const ENTITY_MODELS: Record<string, ReadModelName> = {
  Account: "accounts",
  Allocation: "allocations",
  Asset: "assets",
  BrokerAllocation: "broker_allocations",
  Customer: "customers",
  Distribution: "distributions",
  Document: "documents",
  Holding: "holdings",
  Round: "rounds",
  Security: "securities",
  Transaction: "transactions",
};

type EffectOf = (variables: Record<string, unknown>) => CommandEffect | null;
const customEffects = new Map<string, EffectOf>();

/** Teaches the overlay what a custom mutation (makeCustomer, makeDistribution, ...) does to a document. */
export function registerCommandEffect(mutation: string, effect: EffectOf): void {
  customEffects.set(mutation, effect);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function commandEffect(command: Pick<OutboxCommand, "mutation" | "variables">): CommandEffect | null {
  const variables = (command.variables ?? {}) as Record<string, unknown>;
  const custom = customEffects.get(command.mutation);
  if (custom) return custom(variables);
  const input = isRecord(variables.input) ? variables.input : null;
  if (!input) return null;
  const match = /^(create|update|delete)([A-Z][A-Za-z0-9]*?)(ById)?$/.exec(command.mutation);
  const model = match?.[2] ? ENTITY_MODELS[match[2]] : undefined;
  if (!match || !model) return null;
  const verb = match[1];
  if (verb === "create" && !match[3]) {
    const entityKey = match[2]!.charAt(0).toLowerCase() + match[2]!.slice(1);
    const fields = input[entityKey];
    if (!isRecord(fields) || typeof fields.id !== "string") return null;
    return { model, id: fields.id, kind: "create", fields };
  }
  if (match[3] && typeof input.id === "string") {
    if (verb === "update")
      return { model, id: input.id, kind: "update", fields: isRecord(input.patch) ? input.patch : {} };
    if (verb === "delete") return { model, id: input.id, kind: "delete", fields: {} };
  }
  return null;
}

// The custom creating mutations of the core chain (sync/migrations/0011_functions.sql): the client passes the id.
registerCommandEffect("makeCustomer", (variables) => {
  const input = isRecord(variables.input) ? variables.input : null;
  if (!input || typeof input.id !== "string") return null;
  return {
    model: "customers",
    id: input.id,
    kind: "create",
    fields: { email: input.email, name: input.name ?? null, status: "active" },
  };
});
registerCommandEffect("makeDistribution", (variables) => {
  const input = isRecord(variables.input) ? variables.input : null;
  if (!input || typeof input.id !== "string") return null;
  return {
    model: "distributions",
    id: input.id,
    kind: "create",
    fields: {
      allocationId: input.allocationId,
      amount: input.amount == null ? null : String(input.amount),
      name: input.name ?? null,
      status: "drafted",
      locked: false,
      investor: { email: input.accountEmail, name: input.name ?? null },
    },
  };
});

/** The documents of one model as they will look once the outbox's commands are applied (in sequence order). */
export function overlayPending<T extends { id: string }>(
  model: ReadModelName,
  docs: readonly T[],
  commands: readonly OutboxCommand[],
): WithPending<T>[] {
  // Most of the time no command touches this model: the documents as they are (no copy of a 50,000-row list).
  const effects = commands
    .map((command) => ({ command, effect: commandEffect(command) }))
    .filter((item): item is { command: OutboxCommand; effect: CommandEffect } => item.effect?.model === model);
  if (effects.length === 0) return docs as WithPending<T>[];
  const rows = new Map<string, WithPending<T>>(docs.map((doc) => [doc.id, doc]));
  const present = new Set(rows.keys());
  const ordered = effects.sort((a, b) => a.command.seq - b.command.seq);
  for (const { command, effect } of ordered) {
    const status = command.status as PendingMark["status"];
    const current = rows.get(effect.id);
    if (status === "accepted") {
      // The server has it, but the replica may not yet: bridge the gap so nothing flips back to the old value.
      // An accepted command leaves the outbox once a pull that started after its answer has ended.
      if (effect.kind === "create" && present.has(effect.id)) continue;
      if (effect.kind === "update") {
        if (current) rows.set(effect.id, { ...current, ...effect.fields });
        continue;
      }
    }
    const mark: PendingMark = {
      key: command.id,
      mutation: command.mutation,
      status,
      ...(effect.kind === "delete" ? { deleted: true } : {}),
      ...(status === "rejected" ? { errorCode: command.errorCode, errorMessage: command.errorMessage } : {}),
    };
    if (effect.kind === "create" && !current) {
      rows.set(effect.id, { ...(effect.fields as unknown as T), id: effect.id, _pending: mark });
    } else if (current) {
      rows.set(effect.id, { ...current, ...(effect.kind === "update" ? effect.fields : {}), _pending: mark });
    }
  }
  return [...rows.values()];
}

/** docs$ (an RxDB query's $ as plain JSON) with the outbox overlaid, updated when either changes. */
export function withPending$<T extends { id: string }>(
  model: ReadModelName,
  docs$: Observable<readonly T[]>,
  commands$: Observable<readonly OutboxCommand[]>,
): Observable<WithPending<T>[]> {
  return combineLatest([docs$, commands$]).pipe(map(([docs, commands]) => overlayPending(model, docs, commands)));
}
