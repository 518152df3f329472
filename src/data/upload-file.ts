// The multipart POST of a file to the upload location makeFileLocation handed out (spec part 1 section 7). The
// location is the server's own route (local storage: the server stores the file and answers) or, with object
// storage, a presigned POST to the bucket: the file goes there directly, and the server is then told to look for it
// (POST /api/v2/uploads/<key>/complete), which marks the upload uploaded or failed for every device.
// uploadQueuedFile is the file queue's attempt (file-queue.ts): the device's own slot key, resumed without sending twice.
import { ACCREDITATION_MESSAGES, evidencePlace } from "../domain/accreditation.ts";
import { importRefusalTexts } from "../domain/import-files.ts";
import { logoPlace } from "../domain/logos.ts";
import { MESSAGES } from "../domain/messages.ts";
import type { QueuedFile, UploadAttempt } from "./file-queue.ts";
import { GraphqlError, graphql } from "./graphql.ts";

export interface UploadLocation {
  url: string;
  fields: Record<string, string>;
}

/** The upload's outcome as the upload route answers it: 2xx stored, 413 too large, anything else refused. */
export interface PostedFile {
  ok: boolean;
  status: number;
}

/** Posts the file; throws (a TypeError) only when the network fails before the file is sent. */
export async function postFile(location: UploadLocation, file: File): Promise<PostedFile> {
  const form = new FormData();
  for (const [name, value] of Object.entries(location.fields)) form.set(name, value);
  form.set("file", file, file.name); // last: object storage ignores fields after the file
  const here = globalThis.location?.origin ?? "http://localhost";
  const ownRoute = new URL(location.url, here).origin === here;
  if (ownRoute) {
    const response = await fetch(location.url, { method: "POST", body: form, credentials: "same-origin" });
    return { ok: response.ok, status: response.status };
  }
  let response: Response | null = null;
  let networkError: unknown = null;
  try {
    response = await fetch(location.url, { method: "POST", body: form, credentials: "omit" });
  } catch (error) {
    networkError = error;
  }
  // S3 refuses a file over the policy's size with 400 EntityTooLarge.
  const tooLarge =
    response !== null && !response.ok && /<Code>EntityTooLarge<\/Code>/.test(await response.text().catch(() => ""));
  // Told either way: a refused or interrupted upload is marked failed rather than left "in progress".
  const completed = await fetch(`/api/v2/uploads/${encodeURIComponent(location.fields.key ?? "")}/complete`, {
    method: "POST",
    credentials: "same-origin",
  }).catch(() => null);
  if (networkError) throw networkError;
  if (response?.ok && completed) return { ok: completed.ok, status: completed.status };
  return { ok: false, status: tooLarge ? 413 : (response?.status ?? 400) };
}

const UPLOAD_STATUS = "query fileUploadStatus($key: UUID!) { fileUploadStatus(key: $key) }";
const KEYED_LOCATION = `mutation makeFileLocation($fileName: String!, $key: UUID, $contentHash: String, $purpose: String) {
  makeFileLocation(input: { fileName: $fileName, key: $key, contentHash: $contentHash, purpose: $purpose }) {
    fileLocation { url fields } } }`;

/**
 * What a refused file is told, by the place it was chosen for: a logo, an accreditation's evidence, an import's
 * file or a signing template, a document.
 */
export function refusalTexts(file: Pick<QueuedFile, "place" | "name">): { tooLarge: string; type: string } {
  const imported = importRefusalTexts(file.place);
  if (imported) return imported;
  if (file.place.startsWith(evidencePlace("")))
    return { tooLarge: ACCREDITATION_MESSAGES.evidenceTooLarge, type: ACCREDITATION_MESSAGES.evidenceType };
  if (file.place.startsWith(logoPlace(""))) return { tooLarge: MESSAGES.logoTooLarge, type: MESSAGES.logoType };
  return { tooLarge: MESSAGES.uploadTooLarge, type: MESSAGES.uploadFileTypes };
}

/**
 * One attempt at a queued file (src/data/file-queue.ts): done when the server already has it (an earlier attempt's
 * answer was cut off) or takes it now; retry on a network failure, an expired or failed slot (asking the location
 * again reopens it) or a server error; failed when the server refuses the file itself.
 */
export async function uploadQueuedFile(file: QueuedFile): Promise<UploadAttempt> {
  try {
    const { fileUploadStatus } = await graphql<{ fileUploadStatus: string | null }>(UPLOAD_STATUS, { key: file.id });
    if (fileUploadStatus === "uploaded") return "done";
    const made = await graphql<{ makeFileLocation: { fileLocation: UploadLocation } }>(KEYED_LOCATION, {
      fileName: file.name,
      key: file.id,
      contentHash: file.sha256,
      purpose: file.purpose ?? null,
    });
    const posted = await postFile(
      made.makeFileLocation.fileLocation,
      new File([file.blob], file.name, { type: file.type }),
    );
    if (posted.ok) return "done";
    const refused = refusalTexts(file);
    if (posted.status === 413) return { failed: refused.tooLarge };
    if (posted.status === 422) return { failed: refused.type };
    if (posted.status === 404) return { failed: MESSAGES.uploadUnknown };
    return "retry";
  } catch (error) {
    if (error instanceof GraphqlError && ["LL403", "LL404", "LL422"].includes(error.code ?? ""))
      return { failed: error.message };
    return "retry";
  }
}
