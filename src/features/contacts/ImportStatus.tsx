// Imports still in the outbox: waiting to sync (offline, or just sent), or refused by the server with every bad row
// named. An import's file waits on the device until it is uploaded (the command waits behind it): the line names the
// file and its size, says when the file itself was refused (then Try again, or Choose another file in its place, the
// import kept as it is), and Discard gives up both (the file's space freed).
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { type QueuedFile, useQueuedFiles } from "../../data/file-hooks.ts";
import { useLocalData } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import { CSV_FILE_ACCEPT } from "../../domain/csv.ts";
import { contactsFileProblem, contactsImportPlace } from "../../domain/import-files.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button } from "../../ui/index.ts";
import { DiscardFileButton, formatFileSize, RefusedFileActions } from "../documents/index.ts";
import { CONTACTS_TEXT } from "./strings.ts";

/**
 * "Import of 3 contacts ..." for the rows form; the fileName form names its file while it waits on the device, and
 * no count (the server reads the file).
 */
function importTitle(variables: unknown, rejected: boolean, file: QueuedFile | undefined): string {
  const contacts = (variables as { input?: { contacts?: unknown[] } } | null)?.input?.contacts;
  if (file) {
    const size = formatFileSize(file.size);
    return rejected || file.status === "failed"
      ? CONTACTS_TEXT.importFileRefused(file.name, size)
      : CONTACTS_TEXT.importFileWaiting(file.name, size);
  }
  if (!Array.isArray(contacts)) return rejected ? MESSAGES.importFileRefused : MESSAGES.importFileWaiting;
  return rejected ? CONTACTS_TEXT.importRefused(contacts.length) : CONTACTS_TEXT.importWaiting(contacts.length);
}

export function ImportStatus() {
  const queued = usePending("contacts.imports");
  const data = useLocalData();
  const { accountId } = useViewer();
  const files = useQueuedFiles(contactsImportPlace(accountId));
  const imports = queued.map((entry) => entry.command).filter((command) => command.status !== "accepted");
  if (imports.length === 0) return null;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3", mb: "4" })}>
      {imports.map((command) => {
        const file = files.find((waiting) => waiting.commandKey === command.id);
        const fileRefused = file?.status === "failed";
        const rejected = command.status === "rejected" || fileRefused;
        const reasons = fileRefused ? file.error : rejected ? command.errorMessage : null;
        return (
          <div
            key={command.id}
            role={rejected ? "alert" : "status"}
            data-testid={rejected ? "import-rejected" : "import-pending"}
            className={css({
              display: "flex",
              justifyContent: "space-between",
              alignItems: "flex-start",
              gap: "4",
              p: "4",
              borderRadius: "md",
              borderWidth: "1px",
              fontSize: "sm",
              bg: rejected ? "danger.subtle" : "accent.subtle",
              color: rejected ? "danger" : "fg.default",
              borderColor: rejected ? "red.200" : "blue.200",
            })}
          >
            <div>
              <p className={css({ fontWeight: "700" })}>{importTitle(command.variables, rejected, file)}</p>
              {reasons && (
                <ul className={css({ listStyle: "disc", pl: "5", mt: "1" })}>
                  {reasons.split("\n").map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </div>
            {file ? (
              <div className={css({ display: "flex", gap: "2", flexWrap: "wrap", justifyContent: "flex-end" })}>
                {fileRefused && (
                  <RefusedFileActions
                    file={file}
                    accept={CSV_FILE_ACCEPT}
                    check={async (f) => contactsFileProblem(f)}
                  />
                )}
                <DiscardFileButton fileId={file.id} label={CONTACTS_TEXT.discardLabel(file.name)} size="sm" />
              </div>
            ) : (
              rejected && (
                <Button size="sm" variant="outline" onClick={() => data?.outbox.discard(command.id)}>
                  {CONTACTS_TEXT.dismiss}
                </Button>
              )
            )}
          </div>
        );
      })}
    </div>
  );
}
