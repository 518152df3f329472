// Create or edit an asset (spec part 1 sections 2.7, 5): name, authorized total, type, status. The type is fixed once
// the asset exists. Saving queues createAsset / updateAssetById (changed fields only) in the outbox.
import { css } from "../../../styled-system/css";
import { useForm } from "../../app/use-form.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { AssetDoc } from "../../data/models/index.ts";
import { AssetFormSchema, changedFields, STATUS_LABELS, STATUSES, validate } from "../../domain/assets.ts";
import { formatNumber } from "../../domain/format.ts";
import { FormDialog, fullRow, SelectField, TextField } from "../../ui/index.ts";
import type { AssetType } from "./asset-types.ts";
import { ASSET_DIALOG_TEXT, DIALOG_BUTTONS } from "./strings.ts";

const STATUS_OPTIONS = STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export function AssetDialog({
  asset,
  assetTypes,
  onClose,
}: {
  /** null: create a new asset. */
  asset: AssetDoc | null;
  assetTypes: readonly AssetType[];
  onClose: () => void;
}) {
  const send = useCommand();
  const form = useForm({
    initial: {
      name: asset?.name ?? "",
      authorizedTotal: asset ? formatNumber(asset.authorizedTotal) : "",
      type: asset?.type ?? "",
      status: asset?.status ?? "",
    },
    check: (values) => validate(AssetFormSchema, values),
    submit: async (value) => {
      if (!asset) {
        await send("createAsset", { input: { asset: { id: crypto.randomUUID(), ...value } } });
      } else {
        const { type: _fixed, ...editable } = value;
        const patch = changedFields(asset, editable);
        if (Object.keys(patch).length > 0) await send("updateAssetById", { input: { id: asset.id, patch } });
      }
    },
    onDone: onClose,
  });
  const { field, choiceField } = form;

  return (
    <FormDialog
      form={form}
      title={asset ? ASSET_DIALOG_TEXT.editTitle : ASSET_DIALOG_TEXT.createTitle}
      submitLabel={asset ? DIALOG_BUTTONS.save : DIALOG_BUTTONS.create}
      cancelLabel={DIALOG_BUTTONS.cancel}
      onClose={onClose}
    >
      <div className={fullRow}>
        <TextField label={ASSET_DIALOG_TEXT.name} {...field("name")} />
      </div>
      <div className={fullRow}>
        <TextField label={ASSET_DIALOG_TEXT.authorizedTotal} kind="number" {...field("authorizedTotal")} />
      </div>
      <SelectField
        label={ASSET_DIALOG_TEXT.type}
        options={assetTypes.map((t) => ({ value: t.type, label: t.name }))}
        disabled={Boolean(asset)}
        {...choiceField("type")}
      >
        {asset && <p className={css({ fontSize: "xs", color: "fg.subtle", mt: "1" })}>{ASSET_DIALOG_TEXT.typeFixed}</p>}
      </SelectField>
      <SelectField label={ASSET_DIALOG_TEXT.status} options={STATUS_OPTIONS} {...choiceField("status")} />
    </FormDialog>
  );
}
