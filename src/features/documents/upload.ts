// The upload of a document file (spec part 1 sections 2.9, 7, 8). It needs the server now, so it is not a queued
// command: makeFileLocation (a signed upload location), make{Security|Holding}Document (the row, shared with the
// chosen roles, "In Progress" until the file arrives), then the multipart POST of the file. The server marks the
// document uploaded or failed, and the replica follows it live.
import { GraphqlError, graphql, NetworkError } from "../../data/graphql.ts";
import { type PostedFile, postFile } from "../../data/upload-file.ts";
import { baseName, fileExtension, isAcceptedFile, MAX_UPLOAD_BYTES } from "../../domain/documents.ts";
import { MESSAGES } from "../../domain/messages.ts";

export type DocumentType = "security" | "holding";

export interface AllowedShare {
  id: string;
  toRole: string;
  name: string;
}

type UploadOutcome = { ok: true; documentId: string } | { ok: false; message: string };

const LOCATION = `mutation makeFileLocation($fileName: String!) {
  makeFileLocation(input: { fileName: $fileName }) { fileLocation { url fields } } }`;

const MAKE: Record<DocumentType, string> = {
  security: `mutation makeSecurityDocument($name: String!, $targetId: UUID!, $extension: String!, $shareWith: [String], $fileKey: UUID, $id: UUID) {
    makeSecurityDocument(input: { name: $name, securityId: $targetId, extension: $extension, shareWith: $shareWith, fileKey: $fileKey, id: $id }) {
      documentUpload { documentId uploadInfo } } }`,
  holding: `mutation makeHoldingDocument($name: String!, $targetId: UUID!, $extension: String!, $shareWith: [String], $fileKey: UUID, $id: UUID) {
    makeHoldingDocument(input: { name: $name, holdingId: $targetId, extension: $extension, shareWith: $shareWith, fileKey: $fileKey, id: $id }) {
      documentUpload { documentId uploadInfo } } }`,
};

const SHARES = `query allDocumentSharingAllowedShares($type: String!, $fromAccountType: String!) {
  allDocumentSharingAllowedShares(condition: { type: $type, fromAccountType: $fromAccountType }) {
    nodes { id toRole name } } }`;

/** The roles a document of this type uploaded by this account type may be shared with. */
export async function allowedShares(type: DocumentType, fromAccountType: string): Promise<AllowedShare[]> {
  const data = await graphql<{ allDocumentSharingAllowedShares: { nodes: AllowedShare[] } }>(SHARES, {
    type,
    fromAccountType,
  });
  return data.allDocumentSharingAllowedShares.nodes;
}

/** The first server error message (spec part 1 section 8), or the default text. */
function serverMessage(error: unknown): string {
  if (error instanceof GraphqlError) return error.errors[0]?.message ?? MESSAGES.defaultError;
  if (error instanceof NetworkError) return MESSAGES.uploadOffline;
  return MESSAGES.defaultError;
}

export async function uploadDocument(options: {
  type: DocumentType;
  targetId: string;
  name: string;
  file: File;
  shareWith: string[];
}): Promise<UploadOutcome> {
  const { file } = options;
  if (!isAcceptedFile(file.name)) return { ok: false, message: MESSAGES.uploadFileTypes };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, message: MESSAGES.uploadTooLarge };

  let location: { url: string; fields: Record<string, string> };
  let documentId: string;
  try {
    const made = await graphql<{ makeFileLocation: { fileLocation: typeof location } }>(LOCATION, {
      fileName: file.name,
    });
    location = made.makeFileLocation.fileLocation;
    const created = await graphql<Record<string, { documentUpload: { documentId: string } }>>(MAKE[options.type], {
      name: options.name.trim() || baseName(file.name),
      targetId: options.targetId,
      extension: fileExtension(file.name),
      shareWith: options.shareWith,
      fileKey: location.fields.key,
      id: crypto.randomUUID(),
    });
    documentId = Object.values(created)[0]!.documentUpload.documentId;
  } catch (error) {
    return { ok: false, message: serverMessage(error) };
  }

  let response: PostedFile;
  try {
    response = await postFile(location, file);
  } catch {
    return { ok: false, message: MESSAGES.uploadUnknown };
  }
  if (response.status === 413) return { ok: false, message: MESSAGES.uploadTooLarge };
  if (!response.ok) return { ok: false, message: MESSAGES.uploadUnknown };
  return { ok: true, documentId };
}
