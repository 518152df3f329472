// The upload of a document file (spec part 1 sections 2.9, 7, 8), online or offline: the file is kept on the device
// (src/data/file-queue.ts) and make{Security|Holding}Document (the row, shared with the chosen roles, "In Progress"
// until the file arrives) is queued in the outbox naming the file's slot key; the file queue uploads the file when
// online (makeFileLocation for the same slot, the multipart POST). The server marks the document uploaded or failed,
// and the replica follows it live. The sharing options are read from the server and kept for offline use.
import { FileRefusedError, queueUpload } from "../../data/file-hooks.ts";
import { graphql } from "../../data/graphql.ts";
import { baseName, fileExtension } from "../../domain/documents.ts";
import { MESSAGES } from "../../domain/messages.ts";

export type DocumentType = "security" | "holding";

export interface AllowedShare {
  id: string;
  toRole: string;
  name: string;
}

const SHARES = `query allDocumentSharingAllowedShares($type: String!, $fromAccountType: String!) {
  allDocumentSharingAllowedShares(condition: { type: $type, fromAccountType: $fromAccountType }) {
    nodes { id toRole name } } }`;

const sharesKey = (type: DocumentType, fromAccountType: string) => `ll.documentShares.${type}.${fromAccountType}`;

/**
 * The roles a document of this type uploaded by this account type may be shared with: the server's answer, kept on
 * the device for the next offline upload (offline, the kept answer; null when there is none).
 */
export async function allowedShares(type: DocumentType, fromAccountType: string): Promise<AllowedShare[] | null> {
  try {
    const data = await graphql<{ allDocumentSharingAllowedShares: { nodes: AllowedShare[] } }>(SHARES, {
      type,
      fromAccountType,
    });
    const nodes = data.allDocumentSharingAllowedShares.nodes;
    try {
      localStorage.setItem(sharesKey(type, fromAccountType), JSON.stringify(nodes));
    } catch {
      // private mode or a full storage: asked again next time
    }
    return nodes;
  } catch {
    try {
      const kept = localStorage.getItem(sharesKey(type, fromAccountType));
      return kept ? (JSON.parse(kept) as AllowedShare[]) : null;
    } catch {
      return null;
    }
  }
}

/**
 * Keeps the chosen file on the device and queues its document (src/data/file-hooks.ts): online or offline alike,
 * the row shows at once ("In Progress", waiting to sync) and the file goes when the network is there. Throws
 * FileRefusedError / StorageFullError with the text to show (type, 100 MB, a full device), nothing kept.
 */
export async function queueDocument(options: {
  type: DocumentType;
  targetId: string;
  name: string;
  file: File;
  shareWith: string[];
}): Promise<void> {
  const { file, targetId } = options;
  const id = crypto.randomUUID();
  const name = options.name.trim() || baseName(file.name);
  const extension = fileExtension(file.name) ?? "";
  const place = documentsPlace(options.type, targetId);
  if (options.type === "security") {
    await queueUpload({
      file,
      place,
      mutation: "makeSecurityDocument",
      variables: (fileKey) => ({
        input: { id, name, securityId: targetId, extension, shareWith: options.shareWith, fileKey },
      }),
      undo: { mutation: "deleteSecurityDocument", variables: { input: { documentId: id } } },
    });
  } else {
    await queueUpload({
      file,
      place,
      mutation: "makeHoldingDocument",
      variables: (fileKey) => ({
        input: { id, name, holdingId: targetId, extension, shareWith: options.shareWith, fileKey },
      }),
      undo: { mutation: "deleteHoldingDocument", variables: { input: { documentId: id } } },
    });
  }
}

/** Where a security's or holding's queued files are listed. */
export const documentsPlace = (type: DocumentType, targetId: string) => `${type}:${targetId}`;

/** The text for a file that could not be kept. */
export function queueMessage(error: unknown): string {
  if (error instanceof FileRefusedError) return error.message;
  return MESSAGES.defaultError;
}
