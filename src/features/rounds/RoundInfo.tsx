// Round Information, editable by the issuer's owners and admins (updateRoundById).
import { useEffect, useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import type { RoundDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import { ALLOCATION_STATUS_LABELS } from "../../domain/allocations.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { Button, Card, DateInput, FormGrid, Select, SyncMark, TextField, toast } from "../../ui/index.ts";
import { ROUND_INFO_TEXT, ROUND_TEXT } from "./strings.ts";

const ROUND_STATUS = ["drafted", "active", "closed", "stale"].map((value) => ({
  value,
  label: ALLOCATION_STATUS_LABELS[value] ?? value,
}));

export function RoundInfo({ round, canEdit }: { round: WithPending<RoundDoc>; canEdit: boolean }) {
  const command = useCommand();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(round.name);
  const [price, setPrice] = useState(round.price ?? "");
  const [status, setStatus] = useState<string | null>(round.status);
  const [opensOn, setOpensOn] = useState<string | null>(round.opensOn ?? null);
  const [closesOn, setClosesOn] = useState<string | null>(round.closesOn ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-seed on a new stored version
  useEffect(() => {
    setName(round.name);
    setPrice(round.price ?? "");
    setStatus(round.status);
    setOpensOn(round.opensOn ?? null);
    setClosesOn(round.closesOn ?? null);
  }, [round.updatedOn]);

  const save = async () => {
    if (!name.trim()) return toast.error(ROUND_INFO_TEXT.nameRequired);
    await command("updateRoundById", {
      input: { id: round.id, patch: { name: name.trim(), price: price.trim(), status, opensOn, closesOn } },
    });
    setEditing(false);
  };

  return (
    <Card
      title={ROUND_INFO_TEXT.title}
      actions={
        <>
          <SyncMark mark={round._pending} />
          {canEdit && !editing && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              {ROUND_TEXT.edit}
            </Button>
          )}
        </>
      }
      testId="round-info"
    >
      {editing ? (
        <>
          <FormGrid columns={3}>
            <TextField label={ROUND_TEXT.name} value={name} onChange={(e) => setName(e.target.value)} />
            <TextField label={ROUND_INFO_TEXT.price} value={price} onChange={(e) => setPrice(e.target.value)} />
            <Select label={ROUND_TEXT.status} options={ROUND_STATUS} value={status} onChange={setStatus} />
            <DateInput label={ROUND_TEXT.opensOn} value={opensOn} onChange={setOpensOn} />
            <DateInput label={ROUND_TEXT.closesOn} value={closesOn} onChange={setClosesOn} />
          </FormGrid>
          <div className={css({ display: "flex", gap: "2", justifyContent: "flex-end" })}>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {ROUND_TEXT.cancel}
            </Button>
            <Button onClick={save}>{ROUND_TEXT.save}</Button>
          </div>
        </>
      ) : (
        <dl
          className={css({
            display: "grid",
            gridTemplateColumns: { base: "repeat(2, minmax(0,1fr))", md: "repeat(4, minmax(0,1fr))" },
            gap: "4",
          })}
        >
          <Item label={ROUND_INFO_TEXT.pricePerUnit} value={formatMoney(round.price)} />
          <Item label={ROUND_INFO_TEXT.unitsOffered} value={formatNumber(round.total)} />
          <Item label={ROUND_TEXT.status} value={ALLOCATION_STATUS_LABELS[round.status] ?? round.status} />
          <Item label={ROUND_INFO_TEXT.security} value={round.security?.name ?? ROUND_TEXT.none} />
          <Item label={ROUND_INFO_TEXT.opens} value={formatDate(round.opensOn ?? null, "MMM Do YYYY")} />
          <Item label={ROUND_INFO_TEXT.closes} value={formatDate(round.closesOn ?? null, "MMM Do YYYY")} />
          <Item
            label={ROUND_INFO_TEXT.term}
            value={round.trancheBondData ? ROUND_INFO_TEXT.years(round.trancheBondData.term) : ROUND_TEXT.notAvailable}
          />
          <Item
            label={ROUND_INFO_TEXT.yield}
            value={
              round.trancheBondData ? ROUND_INFO_TEXT.percent(round.trancheBondData.coupon) : ROUND_TEXT.notAvailable
            }
          />
        </dl>
      )}
    </Card>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt
        className={css({
          fontSize: "xs",
          color: "fg.subtle",
          fontWeight: "700",
          letterSpacing: "0.04em",
          textTransform: "uppercase",
        })}
      >
        {label}
      </dt>
      <dd className={css({ fontWeight: "600", mt: "0.5" })}>{value}</dd>
    </div>
  );
}
