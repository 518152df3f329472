// The allocation tab: edit name, status and dates (spec's options and editing rules), notes, the default vesting
// schedule and the email preference summary. Every write is a command, so it works offline.
import { useEffect, useState } from "react";
import * as v from "valibot";
import { css } from "../../../styled-system/css";
import { useFormValues } from "../../app/use-form-values.ts";
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
import { VestingCard, type VestingSchedule } from "./VestingCard.tsx";

type AllocationValues = { name: string; status: string | null; opensOn: string | null; closesOn: string | null };

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
  const stored = (): AllocationValues => ({
    name: allocation.name,
    status: allocation.status,
    opensOn: allocation.opensOn ?? null,
    closesOn: allocation.closesOn ?? null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { values, setValues, set, field, dateField } = useFormValues(stored(), errors);
  const { name, status, opensOn, closesOn } = values;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-seed when the stored allocation changes
  useEffect(() => setValues(stored()), [allocation.updatedOn, allocation._pending?.key]);

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
          <TextField label={ALLOCATION_PAGE_TEXT.name} {...field("name")} disabled={!canEdit} />
          <Select
            label={ALLOCATION_PAGE_TEXT.status}
            options={options}
            value={status}
            onChange={set("status")}
            disabled={!canEdit}
            name="status"
          />
          <DateInput label={ALLOCATION_PAGE_TEXT.opensOn} {...dateField("opensOn")} disabled={!canEdit} />
          <DateInput label={ALLOCATION_PAGE_TEXT.closesOn} {...dateField("closesOn")} disabled={!canEdit} />
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
        schedule={allocation.vestingSchedule as VestingSchedule | null}
        defaultStartsOn={round?.closesOn ?? null}
        canEdit={canEdit}
      />
    </div>
  );
}
