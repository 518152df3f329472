// Documents on securities and holdings (spec part 1 sections 2.9, 4, 9): accepted file types, the upload limit, the
// upload status texts and who sees which sharing column. Pure.
import { MESSAGES } from "./messages.ts";

const UPLOAD_EXTENSIONS = ["csv", "tsv", "pdf", "xls", "txt"] as const;
/** The file picker's accept attribute. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(",");
/** 100MB (the server enforces it too and answers 413). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** "Board Minutes.PDF" -> "pdf"; null without an extension. */
export function fileExtension(fileName: string): string | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** "Board Minutes.pdf" -> "Board Minutes". */
export function baseName(fileName: string): string {
  return fileName.trim().replace(/\.[A-Za-z0-9]+$/, "");
}

export function isAcceptedFile(fileName: string): boolean {
  const extension = fileExtension(fileName);
  return extension !== null && (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** uploaded -> "Uploaded", failed -> the retry text, anything else -> "In Progress". */
export function uploadStatusText(status: string | null | undefined): string {
  if (status === "uploaded") return MESSAGES.uploadStatusUploaded;
  if (status === "failed") return MESSAGES.uploadStatusFailed;
  return MESSAGES.uploadStatusInProgress;
}

export interface SharingLike {
  toRole?: string | null;
  name?: string | null;
}

/** Owners see everything it is shared with ("Shared With"); others see the sharing that reached them ("Shared Via"). */
export function sharingNames(
  sharings: readonly SharingLike[] | null | undefined,
  viewerType: string | null,
  owner: boolean,
): string {
  const list = (sharings ?? []).filter((sharing) => owner || sharing.toRole === viewerType);
  return list
    .map((sharing) => sharing.name || sharing.toRole || "")
    .filter(Boolean)
    .join(", ");
}

/** Splits the shared-with-me and shared-by-me lists (spec part 1 section 2.8). */
export function splitDocuments<T extends { uploadedById?: string | null }>(documents: readonly T[], accountId: string) {
  const byMe: T[] = [];
  const withMe: T[] = [];
  for (const document of documents)
    (document.uploadedById === accountId || !document.uploadedById ? byMe : withMe).push(document);
  return { byMe, withMe };
}
