// The files chosen here that wait on the device for the network (src/data/file-queue.ts): name, size, a preview of
// an image or a PDF, whether it waits or was refused (then Try again or Choose another file, RefusedFileActions), and
// Discard (the document's command dropped or undone, the file's space freed). Kept across reloads and a closed tab;
// each leaves the list once uploaded.
import { css } from "../../../styled-system/css";
import { type QueuedFile, useObjectUrl, useQueuedFiles } from "../../data/file-hooks.ts";
import { SectionTitle } from "../../ui/index.ts";
import { DiscardFileButton } from "./DiscardFileButton.tsx";
import { RefusedFileActions } from "./RefusedFileActions.tsx";
import { DOCUMENTS_TEXT } from "./strings.ts";

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const previewable = (file: QueuedFile) => file.type.startsWith("image/") || file.type === "application/pdf";

function Preview({ file }: { file: QueuedFile }) {
  const url = useObjectUrl(previewable(file) ? file.blob : null);
  if (!url) return null;
  const box = css({ w: "24", h: "32", border: "1px solid", borderColor: "border", borderRadius: "sm", flexShrink: 0 });
  return file.type === "application/pdf" ? (
    <object
      data-testid="upload-preview"
      data={url}
      type="application/pdf"
      aria-label={DOCUMENTS_TEXT.previewLabel(file.name)}
      className={box}
    />
  ) : (
    <img data-testid="upload-preview" src={url} alt={DOCUMENTS_TEXT.previewLabel(file.name)} className={box} />
  );
}

export function WaitingUploads({
  place,
  online,
  accept,
  check,
}: {
  place: string;
  online: boolean;
  /** what another file chosen for a refused one may be (the chooser's types, and the place's check) */
  accept?: string;
  check?: (file: File) => Promise<string | null>;
}) {
  const files = useQueuedFiles(place);
  if (files.length === 0) return null;
  return (
    <section aria-label={DOCUMENTS_TEXT.waitingUploads} data-testid="waiting-uploads">
      <SectionTitle>{DOCUMENTS_TEXT.waitingUploads}</SectionTitle>
      <ul className={css({ display: "flex", flexDirection: "column", gap: "3", listStyle: "none", p: 0 })}>
        {files.map((file) => (
          <li
            key={file.id}
            data-testid="waiting-upload"
            className={css({ display: "flex", gap: "3", alignItems: "center", flexWrap: "wrap" })}
          >
            <Preview file={file} />
            <div className={css({ display: "flex", flexDirection: "column", gap: "1", flex: "1", minW: "0" })}>
              <span className={css({ fontWeight: "600", overflowWrap: "anywhere" })}>{file.name}</span>
              <span className={css({ fontSize: "sm", color: "fg.muted" })}>{formatFileSize(file.size)}</span>
              <span data-testid="waiting-upload-status" className={css({ fontSize: "sm", color: "fg.muted" })}>
                {file.status === "failed"
                  ? file.error
                  : online
                    ? DOCUMENTS_TEXT.uploading
                    : DOCUMENTS_TEXT.waitingForNetwork}
              </span>
            </div>
            {file.status === "failed" && <RefusedFileActions file={file} accept={accept} check={check} />}
            <DiscardFileButton fileId={file.id} label={DOCUMENTS_TEXT.discardLabel(file.name)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
