// The round's allocations with add (name required; opens and closes default to the round's dates). Each row links
// to its allocation page.
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import * as v from "valibot";
import { newId } from "../../app/new-id.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { AllocationDoc, RoundDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import type { Viewer } from "../../domain/access.ts";
import {
  ALLOCATION_STATUS_LABELS,
  AllocationSchema,
  distributionSummary,
  fieldErrors,
} from "../../domain/allocations.ts";
import { formatDate, formatNumber } from "../../domain/format.ts";
import { Button, Card, CardTable, DateInput, linkClass, StatusBadge, SyncMark, TextField } from "../../ui/index.ts";
import type { Distribution } from "../allocations/index.ts";
import { AddDialog } from "./AddDialog.tsx";
import { ROUND_ALLOCATIONS_TEXT, ROUND_TEXT } from "./strings.ts";

export function Allocations({
  round,
  allocations,
  distributions,
  actor,
  canAdd,
}: {
  round: RoundDoc;
  allocations: WithPending<AllocationDoc>[];
  distributions: Distribution[];
  actor: Viewer;
  canAdd: boolean;
}) {
  const command = useCommand();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [opensOn, setOpensOn] = useState<string | null>(round.opensOn ?? null);
  const [closesOn, setClosesOn] = useState<string | null>(round.closesOn ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Each allocation's summary over the round's distributions (tens of thousands in a large round): computed when
  // the distributions change, not on every render of the form.
  const summaries = useMemo(() => {
    const byAllocation = new Map<string, Distribution[]>();
    for (const d of distributions) {
      const list = byAllocation.get(d.allocationId);
      if (list) list.push(d);
      else byAllocation.set(d.allocationId, [d]);
    }
    return new Map([...byAllocation].map(([id, list]) => [id, distributionSummary(list)]));
  }, [distributions]);

  const start = () => {
    setName("");
    setOpensOn(round.opensOn ?? null);
    setClosesOn(round.closesOn ?? null);
    setErrors({});
    setOpen(true);
  };
  const add = async () => {
    const parsed = v.safeParse(AllocationSchema, { name, opensOn: opensOn ?? "", closesOn: closesOn ?? "" });
    if (!parsed.success) return setErrors(fieldErrors(parsed.issues));
    await command("createAllocation", {
      input: {
        allocation: {
          id: newId(),
          roundId: round.id,
          ownerId: actor.accountId,
          name: parsed.output.name,
          status: "drafted",
          opensOn: new Date(opensOn as string).toISOString(),
          closesOn: new Date(closesOn as string).toISOString(),
        },
      },
    });
    setOpen(false);
  };

  return (
    <Card
      title={ROUND_ALLOCATIONS_TEXT.title}
      actions={
        canAdd ? (
          <Button size="sm" variant="outline" onClick={start}>
            {ROUND_ALLOCATIONS_TEXT.addAllocation}
          </Button>
        ) : null
      }
      testId="allocations"
    >
      <CardTable
        rows={allocations}
        empty={ROUND_ALLOCATIONS_TEXT.none}
        headers={[
          ROUND_TEXT.allocation,
          ROUND_ALLOCATIONS_TEXT.owner,
          ROUND_ALLOCATIONS_TEXT.opens,
          ROUND_ALLOCATIONS_TEXT.closes,
          { title: ROUND_ALLOCATIONS_TEXT.distributions, num: true },
          { title: ROUND_TEXT.units, num: true },
          ROUND_TEXT.status,
        ]}
      >
        {(a) => {
          const summary = summaries.get(a.id) ?? distributionSummary([]);
          return (
            <tr key={a.id} data-testid="allocation-row">
              <td>
                <Link
                  to="/distribute-allocation/$allocationId/{-$view}"
                  params={{ allocationId: a.id, view: "allocation" }}
                  className={linkClass}
                >
                  {a.name}
                </Link>
              </td>
              <td>{a.owner?.name ?? (a.ownerId === actor.accountId ? ROUND_ALLOCATIONS_TEXT.you : ROUND_TEXT.none)}</td>
              <td>{formatDate(a.opensOn ?? null, "MM/DD/YYYY")}</td>
              <td>{formatDate(a.closesOn ?? null, "MM/DD/YYYY")}</td>
              <td className="num">{summary.count}</td>
              <td className="num">{formatNumber(summary.units)}</td>
              <td>
                <StatusBadge label={ALLOCATION_STATUS_LABELS[a.status] ?? a.status} /> <SyncMark mark={a._pending} />
              </td>
            </tr>
          );
        }}
      </CardTable>
      <AddDialog open={open} onOpenChange={setOpen} title={ROUND_ALLOCATIONS_TEXT.addAllocation} onAdd={add}>
        <TextField
          label={ROUND_TEXT.name}
          name="allocationName"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <DateInput label={ROUND_TEXT.opensOn} value={opensOn} onChange={setOpensOn} error={errors.opensOn} />
        <DateInput label={ROUND_TEXT.closesOn} value={closesOn} onChange={setClosesOn} error={errors.closesOn} />
      </AddDialog>
    </Card>
  );
}
