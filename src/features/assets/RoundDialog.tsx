// Create or edit a round (spec part 1 sections 2.7, 5, 7). A new round is makeRound, or makeTranche with term and
// coupon for a debt asset. An edit sends only what changed, as up to three queued commands: updateRoundById,
// updateTrancheBondDatumByRoundId (term, coupon) and updateSecurityById (the linked security's latest price). An edit
// also sets the round's accreditation rules (verified accreditation required, self-certification allowed).

import { useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { useForm } from "../../app/use-form.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { RoundDoc, SecurityDoc } from "../../data/models/index.ts";
import {
  changedFields,
  dayToTimestamp,
  STATUS_LABELS,
  STATUSES,
  timestampToDay,
  validateRound,
} from "../../domain/assets.ts";
import { formatNumber } from "../../domain/format.ts";
import { DateInput, FormDialog, fullRow, SelectField, Switch, TextField } from "../../ui/index.ts";
import { DIALOG_BUTTONS, ROUND_DIALOG_TEXT } from "./strings.ts";

const STATUS_OPTIONS = STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

const plain = (value: string | null | undefined) => (value ? formatNumber(value, 16).replaceAll(",", "") : "");

export function RoundDialog({
  assetId,
  debt,
  round,
  security,
  onClose,
}: {
  assetId: string;
  debt: boolean;
  /** null: a new round. */
  round: RoundDoc | null;
  /** The round's linked security (its price can be edited with the round). */
  security: SecurityDoc | null;
  onClose: () => void;
}) {
  const send = useCommand();
  // The round's accreditation rules (docs/ACCREDITATION.md), edited with the round and sent in its patch.
  const rules = round as (RoundDoc & { accreditationRequired?: boolean; selfCertificationAllowed?: boolean }) | null;
  const [accreditationRequired, setAccreditationRequired] = useState(Boolean(rules?.accreditationRequired));
  const [selfCertificationAllowed, setSelfCertificationAllowed] = useState(Boolean(rules?.selfCertificationAllowed));
  const tranche = round?.trancheBondData as { term?: string; coupon?: string } | null | undefined;
  const form = useForm({
    initial: {
      name: round?.name ?? "",
      opensOn: timestampToDay(round?.opensOn),
      closesOn: timestampToDay(round?.closesOn),
      termsUrl: round?.termsUrl ?? "",
      price: plain(round?.price),
      total: plain(round?.total),
      status: round?.status ?? "",
      coupon: plain(tranche?.coupon),
      term: plain(tranche?.term),
      unitValue: plain(security?.unitValue),
    },
    check: ({ coupon, term, unitValue, ...common }) =>
      validateRound({ ...common, ...(debt ? { coupon, term } : {}), ...(security ? { unitValue } : {}) }, debt),
    submit: async (value) => {
      const { coupon: newCoupon, term: newTerm, unitValue: newUnitValue, opensOn, closesOn, ...rest } = value;
      const fields = { ...rest, opensOn: dayToTimestamp(opensOn), closesOn: dayToTimestamp(closesOn) };
      if (!round) {
        const input = { id: crypto.randomUUID(), assetId, ...fields };
        if (debt) await send("makeTranche", { input: { ...input, term: newTerm ?? "", coupon: newCoupon ?? "" } });
        else await send("makeRound", { input });
      } else {
        const original = {
          ...round,
          opensOn: timestampToDay(round.opensOn) ? dayToTimestamp(timestampToDay(round.opensOn)!) : round.opensOn,
          closesOn: timestampToDay(round.closesOn) ? dayToTimestamp(timestampToDay(round.closesOn)!) : round.closesOn,
        };
        const patch = {
          ...changedFields(original, fields),
          ...(accreditationRequired !== Boolean(rules?.accreditationRequired) ? { accreditationRequired } : {}),
          ...(selfCertificationAllowed !== Boolean(rules?.selfCertificationAllowed)
            ? { selfCertificationAllowed }
            : {}),
        };
        if (Object.keys(patch).length > 0) await send("updateRoundById", { input: { id: round.id, patch } });
        if (debt) {
          const tranchePatch = changedFields(
            { term: tranche?.term, coupon: tranche?.coupon },
            { term: newTerm, coupon: newCoupon },
          );
          // Both values travel together so the pending display shows the whole tranche.
          if (Object.keys(tranchePatch).length > 0)
            await send("updateTrancheBondDatumByRoundId", {
              input: { roundId: round.id, patch: { term: newTerm, coupon: newCoupon } },
            });
        }
        if (
          security &&
          newUnitValue &&
          changedFields({ unitValue: security.unitValue }, { unitValue: newUnitValue }).unitValue
        )
          await send("updateSecurityById", { input: { id: security.id, patch: { unitValue: newUnitValue } } });
      }
    },
    onDone: onClose,
  });
  const { field, dateField, choiceField } = form;

  return (
    <FormDialog
      form={form}
      title={round ? ROUND_DIALOG_TEXT.editTitle : ROUND_DIALOG_TEXT.createTitle}
      description={debt ? ROUND_DIALOG_TEXT.debtDescription : undefined}
      submitLabel={round ? DIALOG_BUTTONS.save : DIALOG_BUTTONS.create}
      cancelLabel={DIALOG_BUTTONS.cancel}
      onClose={onClose}
    >
      <div className={fullRow}>
        <TextField label={ROUND_DIALOG_TEXT.name} {...field("name")} />
      </div>
      <DateInput label={ROUND_DIALOG_TEXT.opensOn} {...dateField("opensOn")} />
      <DateInput label={ROUND_DIALOG_TEXT.closesOn} {...dateField("closesOn")} />
      <div className={fullRow}>
        <TextField label={ROUND_DIALOG_TEXT.termsUrl} kind="url" {...field("termsUrl")} />
      </div>
      <TextField label={ROUND_DIALOG_TEXT.price} kind="number" {...field("price")} />
      <TextField label={ROUND_DIALOG_TEXT.total} kind="number" {...field("total")} />
      {debt && (
        <>
          <TextField label={ROUND_DIALOG_TEXT.coupon} kind="number" {...field("coupon")} />
          <TextField label={ROUND_DIALOG_TEXT.term} kind="number" {...field("term")} />
        </>
      )}
      <SelectField label={ROUND_DIALOG_TEXT.status} options={STATUS_OPTIONS} {...choiceField("status")} />
      {round && (
        <div className={cx(fullRow, css({ display: "flex", flexDirection: "column", gap: "2" }))}>
          <Switch checked={accreditationRequired} onChange={setAccreditationRequired}>
            {ROUND_DIALOG_TEXT.accreditationRequired}
          </Switch>
          <Switch checked={selfCertificationAllowed} onChange={setSelfCertificationAllowed}>
            {ROUND_DIALOG_TEXT.selfCertificationAllowed}
          </Switch>
          <p className={css({ fontSize: "xs", color: "fg.muted" })}>{ROUND_DIALOG_TEXT.accreditationHint}</p>
        </div>
      )}
      {security && (
        <TextField label={ROUND_DIALOG_TEXT.latestPrice(security.name)} kind="number" {...field("unitValue")} />
      )}
    </FormDialog>
  );
}
