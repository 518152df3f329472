// The upload dialog (spec part 1 sections 2.9, 8, 9): a csv, tsv, pdf, xls or txt file, its name, and the sharing
// options the uploader's account type may grant, 2 per row. Online or offline: the file is kept on the device and
// uploads when the network is there (upload.ts).
import { useEffect, useId, useState } from "react";
import { css } from "../../../styled-system/css";
import { input } from "../../../styled-system/recipes";
import { useOnline } from "../../app/useOnline.ts";
import { baseName, UPLOAD_ACCEPT } from "../../domain/documents.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { ActionDialog, Checkbox, ErrorBlock, TextField, toast } from "../../ui/index.ts";
import { DOCUMENTS_TEXT } from "./strings.ts";
import { type AllowedShare, allowedShares, type DocumentType, queueDocument, queueMessage } from "./upload.ts";

export function UploadDialog({
  type,
  targetId,
  accountType,
  onClose,
}: {
  type: DocumentType;
  targetId: string;
  accountType: string;
  onClose: () => void;
}) {
  const online = useOnline();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [shares, setShares] = useState<AllowedShare[] | null>(null);
  const [shareWith, setShareWith] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const [sharesUnknown, setSharesUnknown] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the network comes back
  useEffect(() => {
    let live = true;
    allowedShares(type, accountType)
      .then((rows) => {
        if (!live) return;
        setSharesUnknown(rows === null);
        setShares([...(rows ?? [])].sort((a, b) => a.name.localeCompare(b.name)));
      })
      .catch(() => live && setShares([]));
    return () => {
      live = false;
    };
  }, [online, type, accountType]);

  async function upload() {
    if (!file) return setError(MESSAGES.fileRequired);
    setError(null);
    setUploading(true);
    try {
      await queueDocument({ type, targetId, name: name || baseName(file.name), file, shareWith });
      setUploading(false);
      if (online) toast.success(MESSAGES.uploadSuccess);
      else toast.success(DOCUMENTS_TEXT.keptOffline);
      onClose();
    } catch (failure) {
      setUploading(false);
      const message = queueMessage(failure);
      setError(message);
      if (message === MESSAGES.uploadTooLarge) toast.error(message);
    }
  }

  return (
    <ActionDialog
      onClose={onClose}
      title={DOCUMENTS_TEXT.uploadDocument}
      description={DOCUMENTS_TEXT.csvTsvPdfXls}
      cancelLabel={DOCUMENTS_TEXT.cancel}
      actionLabel={DOCUMENTS_TEXT.upload}
      onAction={upload}
      busy={uploading}
    >
      <div className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "2" })}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
          <label htmlFor={fileId} className={css({ fontSize: "sm", fontWeight: "600" })}>
            {DOCUMENTS_TEXT.file}
          </label>
          <input
            id={fileId}
            type="file"
            accept={UPLOAD_ACCEPT}
            className={`${input()} ${css({ py: "1.5", h: "auto" })}`}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              // The name follows the chosen file until the user types their own.
              if (chosen && (!name || (file && name === baseName(file.name)))) setName(baseName(chosen.name));
              setFile(chosen);
            }}
          />
        </div>
        <TextField label={DOCUMENTS_TEXT.documentName} name="documentName" value={name} onValueChange={setName} />
        <fieldset className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <legend className={css({ fontSize: "sm", fontWeight: "600", mb: "2" })}>{DOCUMENTS_TEXT.shareWith}</legend>
          {shares === null ? (
            <p className={css({ fontSize: "sm", color: "fg.muted" })}>{MESSAGES.loading}</p>
          ) : shares.length === 0 ? (
            <p className={css({ fontSize: "sm", color: "fg.muted" })}>
              {sharesUnknown ? DOCUMENTS_TEXT.sharesOffline : MESSAGES.noneFound}
            </p>
          ) : (
            <div
              data-testid="share-options"
              className={css({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "3" })}
            >
              {shares.map((share) => (
                <Checkbox
                  key={share.id}
                  checked={shareWith.includes(share.toRole)}
                  onChange={(checked) =>
                    setShareWith((current) =>
                      checked ? [...current, share.toRole] : current.filter((role) => role !== share.toRole),
                    )
                  }
                >
                  {share.name}
                </Checkbox>
              ))}
            </div>
          )}
        </fieldset>
        {error && <ErrorBlock text={error} />}
      </div>
    </ActionDialog>
  );
}
