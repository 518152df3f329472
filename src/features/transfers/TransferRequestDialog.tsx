// The holder's "Transfer" dialog on a holding: units (some or all of what is not already in an open request), the
// transferee's email (an existing investor or someone invited), the reason, for a sale the price per unit, and
// supporting documents. The request is queued like every command (requestTransfer), so it works offline; its files
// are kept on the device and uploaded once online (queueUploadsWith); the server checks the security's rules again
// when the request arrives.
import { useId, useState } from "react";
import { css } from "../../../styled-system/css";
import { input } from "../../../styled-system/recipes";
import { newId } from "../../app/new-id.ts";
import { useForm } from "../../app/use-form.ts";
import { useOnline } from "../../app/useOnline.ts";
import { checkFile, queueUploadsWith } from "../../data/file-hooks.ts";
import { UPLOAD_ACCEPT } from "../../domain/documents.ts";
import { checkTransferRequest, TRANSFER_REASON_LABELS, TRANSFER_REASONS } from "../../domain/transfers.ts";
import { FormDialog, fullRow, SelectField, TextField, toast } from "../../ui/index.ts";
import { TRANSFERS_TEXT } from "./strings.ts";
import { transferDocumentsPlace } from "./TransferDocuments.tsx";

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
  const online = useOnline();
  const [files, setFiles] = useState<File[]>([]);
  const filesId = useId();
  const form = useForm({
    initial: { units: "", transfereeEmail: "", reason: "", pricePerUnit: "" },
    check: (values) => {
      const checked = checkTransferRequest(values, available);
      const refused = files.map((file) => checkFile(file)).find((problem) => problem !== null);
      if (refused) return { ok: false as const, errors: { ...(checked.ok ? {} : checked.errors), documents: refused } };
      return checked.ok ? { ok: true as const, value: checked } : checked;
    },
    submit: async (request) => {
      const id = newId();
      await queueUploadsWith({
        files,
        place: transferDocumentsPlace(id),
        mutation: "requestTransfer",
        variables: (documentKeys) => ({
          input: {
            id,
            holdingId,
            units: request.units,
            reason: request.reason,
            transfereeEmail: request.transfereeEmail,
            pricePerUnit: request.pricePerUnit,
            ...(documentKeys.length > 0 ? { documentKeys } : {}),
          },
        }),
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
      <div className={fullRow}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
          <label htmlFor={filesId} className={css({ fontSize: "sm", fontWeight: "600" })}>
            {TRANSFERS_TEXT.documentsField}
          </label>
          <input
            id={filesId}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            aria-describedby={`${filesId}-hint`}
            className={`${input()} ${css({ py: "1.5", h: "auto" })}`}
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
          <p id={`${filesId}-hint`} className={css({ fontSize: "xs", color: "fg.muted" })}>
            {TRANSFERS_TEXT.documentsHint}
          </p>
          {form.errors.documents && (
            <p role="alert" className={css({ fontSize: "sm", color: "danger" })}>
              {form.errors.documents}
            </p>
          )}
        </div>
      </div>
    </FormDialog>
  );
}
