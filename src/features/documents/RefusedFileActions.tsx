// Where a file the server refused is shown (a document's or a template's waiting uploads, a contacts import, the sync
// review): "Try again" sends the same file again, "Choose another file" puts another one in its place (checked on the
// device first); its command and every other part stay as they are (src/data/file-hooks.ts retryQueuedFile).
import { useRef, useState } from "react";
import { css } from "../../../styled-system/css";
import { FileRefusedError, type QueuedFile, retryQueuedFile } from "../../data/file-hooks.ts";
import {
  contactsFileProblem,
  contactsImportPlace,
  signingTemplatePlace,
  templateFileProblem,
} from "../../domain/import-files.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button, toast } from "../../ui/index.ts";
import { DOCUMENTS_TEXT } from "./strings.ts";

/** An import's or a template's own check, by the place the file was chosen for (else a document's, the default). */
function placeCheck(place: string): ((file: File) => Promise<string | null>) | undefined {
  if (place.startsWith(contactsImportPlace(""))) return async (file) => contactsFileProblem(file);
  if (place.startsWith(signingTemplatePlace(""))) return async (file) => templateFileProblem(file);
  return undefined;
}

export function RefusedFileActions({
  file,
  accept,
  check,
}: {
  file: QueuedFile;
  /** the chooser's file types (e.g. ".csv") */
  accept?: string;
  /** the place's check of another file (default: an import's or a template's by its place, else a document's) */
  check?: (file: File) => Promise<string | null>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const run = async (replacement?: File) => {
    setBusy(true);
    try {
      const checked = check ?? placeCheck(file.place);
      await retryQueuedFile(file.id, replacement ? { file: replacement, check: checked } : undefined);
    } catch (error) {
      toast.error(error instanceof FileRefusedError ? error.message : MESSAGES.defaultError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={css({ display: "inline-flex", gap: "2", flexWrap: "wrap" })}>
      <Button
        size="sm"
        variant="outline"
        loading={busy}
        aria-label={DOCUMENTS_TEXT.tryAgainLabel(file.name)}
        onClick={() => void run()}
      >
        {DOCUMENTS_TEXT.tryAgain}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={DOCUMENTS_TEXT.chooseAnotherLabel(file.name)}
        onClick={() => input.current?.click()}
      >
        {DOCUMENTS_TEXT.chooseAnother}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        data-testid="replace-file"
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = "";
          if (chosen) void run(chosen);
        }}
      />
    </span>
  );
}
