// Child rows of a document created by queued commands (a payment or a note added offline). The generic overlay in
// src/data/pending.ts replaces fields, it cannot append to a document's lists, so screens add these rows themselves
// until the replica holds them.
import { useMemo } from "react";
import { useOutbox } from "../../data/hooks.tsx";
import type { PendingMark } from "../../data/pending.ts";

export interface PendingChild<T> {
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
