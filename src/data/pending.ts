// Optimistic display: commands still in the outbox shown where their data appears (docs/REPLICATION.md).
// The replicas only ever hold what the server says; this overlays the outbox on a list of documents, each command
// with the effect the command catalogue names for it (src/domain/commands/catalogue.ts):
//   create  a row with the command's fields, marked pending (ids are client-made UUIDs)
//   update  the row with the patch applied, marked pending
//   delete  the row marked pending with `deleted: true`
// A rejected command keeps its mark, with the reason, until it is resent or discarded. An accepted command keeps
// its effect until it leaves the outbox (once a pull that started after the answer has ended): a created row stays
// visible (marked pending) until the replica has it, an update shows its values without a mark, and a deleted row
// stays marked deleted, so nothing blinks back to the old value between the server's answer and the pull.
// The overlay answers the same query as the stored list (overlayPending's `query`): a row a command creates or changes
// is kept only if it passes the query's selector (RxDB's own matcher: equality, $in, $gt/$lt, nested fields, ...), the
// rows are put in the query's sort order and cut to its limit. So a queued invitation shows under its own allocation
// only, and the totals a screen derives from the rows stay right while offline.
// Pure functions over plain data: unit-tested without a database.
import { getQueryMatcher, getSortComparator } from "rxdb";
import { combineLatest, map, type Observable } from "rxjs";
import { type CommandEffect, commandEffect as effectOf } from "../domain/commands/catalogue.ts";
import type { EffectModel } from "../domain/commands/effects.ts";
import type { ReadModelName } from "./models/index.ts";
import type { OutboxCommand } from "./models/outbox.ts";

/** Every model a command's effect names is a read model of the device (a compile error otherwise). */
type EffectModelsAreReadModels = EffectModel extends ReadModelName ? true : never;
const effectModelsAreReadModels: EffectModelsAreReadModels = true;
void effectModelsAreReadModels;

export interface PendingMark {
  key: string;
  mutation: string;
  status: "pending" | "accepted" | "rejected";
  /** the command creates the row (a refused creation offers a fix rather than a retry of an edit) */
  created?: boolean;
  deleted?: boolean;
  errorCode?: string | null;
  errorMessage?: string | null;
}

export type WithPending<T> = T & { _pending?: PendingMark };

/** A stored command's mark: its key and status, with the server's reason when it was refused. */
export function markOf(command: OutboxCommand, extra: Partial<PendingMark> = {}): PendingMark {
  const status = command.status as PendingMark["status"];
  return {
    key: command.id,
    mutation: command.mutation,
    status,
    ...extra,
    ...(status === "rejected" ? { errorCode: command.errorCode, errorMessage: command.errorMessage } : {}),
  };
}

/** What a stored command does to the read models: the catalogue's effect (src/domain/commands/catalogue.ts). */
export function commandEffect(command: Pick<OutboxCommand, "mutation" | "variables">): CommandEffect | null {
  return effectOf(command.mutation, (command.variables ?? {}) as Record<string, unknown>);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The part of an RxDB Mango query the overlay applies to the rows commands create or change. */
export interface OverlayQuery {
  selector?: Record<string, unknown>;
  sort?: ReadonlyArray<Record<string, "asc" | "desc">>;
  limit?: number;
  skip?: number;
}

type Compare = (a: Record<string, unknown>, b: Record<string, unknown>) => number;

const valueAt = (doc: Record<string, unknown>, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), doc);

/**
 * The query's order as RxDB sorts stored documents (its own comparator, the id last as in normalizeMangoQuery), except
 * that a row created by a queued command that lacks a sort field (a distribution has no createdOn before the server
 * makes it) counts as the newest: last in ascending order, first in descending order (and, between two such rows, the
 * one queued later is the newer).
 */
function queryComparator(sort: NonNullable<OverlayQuery["sort"]>, created: ReadonlyMap<string, number>): Compare {
  const parts = sort.map((part) => {
    const [field, direction] = Object.entries(part)[0] as [string, "asc" | "desc"];
    const compare = getSortComparator(null as never, { selector: {}, sort: [{ [field]: direction }] } as never) as (
      a: unknown,
      b: unknown,
    ) => number | undefined;
    return { field, direction, compare };
  });
  if (!parts.some((part) => part.field === "id")) {
    parts.push({
      field: "id",
      direction: "asc",
      compare: (a, b) => {
        const x = (a as { id: string }).id;
        const y = (b as { id: string }).id;
        return x === y ? 0 : x < y ? -1 : 1;
      },
    });
  }
  return (a, b) => {
    for (const part of parts) {
      const aMissing = valueAt(a, part.field) == null && created.has(a.id as string);
      const bMissing = valueAt(b, part.field) == null && created.has(b.id as string);
      if (aMissing !== bMissing) return (aMissing ? 1 : -1) * (part.direction === "asc" ? 1 : -1);
      // two queued rows: the one queued later is the newer
      if (aMissing) {
        const order = (created.get(a.id as string) ?? 0) - (created.get(b.id as string) ?? 0);
        return order * (part.direction === "asc" ? 1 : -1);
      }
      const result = part.compare(a, b) ?? 0;
      if (result !== 0) return result;
    }
    return 0;
  };
}

/**
 * The documents of one model as they will look once the outbox's commands are applied (in sequence order).
 * `docs` is the stored result of `query` (already filtered, sorted, limited); the rows commands create or change pass
 * the same selector, the result keeps the query's sort and limit (a query without a sort keeps the stored order, rows
 * created by commands last). A stored document outside the query that a queued update would move into it is not
 * shown (the overlay only sees the query's result).
 */
export function overlayPending<T extends { id: string }>(
  model: ReadModelName,
  docs: readonly T[],
  commands: readonly OutboxCommand[],
  query: OverlayQuery = {},
): WithPending<T>[] {
  // Most of the time no command touches this model: the documents as they are (no copy of a 50,000-row list).
  const effects = commands
    .map((command) => ({ command, effect: commandEffect(command) }))
    .filter((item): item is { command: OutboxCommand; effect: CommandEffect } => item.effect?.model === model);
  if (effects.length === 0) return docs as WithPending<T>[];
  const rows = new Map<string, WithPending<T>>(docs.map((doc) => [doc.id, doc]));
  const present = new Set(rows.keys());
  /** ids of rows a command created or changed: they must pass the query like a stored document */
  const touched = new Set<string>();
  /** rows created by commands, with their order in the outbox */
  const created = new Map<string, number>();
  const ordered = effects.sort((a, b) => a.command.seq - b.command.seq);
  for (const { command, effect } of ordered) {
    const status = command.status as PendingMark["status"];
    const current = rows.get(effect.id);
    if (status === "accepted") {
      // The server has it, but the replica may not yet: bridge the gap so nothing flips back to the old value.
      // An accepted command leaves the outbox once a pull that started after its answer has ended.
      if (effect.kind === "create" && present.has(effect.id)) continue;
      if (effect.kind === "update") {
        if (current) {
          rows.set(effect.id, { ...current, ...effect.fields });
          touched.add(effect.id);
        }
        continue;
      }
    }
    const mark = markOf(
      command,
      effect.kind === "delete" ? { deleted: true } : effect.kind === "create" ? { created: true } : {},
    );
    if (effect.kind === "create" && !current) {
      rows.set(effect.id, { ...(effect.fields as unknown as T), id: effect.id, _pending: mark });
      touched.add(effect.id);
      created.set(effect.id, created.size);
    } else if (current) {
      rows.set(effect.id, { ...current, ...(effect.kind === "update" ? effect.fields : {}), _pending: mark });
      if (effect.kind === "update") touched.add(effect.id);
    }
  }
  let result = [...rows.values()];
  if (touched.size === 0) return result;
  if (query.selector && Object.keys(query.selector).length > 0) {
    const matches = getQueryMatcher(null as never, { selector: query.selector, sort: [] } as never) as (
      doc: unknown,
    ) => boolean;
    result = result.filter((row) => !touched.has(row.id) || matches(row));
  }
  if (query.sort && query.sort.length > 0) {
    result.sort(queryComparator(query.sort as NonNullable<OverlayQuery["sort"]>, created) as never);
  }
  if (query.limit !== undefined && result.length > query.limit) result = result.slice(0, query.limit);
  return result;
}

/** docs$ (the live result of `query`) with the outbox overlaid under the same query, updated when either changes. */
export function withPending$<T extends { id: string }>(
  model: ReadModelName,
  docs$: Observable<readonly T[]>,
  commands$: Observable<readonly OutboxCommand[]>,
  query: OverlayQuery = {},
): Observable<WithPending<T>[]> {
  return combineLatest([docs$, commands$]).pipe(
    map(([docs, commands]) => overlayPending(model, docs, commands, query)),
  );
}
