// The allocation tab: edit name, status and dates (spec's options and editing rules), notes, the default vesting
// schedule and the email preference summary. Every write is a command, so it works offline.
import { useEffect, useState } from "react";
import * as v from "valibot";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import type { AllocationDoc, RoundDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import type { Viewer } from "../../domain/access.ts";
import {
  ALLOCATION_EDIT_BLOCKED,
  AllocationSchema,
  allocationEditBlock,
  allocationStatusOptions,
  fieldErrors,
} from "../../domain/allocations.ts";
import { formatDate } from "../../domain/format.ts";
import { Button, Card, DateInput, FormGrid, mutedText, Select, SyncMark, TextField, toast } from "../../ui/index.ts";
import { NotesCard } from "./NotesCard.tsx";
import { QualificationsCard, qualificationsOf, vendorQualificationsOf } from "./QualificationsCard.tsx";
import { ALLOCATION_PAGE_TEXT } from "./strings.ts";
import { VestingCard } from "./VestingCard.tsx";

export function AllocationTab({
  allocation,
  round,
  actor,
}: {
  allocation: WithPending<AllocationDoc>;
  round: RoundDoc | null | undefined;
  actor: Viewer;
}) {
  const command = useCommand();
  const block = allocationEditBlock(actor, allocation);
  const canEdit = block === null;
  const [name, setName] = useState(allocation.name);
  const [status, setStatus] = useState<string | null>(allocation.status);
  const [opensOn, setOpensOn] = useState<string | null>(allocation.opensOn ?? null);
  const [closesOn, setClosesOn] = useState<string | null>(allocation.closesOn ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-seed when the stored allocation changes
  useEffect(() => {
    setName(allocation.name);
    setStatus(allocation.status);
    setOpensOn(allocation.opensOn ?? null);
    setClosesOn(allocation.closesOn ?? null);
  }, [allocation.updatedOn, allocation._pending?.key]);

  const options = allocationStatusOptions(allocation.status);

  const save = async () => {
    const parsed = v.safeParse(AllocationSchema, { name, opensOn: opensOn ?? "", closesOn: closesOn ?? "" });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setErrors({});
    await command("updateAllocationById", {
      input: { id: allocation.id, patch: { name: parsed.output.name, status, opensOn, closesOn } },
    });
    toast.success(ALLOCATION_PAGE_TEXT.allocationSaved);
  };

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
      <Card title={ALLOCATION_PAGE_TEXT.allocation} actions={<SyncMark mark={allocation._pending} />}>
        {block && <p className={mutedText}>{ALLOCATION_EDIT_BLOCKED[block]}</p>}
        <FormGrid>
          <TextField
            label={ALLOCATION_PAGE_TEXT.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            disabled={!canEdit}
            name="name"
          />
          <Select
            label={ALLOCATION_PAGE_TEXT.status}
            options={options}
            value={status}
            onChange={setStatus}
            disabled={!canEdit}
            name="status"
          />
          <DateInput
            label={ALLOCATION_PAGE_TEXT.opensOn}
            value={opensOn}
            onChange={setOpensOn}
            error={errors.opensOn}
            disabled={!canEdit}
            name="opensOn"
          />
          <DateInput
            label={ALLOCATION_PAGE_TEXT.closesOn}
            value={closesOn}
            onChange={setClosesOn}
            error={errors.closesOn}
            disabled={!canEdit}
            name="closesOn"
          />
        </FormGrid>
        <div className={css({ display: "flex", justifyContent: "space-between", alignItems: "center" })}>
          <span className={mutedText}>
            {ALLOCATION_PAGE_TEXT.ownerLine(
              allocation.owner?.name ?? ALLOCATION_PAGE_TEXT.none,
              formatDate(round?.closesOn ?? null, "MMM Do YYYY"),
            )}
          </span>
          <Button onClick={save} disabled={!canEdit}>
            {ALLOCATION_PAGE_TEXT.save}
          </Button>
        </div>
      </Card>
      <QualificationsCard
        kind="allocation"
        parentId={allocation.id}
        rows={qualificationsOf(allocation)}
        choices={vendorQualificationsOf(allocation)}
        canEdit={canEdit}
      />
      <NotesCard
        kind="allocation"
        parentId={allocation.id}
        notes={(allocation.annotations ?? []) as { id: string; annotation: string; createdOn: string }[]}
        canEdit={canEdit}
      />
      <VestingCard
        kind="allocation"
        parentId={allocation.id}
        schedule={allocation.vestingSchedule as VestingLike | null}
        defaultStartsOn={round?.closesOn ?? null}
        canEdit={canEdit}
      />
    </div>
  );
}

interface VestingLike {
  id: string;
  cliff: number;
  periods: number;
  duration: string;
  automatic: boolean;
  startsOn: string;
}
