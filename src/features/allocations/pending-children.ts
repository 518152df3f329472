// Child rows of a document created by queued commands (a payment or a note added offline). The generic overlay in
// src/data/pending.ts replaces fields, it cannot append to a document's lists, so screens add these rows themselves
// until the replica holds them.
import { useMemo } from "react";
import { useOutbox } from "../../data/hooks.tsx";
import type { PendingMark } from "../../data/pending.ts";

interface PendingChild<T> {
  row: T & { id: string };
  mark: PendingMark;
}

/**
 * Rows created by outbox commands of `mutation` whose input entity (`input[entityKey]`) belongs to `parentId`
 * through `parentField`, excluding ids the document already holds.
 */
export function usePendingChildren<T extends Record<string, unknown>>(
  mutation: string,
  entityKey: string,
  parentField: string,
  parentId: string | undefined,
  presentIds: readonly string[],
): PendingChild<T>[] {
  const { rows } = useOutbox();
  const present = presentIds.join(",");
  return useMemo(() => {
    const have = new Set(present ? present.split(",") : []);
    const out: PendingChild<T>[] = [];
    for (const command of rows) {
      if (command.mutation !== mutation || !parentId) continue;
      const input = (command.variables as { input?: Record<string, unknown> } | undefined)?.input;
      // "__self": the mutation's input is the entity itself (custom SQL functions such as makeAllocationOfferingLink).
      const entity = (entityKey === "__self" ? input : input?.[entityKey]) as (T & { id?: string }) | undefined;
      if (!entity || entity[parentField] !== parentId || typeof entity.id !== "string" || have.has(entity.id)) continue;
      const status = command.status as PendingMark["status"];
      out.push({
        row: entity as T & { id: string },
        mark: {
          key: command.id,
          mutation: command.mutation,
          status,
          ...(status === "rejected" ? { errorCode: command.errorCode, errorMessage: command.errorMessage } : {}),
        },
      });
    }
    return out;
  }, [rows, mutation, entityKey, parentField, parentId, present]);
}

/**
 * Rows of a document's list with queued edits (`updateMutation`: input {id, patch}) applied and queued deletes
 * (`deleteMutation`: input {id}) removed; a rejected delete keeps the row with its mark.
 */
export function usePendingEdits<T extends { id: string }>(
  rows: readonly T[],
  updateMutation: string,
  deleteMutation: string,
): { row: T; mark: PendingMark | null }[] {
  const { rows: outbox } = useOutbox();
  return useMemo(() => {
    const out = new Map(rows.map((row) => [row.id, { row, mark: null as PendingMark | null }]));
    for (const command of outbox) {
      if (command.mutation !== updateMutation && command.mutation !== deleteMutation) continue;
      const input = (command.variables as { input?: { id?: string; patch?: Partial<T> } } | undefined)?.input;
      const current = input?.id ? out.get(input.id) : undefined;
      if (!current) continue;
      const status = command.status as PendingMark["status"];
      const mark: PendingMark = {
        key: command.id,
        mutation: command.mutation,
        status,
        ...(status === "rejected" ? { errorCode: command.errorCode, errorMessage: command.errorMessage } : {}),
      };
      if (command.mutation === deleteMutation && status !== "rejected") out.delete(current.row.id);
      else if (command.mutation === deleteMutation) out.set(current.row.id, { row: current.row, mark });
      else out.set(current.row.id, { row: { ...current.row, ...(status === "rejected" ? {} : input?.patch) }, mark });
    }
    return [...out.values()];
  }, [rows, outbox, updateMutation, deleteMutation]);
}
