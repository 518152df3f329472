// The holder's "Transfer" dialog on a holding: units (some or all of what is not already in an open request), the
// transferee's email (an existing investor or someone invited), the reason and, for a sale, the price per unit. The
// request is queued like every command (requestTransfer), so it works offline; the server checks the security's
// rules again when it arrives.
import { newId } from "../../app/new-id.ts";
import { useForm } from "../../app/use-form.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useCommand } from "../../data/hooks.tsx";
import { checkTransferRequest, TRANSFER_REASON_LABELS, TRANSFER_REASONS } from "../../domain/transfers.ts";
import { FormDialog, SelectField, TextField, toast } from "../../ui/index.ts";
import { TRANSFERS_TEXT } from "./strings.ts";

const REASON_OPTIONS = TRANSFER_REASONS.map((value) => ({ value, label: TRANSFER_REASON_LABELS[value] }));

export function TransferRequestDialog({
  holdingId,
  available,
  onClose,
}: {
  holdingId: string;
  available: string;
  onClose: () => void;
}) {
  const command = useCommand();
  const online = useOnline();
  const form = useForm({
    initial: { units: "", transfereeEmail: "", reason: "", pricePerUnit: "" },
    check: (values) => {
      const checked = checkTransferRequest(values, available);
      return checked.ok ? { ok: true as const, value: checked } : checked;
    },
    submit: async (request) => {
      await command("requestTransfer", {
        input: {
          id: newId(),
          holdingId,
          units: request.units,
          reason: request.reason,
          transfereeEmail: request.transfereeEmail,
          pricePerUnit: request.pricePerUnit,
        },
      });
      toast.success(TRANSFERS_TEXT.requested, online ? undefined : TRANSFERS_TEXT.queuedOffline);
    },
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      title={TRANSFERS_TEXT.requestTitle}
      description={TRANSFERS_TEXT.requestDescription}
      submitLabel={TRANSFERS_TEXT.requestSubmit}
      cancelLabel={TRANSFERS_TEXT.cancel}
      onClose={onClose}
    >
      <TextField
        label={TRANSFERS_TEXT.units}
        kind="number"
        hint={TRANSFERS_TEXT.unitsHint(available)}
        {...form.field("units")}
      />
      <TextField label={TRANSFERS_TEXT.transfereeEmail} type="email" {...form.field("transfereeEmail")} />
      <SelectField label={TRANSFERS_TEXT.reason} options={REASON_OPTIONS} {...form.choiceField("reason")} />
      <TextField
        label={TRANSFERS_TEXT.pricePerUnit}
        kind="number"
        hint={TRANSFERS_TEXT.pricePerUnitHint}
        {...form.field("pricePerUnit")}
      />
    </FormDialog>
  );
}
