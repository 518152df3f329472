// A vesting schedule (an allocation's default or a distribution's own) with the spec's defaults: cliff 1, duration
// month, automatic on, start at the round's close date (or now).
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import { formatDate } from "../../domain/format.ts";
import { Button, Card, DateInput, FormGrid, mutedText, Switch, TextField } from "../../ui/index.ts";
import { newId } from "./new-id.ts";

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
  const [cliff, setCliff] = useState(String(schedule?.cliff ?? 1));
  const [periods, setPeriods] = useState(schedule ? String(schedule.periods) : "");
  const [startsOn, setStartsOn] = useState<string | null>(
    schedule?.startsOn ?? defaultStartsOn ?? new Date().toISOString(),
  );
  const [automatic, setAutomatic] = useState(schedule?.automatic ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async () => {
    const next: Record<string, string> = {};
    if (!INTEGER.test(cliff.trim())) next.cliff = "Cliff must be a whole number.";
    if (!INTEGER.test(periods.trim()) || Number(periods) <= 0) next.periods = "Periods must be a whole number.";
    if (!startsOn) next.startsOn = "Start date is required.";
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

  const title = kind === "allocation" ? "Default Vesting Schedule" : "Vesting Schedule";
  return (
    <Card
      title={title}
      actions={
        canEdit && !editing ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {schedule ? "Edit" : "Add"}
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
            <Item label="Cliff" value={`${schedule.cliff} month${schedule.cliff === 1 ? "" : "s"}`} />
            <Item label="Periods" value={`${schedule.periods} × ${schedule.duration}`} />
            <Item label="Starts" value={formatDate(schedule.startsOn, "MMM Do YYYY")} />
            <Item label="Automatic" value={schedule.automatic ? "Yes" : "No"} />
          </dl>
        ) : (
          <p className={mutedText}>{kind === "allocation" ? "No Default Vesting Schedule" : "No Vesting Schedule"}</p>
        ))}
      {editing && (
        <>
          <FormGrid columns={3}>
            <TextField
              label="Cliff (months)"
              inputMode="numeric"
              value={cliff}
              onChange={(e) => setCliff(e.target.value)}
              error={errors.cliff}
            />
            <TextField
              label="Periods (months)"
              inputMode="numeric"
              value={periods}
              onChange={(e) => setPeriods(e.target.value)}
              error={errors.periods}
            />
            <DateInput label="Starts On" value={startsOn} onChange={setStartsOn} error={errors.startsOn} />
          </FormGrid>
          <Switch checked={automatic} onChange={setAutomatic}>
            Automatic
          </Switch>
          <div className={css({ display: "flex", gap: "2", justifyContent: "flex-end" })}>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button onClick={save}>Save</Button>
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
