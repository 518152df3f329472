// A distribution's list of child rows (its payments, its custom fields): the stored rows with queued edits and
// removals applied, then the rows queued on this device that the server has not sent back yet, each with its mark;
// which row is being edited; and which rows may be edited (stored ones, by whoever may edit the distribution).
import { useState } from "react";
import type { PendingMark } from "../../data/pending.ts";
import { usePendingChildren, usePendingEdits } from "../../data/pending-hooks.ts";
import type { PendingList } from "../../domain/commands/lists.ts";

export function useChildRows<T extends { id: string }>(
  list: PendingList,
  parentId: string,
  stored: readonly T[],
  canEdit: boolean,
) {
  const pending = usePendingChildren<T>(
    list,
    parentId,
    stored.map((row) => row.id),
  );
  const edited = usePendingEdits(list, stored);
  const [editing, setEditing] = useState<string | null>(null);
  const rows = [...edited, ...pending.map((x) => ({ row: x.row as T, mark: x.mark as PendingMark | null }))];
  const editable = (id: string) => canEdit && stored.some((row) => row.id === id);
  return { rows, editing, setEditing, editable };
}
