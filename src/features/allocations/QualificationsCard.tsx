// Qualifications with order (allocation tab and distribution tab): the list by executeOrder, add one of the owner's
// active vendor qualifications, remove, move up/down. Every change is a command; queued ones are overlaid on the
// replica's list (pending creates appended, pending removals and moves applied) with their pending mark.
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { PendingMark } from "../../data/pending.ts";
import { usePending } from "../../data/pending-hooks.ts";
import { Button, Card, CardTable, Select, StatusBadge, SyncMark } from "../../ui/index.ts";
import { FormQualificationPicker } from "../admin/index.ts";
import { QUALIFICATIONS_TEXT } from "./strings.ts";

interface QualificationRow {
  id: string;
  vendorQualificationId: string;
  executeOrder: number;
  name?: string | null;
  complete?: boolean;
}
export interface QualificationChoice {
  id: string;
  name: string;
}

/** The owner's active vendor qualifications the allocation document carries (0410: `vendorQualifications`). */
export function vendorQualificationsOf(allocation: object): QualificationChoice[] {
  return ((allocation as { vendorQualifications?: QualificationChoice[] }).vendorQualifications ?? []).map((c) => ({
    id: c.id,
    name: c.name,
  }));
}

/** The ordered qualification rows a document carries (0410: `qualifications`). */
export function qualificationsOf(doc: object): QualificationRow[] {
  return (doc as { qualifications?: QualificationRow[] }).qualifications ?? [];
}

type Kind = "allocation" | "distribution";

interface Row extends QualificationRow {
  mark: PendingMark | null;
}

/** The replica's rows with the outbox's queued commands of this parent applied, in executeOrder. */
function useOverlaid(
  kind: Kind,
  parentId: string,
  rows: readonly QualificationRow[],
  choices: readonly QualificationChoice[],
): Row[] {
  const queued = usePending(
    kind === "allocation" ? "allocation.qualifications" : "distribution.qualifications",
    parentId,
  );
  return useMemo(() => {
    const names = new Map(choices.map((c) => [c.id, c.name]));
    const out = new Map<string, Row>(rows.map((r) => [r.id, { ...r, mark: null }]));
    for (const entry of queued) {
      const { mark } = entry;
      if (entry.op === "add") {
        if (entry.row && entry.id && !out.has(entry.id)) {
          const q = entry.row as { id: string; vendorQualificationId: string; executeOrder: number };
          out.set(q.id, { ...q, name: names.get(q.vendorQualificationId), mark });
        }
        // a distribution's qualifications come as a batch, after the ones it has
        const start = Math.max(0, ...[...out.values()].map((r) => r.executeOrder)) + 1;
        for (const added of (entry.rows ?? []) as { id: string; vendorQualificationId: string; order: number }[]) {
          if (!out.has(added.id))
            out.set(added.id, {
              id: added.id,
              vendorQualificationId: added.vendorQualificationId,
              executeOrder: start + added.order,
              name: names.get(added.vendorQualificationId),
              mark,
            });
        }
      } else if (entry.op === "edit") {
        const order = entry.patch?.executeOrder;
        const row = entry.id ? out.get(entry.id) : undefined;
        if (row && typeof order === "number") out.set(row.id, { ...row, executeOrder: order, mark });
      } else if (entry.op === "remove") {
        const row = entry.id ? out.get(entry.id) : undefined;
        if (row && mark.status !== "rejected") out.delete(row.id);
        else if (row) out.set(row.id, { ...row, mark });
      }
    }
    // Ties keep the replica's order (the server's: execute order, then creation) with queued additions after it in
    // the order they were made; Array.prototype.sort is stable.
    return [...out.values()].sort((a, b) => a.executeOrder - b.executeOrder);
  }, [queued, rows, choices]);
}

export function QualificationsCard({
  kind,
  parentId,
  rows,
  choices,
  canEdit,
  label,
}: {
  kind: Kind;
  parentId: string;
  rows: readonly QualificationRow[];
  choices: readonly QualificationChoice[];
  canEdit: boolean;
  /** the distribution's qualification label (Finished, Not Started, 'n of total', ...) */
  label?: string;
}) {
  const command = useCommand();
  const list = useOverlaid(kind, parentId, rows, choices);
  const [choice, setChoice] = useState<string | null>(null);
  const available = choices.filter((c) => !list.some((r) => r.vendorQualificationId === c.id));

  const add = async () => {
    if (!choice) return;
    const executeOrder = Math.max(0, ...list.map((r) => r.executeOrder)) + 1;
    if (kind === "allocation")
      await command("createAllocationQualification", {
        input: {
          allocationQualification: { id: newId(), allocationId: parentId, vendorQualificationId: choice, executeOrder },
        },
      });
    else
      await command("makeDistributionQualifications", {
        input: { distributionId: parentId, vendorQualificationIds: [choice], ids: [newId()] },
      });
    setChoice(null);
  };
  const remove = (id: string) =>
    kind === "allocation"
      ? command("deleteAllocationQualificationById", { input: { id } })
      : command("deleteDistributionQualificationById", { input: { id } });
  /** Moves a row by `delta` places and renumbers 1..n, sending only the orders that changed. */
  const move = async (index: number, delta: number) => {
    const next = [...list];
    const [row] = next.splice(index, 1);
    if (!row) return;
    next.splice(index + delta, 0, row);
    for (const [i, r] of next.entries()) {
      const executeOrder = i + 1;
      if (r.executeOrder === executeOrder) continue;
      if (kind === "allocation")
        await command("updateAllocationQualificationById", { input: { id: r.id, patch: { executeOrder } } });
      else await command("updateDistributionQualificationOrder", { input: { id: r.id, executeOrder } });
    }
  };

  return (
    <Card
      title={QUALIFICATIONS_TEXT.title}
      testId={`${kind}-qualifications`}
      actions={label ? <StatusBadge label={label} /> : undefined}
    >
      <CardTable
        rows={list.map((r, i) => ({ r, i }))}
        empty={QUALIFICATIONS_TEXT.none}
        label={QUALIFICATIONS_TEXT.title}
        headers={[
          { title: QUALIFICATIONS_TEXT.order, num: true },
          QUALIFICATIONS_TEXT.qualification,
          kind === "distribution" && QUALIFICATIONS_TEXT.progress,
          canEdit && { title: QUALIFICATIONS_TEXT.actions, num: true },
        ]}
      >
        {({ r, i }) => (
          <tr key={r.id} data-testid="qualification-row">
            <td className="num">{i + 1}</td>
            <td className={css({ fontWeight: "600" })}>
              {r.name ?? QUALIFICATIONS_TEXT.qualification} <SyncMark mark={r.mark} />
            </td>
            {kind === "distribution" && (
              <td>{r.complete ? QUALIFICATIONS_TEXT.finished : QUALIFICATIONS_TEXT.notFinished}</td>
            )}
            {canEdit && (
              <td className="num">
                <span className={css({ display: "inline-flex", gap: "1" })}>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={QUALIFICATIONS_TEXT.moveUp(r.name ?? "")}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={QUALIFICATIONS_TEXT.moveDown(r.name ?? "")}
                    disabled={i === list.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={QUALIFICATIONS_TEXT.removeLabel(r.name ?? "")}
                    onClick={() => remove(r.id)}
                  >
                    {QUALIFICATIONS_TEXT.remove}
                  </Button>
                </span>
              </td>
            )}
          </tr>
        )}
      </CardTable>
      {canEdit && (
        <div className={css({ display: "flex", gap: "2", alignItems: "flex-end", flexWrap: "wrap" })}>
          <div className={css({ minW: "64" })}>
            <Select
              label={QUALIFICATIONS_TEXT.addQualificationLabel}
              name={`${kind}Qualification`}
              options={available.map((c) => ({ value: c.id, label: c.name }))}
              value={choice}
              onChange={setChoice}
              placeholder={available.length ? QUALIFICATIONS_TEXT.choose : QUALIFICATIONS_TEXT.noneToAdd}
            />
          </div>
          <Button onClick={add} disabled={!choice}>
            {QUALIFICATIONS_TEXT.addQualification}
          </Button>
        </div>
      )}
      {canEdit && kind === "allocation" && (
        <FormQualificationPicker
          allocationId={parentId}
          nextOrder={Math.max(0, ...list.map((r) => r.executeOrder)) + 1}
        />
      )}
    </Card>
  );
}
