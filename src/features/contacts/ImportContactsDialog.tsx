// CSV import (spec part 1 section 2.10): the file is read and checked on the device (papaparse, the server's rules
// and texts), every bad row is named, and only a clean file is sent - as ONE bulkCustomers command naming the
// uploaded file, so the server reads and checks it again and imports it whole or not at all. Online or not, the file
// is kept in the device's file queue (src/data/file-hooks.ts) and the command waits in the outbox until the file is
// uploaded (issue 31 item 3): offline it survives reloads and goes once on reconnect. The example file needs the
// server.
import { type ChangeEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { FileRefusedError, queueUpload } from "../../data/file-hooks.ts";
import { type ImportRow, importRowErrors, parseContactsCsv } from "../../domain/contacts.ts";
import { contactsFileProblem, contactsImportPlace } from "../../domain/import-files.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { decodeTextFile } from "../../domain/text-file.ts";
import { Button, ErrorBlock, MountedDialog } from "../../ui/index.ts";
import { CONTACTS_TEXT } from "./strings.ts";

const CONTACTS_EXAMPLE_URL = "/api/v2/example/download/contacts.csv";

type Checked = { file: File; rows: ImportRow[]; errors: string[]; note: string | null };

export function ImportContactsDialog({
  existingEmails,
  onClose,
}: {
  existingEmails: readonly string[];
  onClose: () => void;
}) {
  const { accountId } = useViewer();
  const online = useOnline();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setFailure(null);
    if (!file) return setChecked(null);
    const problem = contactsFileProblem(file);
    if (problem) return setChecked({ file, rows: [], errors: [problem], note: null });
    // The bytes are decoded as the server decodes the upload (src/domain/text-file.ts): never lossy UTF-8.
    const decoded = decodeTextFile(await file.arrayBuffer());
    if (!decoded.ok) return setChecked({ file, rows: [], errors: [decoded.message], note: null });
    const parsed = parseContactsCsv(decoded.text);
    const errors = parsed.fileError
      ? [parsed.fileError]
      : parsed.rowErrors.length > 0
        ? parsed.rowErrors
        : importRowErrors(parsed.rows, existingEmails);
    setChecked({ file, rows: parsed.rows, errors, note: decoded.note });
  }

  async function submit() {
    if (!checked || checked.errors.length > 0) return;
    setSending(true);
    setFailure(null);
    try {
      await queueUpload({
        file: checked.file,
        place: contactsImportPlace(accountId),
        mutation: "bulkCustomers",
        variables: (slotKey) => ({ input: { fileName: slotKey } }),
        holdsCommand: true,
        check: async (file) => contactsFileProblem(file),
      });
      onClose();
    } catch (error) {
      // FileRefusedError (and StorageFullError) carry the text to show; nothing was kept
      setFailure(error instanceof FileRefusedError ? error.message : MESSAGES.defaultError);
    } finally {
      setSending(false);
    }
  }

  const ready = checked && checked.errors.length === 0;
  return (
    <MountedDialog onClose={onClose} title={CONTACTS_TEXT.importContacts} description={CONTACTS_TEXT.importIntro}>
      <div className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "4" })}>
        <div
          className={css({
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            gap: "3",
            flexWrap: "wrap",
          })}
        >
          <label className={css({ fontSize: "sm", fontWeight: "600" })}>
            {CONTACTS_TEXT.csvFile}
            <input
              type="file"
              accept=".csv,text/csv"
              onChange={choose}
              data-testid="contacts-file"
              className={css({ display: "block", mt: "1.5", fontSize: "sm" })}
            />
          </label>
          {online ? (
            <a
              href={CONTACTS_EXAMPLE_URL}
              download="contacts.csv"
              className={css({ fontSize: "sm", color: "fg.link", fontWeight: "600" })}
            >
              {CONTACTS_TEXT.downloadExample}
            </a>
          ) : (
            <span className={css({ fontSize: "xs", color: "fg.subtle", maxW: "16rem" })} data-testid="example-offline">
              {CONTACTS_TEXT.exampleFilePrefix}
              {MESSAGES.offlineAction}
            </span>
          )}
        </div>
        {checked && checked.errors.length > 0 && (
          <ErrorBlock testId="import-errors" className={css({ maxH: "14rem", overflowY: "auto" })}>
            <p className={css({ fontWeight: "700", mb: "2" })}>{CONTACTS_TEXT.cannotImport(checked.file.name)}</p>
            <ul className={css({ listStyle: "disc", pl: "5", display: "flex", flexDirection: "column", gap: "1" })}>
              {checked.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </ErrorBlock>
        )}
        {ready && (
          <p className={css({ fontSize: "sm", color: "success", fontWeight: "600" })} data-testid="import-ready">
            {CONTACTS_TEXT.readyToImport(checked.rows.length, checked.file.name)}
          </p>
        )}
        {checked?.note && (
          <p className={css({ fontSize: "xs", color: "fg.muted" })} data-testid="import-encoding">
            {checked.note}
          </p>
        )}
        {ready && !online && (
          <p className={css({ fontSize: "xs", color: "fg.muted" })} data-testid="import-offline">
            {MESSAGES.importQueuedOffline}
          </p>
        )}
        {failure && (
          <p role="alert" data-testid="import-failure" className={css({ fontSize: "sm", color: "danger" })}>
            {failure}
          </p>
        )}
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "3", mt: "2" })}>
          <Button variant="outline" onClick={onClose}>
            {CONTACTS_TEXT.cancel}
          </Button>
          <Button onClick={submit} disabled={!ready} loading={sending}>
            {CONTACTS_TEXT.import}
          </Button>
        </div>
      </div>
    </MountedDialog>
  );
}
