// A file still on this device, in the sync review: by its name and size, waiting to upload or refused with the
// reason, then Try again or Choose another file (the change it belongs to kept as it is) and Discard.
import { css } from "../../../styled-system/css";
import { discardQueuedFile, type QueuedFile } from "../../data/file-hooks.ts";
import { Button, toast } from "../../ui/index.ts";
import { formatFileSize, RefusedFileActions } from "../documents/index.ts";
import { SYNC_TEXT } from "./strings.ts";

export function QueuedFileLine({ file }: { file: QueuedFile }) {
  const size = formatFileSize(file.size);
  const refused = file.status === "failed";
  return (
    <div data-testid="outbox-file" data-status={file.status} className={css({ mt: "2" })}>
      <p className={css({ color: refused ? "red.800" : "fg.muted", overflowWrap: "anywhere" })}>
        {refused
          ? SYNC_TEXT.fileRefused(file.name, size)
          : file.status === "kept"
            ? SYNC_TEXT.fileKept(file.name, size)
            : SYNC_TEXT.fileWaiting(file.name, size)}
      </p>
      {refused && (
        <>
          <p role="alert" className={css({ color: "red.800" })}>
            {file.error}
          </p>
          <div className={css({ display: "flex", gap: "2", mt: "2", justifyContent: "flex-end", flexWrap: "wrap" })}>
            <Button
              size="sm"
              variant="outline"
              aria-label={SYNC_TEXT.discardFileLabel(file.name)}
              onClick={() => discardQueuedFile(file.id).catch((error: Error) => toast.error(error.message))}
            >
              {SYNC_TEXT.discard}
            </Button>
            <RefusedFileActions file={file} />
          </div>
        </>
      )}
    </div>
  );
}

/** The command's input with each of its files' slot keys replaced by the file's name (what the person chose). */
export function withFileNames(variables: unknown, files: readonly QueuedFile[]): unknown {
  if (files.length === 0) return variables;
  const names = new Map(files.map((file) => [file.id, file.name]));
  const named = (value: unknown): unknown => {
    if (typeof value === "string") return names.get(value) ?? value;
    if (Array.isArray(value)) return value.map(named);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, named(inner)]));
    return value;
  };
  return named(variables);
}
