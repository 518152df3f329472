// Where uploaded files live (docs/SERVER.md "Files"): one interface, two kinds.
//
//   local  a directory (FILES_DIR, default: "files" beside the embedded database): the embedded default. The file is
//          POSTed to the server's own route /api/v2/uploads/<key>, which writes it here.
//   s3     S3-compatible object storage through the AWS SDK (FILES_STORAGE=s3): makeFileLocation hands out a presigned
//          POST (the bucket's URL and the form fields, the policy pinning the key, the content type of the slot's
//          extension and the 100 MB limit), so the file goes from the device to the bucket and never through the
//          server; the device then tells the server it arrived (POST /api/v2/uploads/<key>/complete).
//
// Keys are upload slot UUIDs (app_private.upload_slots) or seeded relative names such as "demo/x.pdf".
import type { Readable } from "node:stream";
import { createLocalStorage } from "./local.ts";
import { createS3Storage, type S3Settings } from "./s3.ts";

export { CONTENT_TYPES, MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS, uploadLimit } from "./limits.ts";

export interface UploadLocation {
  /** Where the device POSTs the file (multipart/form-data, the file last, in the part named "file"). */
  url: string;
  /** The form fields sent with it; `key` is always the slot's key. */
  fields: Record<string, string>;
}

export interface UploadSlot {
  key: string;
  extension: string;
  expiresOn: Date;
  /** What the database says the slot is for (app_private.upload_slot_purpose): a logo is held to 1 MB. */
  purpose?: "evidence" | "logo" | "document";
}

export interface StoredFile {
  size: number;
  body: Readable;
}

export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Origins other than the app's own the device sends files to (the page's connect-src). */
  readonly uploadOrigins: readonly string[];
  /** The upload location of a slot; null: the server's own route, as the database names it. */
  uploadLocation(slot: UploadSlot): Promise<UploadLocation | null>;
  /** Stores a file the server has itself: one it received (local storage's upload route) or made (a signed PDF). */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** The stored file's size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The stored file, or null when there is none. */
  read(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
  close(): void;
}

export type StorageSettings = { kind: "local"; dir?: string | null } | ({ kind: "s3" } & S3Settings);

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** The storage the environment names: FILES_STORAGE=local (default, FILES_DIR) or s3 (S3_* and AWS_* settings). */
export function storageSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): StorageSettings {
  const kind = nonEmpty(env.FILES_STORAGE)?.toLowerCase() ?? "local";
  if (kind === "local") return { kind: "local", dir: nonEmpty(env.FILES_DIR) };
  if (kind !== "s3") throw new Error(`FILES_STORAGE must be local or s3 (got "${env.FILES_STORAGE}")`);
  const bucket = nonEmpty(env.S3_BUCKET);
  if (!bucket) throw new Error("FILES_STORAGE=s3 needs S3_BUCKET");
  const accessKeyId = nonEmpty(env.AWS_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.AWS_SECRET_ACCESS_KEY);
  return {
    kind: "s3",
    bucket,
    region: nonEmpty(env.S3_REGION) ?? nonEmpty(env.AWS_REGION) ?? "us-east-1",
    endpoint: nonEmpty(env.S3_ENDPOINT),
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE ?? ""),
    // Unset: the AWS SDK's default chain (instance role, web identity, shared config).
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, sessionToken: nonEmpty(env.AWS_SESSION_TOKEN) ?? undefined }
        : undefined,
  };
}

/** Opens the storage; `dataDir` places local storage's default directory beside the embedded database. */
export async function openStorage(settings: StorageSettings, dataDir: string | null): Promise<FileStorage> {
  return settings.kind === "s3" ? createS3Storage(settings) : createLocalStorage(settings.dir ?? null, dataDir);
}
