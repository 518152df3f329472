// A vesting schedule (an allocation's default or a distribution's own) with the spec's defaults: cliff 1, duration
// month, automatic on, start at the round's close date (or now).
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useFormValues } from "../../app/use-form-values.ts";
import { useCommand } from "../../data/hooks.tsx";
import { formatDate } from "../../domain/format.ts";
import { Button, Card, DateInput, FormGrid, mutedText, Switch, TextField } from "../../ui/index.ts";
import { VESTING_TEXT } from "./strings.ts";

export interface VestingSchedule {
  id: string;
  cliff: number;
  periods: number;
  duration: string;
  automatic: boolean;
  startsOn: string;
}

const INTEGER = /^\d+$/;

export function VestingCard({
  kind,
  parentId,
  schedule,
  defaultStartsOn,
  canEdit,
}: {
  kind: "allocation" | "distribution";
  parentId: string;
  schedule: VestingSchedule | null;
  defaultStartsOn: string | null;
  canEdit: boolean;
}) {
  const command = useCommand();
  const [editing, setEditing] = useState(false);
  const [automatic, setAutomatic] = useState(schedule?.automatic ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { values, field, dateField } = useFormValues<{ cliff: string; periods: string; startsOn: string | null }>(
    {
      cliff: String(schedule?.cliff ?? 1),
      periods: schedule ? String(schedule.periods) : "",
      startsOn: schedule?.startsOn ?? defaultStartsOn ?? new Date().toISOString(),
    },
    errors,
  );
  const { cliff, periods, startsOn } = values;

  const save = async () => {
    const next: Record<string, string> = {};
    if (!INTEGER.test(cliff.trim())) next.cliff = VESTING_TEXT.cliffWhole;
    if (!INTEGER.test(periods.trim()) || Number(periods) <= 0) next.periods = VESTING_TEXT.periodsWhole;
    if (!startsOn) next.startsOn = VESTING_TEXT.startRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    const fields = { cliff: Number(cliff), periods: Number(periods), duration: "month", automatic, startsOn };
    if (schedule) await command("updateVestingScheduleById", { input: { id: schedule.id, patch: fields } });
    else
      await command("createVestingSchedule", {
        input: {
          vestingSchedule: {
            id: newId(),
            [kind === "allocation" ? "allocationId" : "distributionId"]: parentId,
            ...fields,
          },
        },
      });
    setEditing(false);
  };

  const title = kind === "allocation" ? VESTING_TEXT.defaultTitle : VESTING_TEXT.title;
  return (
    <Card
      title={title}
      actions={
        canEdit && !editing ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {schedule ? VESTING_TEXT.edit : VESTING_TEXT.add}
          </Button>
        ) : null
      }
    >
      {!editing &&
        (schedule ? (
          <dl
            className={css({
              display: "grid",
              gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
              gap: "3",
              fontSize: "sm",
            })}
          >
            <Item label={VESTING_TEXT.cliff} value={VESTING_TEXT.months(schedule.cliff)} />
            <Item label={VESTING_TEXT.periods} value={VESTING_TEXT.periodsValue(schedule.periods, schedule.duration)} />
            <Item label={VESTING_TEXT.starts} value={formatDate(schedule.startsOn, "MMM Do YYYY")} />
            <Item label={VESTING_TEXT.automatic} value={schedule.automatic ? VESTING_TEXT.yes : VESTING_TEXT.no} />
          </dl>
        ) : (
          <p className={mutedText}>{kind === "allocation" ? VESTING_TEXT.noDefault : VESTING_TEXT.none}</p>
        ))}
      {editing && (
        <>
          <FormGrid columns={3}>
            <TextField label={VESTING_TEXT.cliffMonths} inputMode="numeric" {...field("cliff")} />
            <TextField label={VESTING_TEXT.periodsMonths} inputMode="numeric" {...field("periods")} />
            <DateInput label={VESTING_TEXT.startsOn} {...dateField("startsOn")} />
          </FormGrid>
          <Switch checked={automatic} onChange={setAutomatic}>
            {VESTING_TEXT.automatic}
          </Switch>
          <div className={css({ display: "flex", gap: "2", justifyContent: "flex-end" })}>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {VESTING_TEXT.cancel}
            </Button>
            <Button onClick={save}>{VESTING_TEXT.save}</Button>
          </div>
        </>
      )}
    </Card>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className={css({ fontSize: "xs", color: "fg.subtle", fontWeight: "600" })}>{label}</dt>
      <dd className={css({ fontWeight: "600" })}>{value}</dd>
    </div>
  );
}
