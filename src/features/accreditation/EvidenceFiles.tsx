// Evidence files as the investor and the reviewer see them: a file chosen here (a preview of an image or a PDF, its
// name and size), a file waiting on the device for the network, and a verification's files on the server with their
// download links.
import { css } from "../../../styled-system/css";
import { useObjectUrl } from "../../data/file-hooks.ts";
import { evidenceDownloadPath } from "../../domain/accreditation.ts";
import { Button, linkClass } from "../../ui/index.ts";
import { REVIEW_TEXT, STEP_TEXT } from "./strings.ts";

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const previewable = (type: string) => type === "application/pdf" || /^image\/(png|jpeg|webp)$/.test(type);

const previewBox = css({
  w: "20",
  h: "24",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "sm",
  flexShrink: 0,
  objectFit: "cover",
  bg: "bg.subtle",
});

function Preview({ blob, name }: { blob: Blob | null; name: string }) {
  const url = useObjectUrl(blob && previewable(blob.type) ? blob : null);
  if (!blob) return <span aria-hidden="true" className={previewBox} />;
  if (!url) return <span aria-hidden="true" className={previewBox} />;
  return blob.type === "application/pdf" ? (
    <object
      data-testid="evidence-preview"
      data={url}
      type="application/pdf"
      aria-label={STEP_TEXT.previewLabel(name)}
      className={previewBox}
    />
  ) : (
    <img data-testid="evidence-preview" src={url} alt={STEP_TEXT.previewLabel(name)} className={previewBox} />
  );
}

const listClass = css({ display: "flex", flexDirection: "column", gap: "3", listStyle: "none", p: 0 });
const rowClass = css({ display: "flex", gap: "3", alignItems: "center", minW: 0 });
const textClass = css({ display: "flex", flexDirection: "column", gap: "0.5", flex: "1", minW: 0, fontSize: "sm" });
const nameClass = css({ fontWeight: "600", overflowWrap: "anywhere" });
const mutedClass = css({ color: "fg.muted" });

/** One file on the device: chosen (with Remove) or waiting to upload (with its status). */
export function LocalFileRow({
  blob,
  name,
  size,
  status,
  onRemove,
}: {
  /** the file's content for a preview (null once only its name and size are known here) */
  blob: Blob | null;
  name: string;
  size: number;
  status?: string;
  onRemove?: () => void;
}) {
  return (
    <li className={rowClass} data-testid="evidence-file">
      <Preview blob={blob} name={name} />
      <div className={textClass}>
        <span className={nameClass}>{name}</span>
        <span className={mutedClass}>{formatFileSize(size)}</span>
        {status && (
          <span className={mutedClass} data-testid="evidence-file-status">
            {status}
          </span>
        )}
      </div>
      {onRemove && (
        <Button variant="ghost" size="sm" aria-label={STEP_TEXT.removeLabel(name)} onClick={onRemove}>
          {STEP_TEXT.remove}
        </Button>
      )}
    </li>
  );
}

export function LocalFiles({ children }: { children: React.ReactNode }) {
  return <ul className={listClass}>{children}</ul>;
}

export interface ServerEvidence {
  key: string;
  name: string;
  size?: number | null;
  status: string;
}

/** A verification's files on the server: a download link once uploaded, else its upload state. */
export function ServerEvidenceList({ accreditationId, files }: { accreditationId: string; files: ServerEvidence[] }) {
  if (files.length === 0) return <p className={mutedClass}>{REVIEW_TEXT.noEvidence}</p>;
  return (
    <ul
      className={css({ display: "flex", flexDirection: "column", gap: "1", listStyle: "none", p: 0, fontSize: "sm" })}
    >
      {files.map((file) => (
        <li key={file.key} data-testid="evidence-download" className={css({ overflowWrap: "anywhere" })}>
          {file.status === "uploaded" ? (
            <a
              href={evidenceDownloadPath(accreditationId, file.key)}
              download={file.name}
              aria-label={REVIEW_TEXT.download(file.name)}
              className={linkClass}
            >
              {file.name}
            </a>
          ) : (
            <span>{file.name}</span>
          )}
          {typeof file.size === "number" && <span className={mutedClass}>{` · ${formatFileSize(file.size)}`}</span>}
          {file.status !== "uploaded" && (
            <span className={mutedClass}>
              {` · ${file.status === "failed" ? REVIEW_TEXT.evidenceFailed : REVIEW_TEXT.evidenceWaiting}`}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
