// Files in S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, ...) through the AWS SDK. Uploads go from the
// device straight to the bucket with a presigned POST whose policy pins the key, the content type of the slot's
// extension (so a slot for a .pdf stores application/pdf and nothing else) and the size (at most 100 MB); S3 refuses
// anything else (EntityTooLarge, AccessDenied). The server reads objects back (HEAD, GET) with its own credentials
// and streams downloads to signed-in readers, so the bucket stays private.

import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { isLogoFileName, LOGO_MAX_BYTES } from "../../src/domain/logos.ts";
import type { FileStorage } from "./index.ts";
import { CONTENT_TYPES, uploadLimit } from "./limits.ts";

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service's endpoint (e.g. http://127.0.0.1:9000); unset: AWS S3 of the region. */
  endpoint: string | null;
  /** Address the bucket in the path (http://host/bucket/key), as most S3-compatible services need. */
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** A presigned POST is valid this long at most (and never past its slot's expiry). */
const POST_TTL_SECONDS = 15 * 60;

function missing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

export async function createS3Storage(settings: S3Settings): Promise<FileStorage> {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // S3-compatible services differ in the newer integrity checksums; ask for them only where S3 requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  // The browser POSTs to the bucket's origin (the page's connect-src must allow it); a first signing also proves the
  // credentials resolve, so a misconfigured server stops at start rather than at the first upload.
  const probe = await createPresignedPost(client, { Bucket, Key: "probe", Expires: 1 });
  return {
    kind: "s3",
    uploadOrigins: [new URL(probe.url).origin],
    async uploadLocation(slot) {
      const contentType = CONTENT_TYPES[slot.extension];
      if (!contentType) throw new Error(`no content type for .${slot.extension}`);
      const remaining = Math.floor((slot.expiresOn.getTime() - Date.now()) / 1000);
      const post = await createPresignedPost(client, {
        Bucket,
        Key: slot.key,
        Fields: { "Content-Type": contentType },
        Conditions: [
          [
            "content-length-range",
            0,
            (slot.purpose ? slot.purpose === "logo" : isLogoFileName(`logo.${slot.extension}`))
              ? LOGO_MAX_BYTES
              : uploadLimit(),
          ],
        ],
        Expires: Math.max(1, Math.min(POST_TTL_SECONDS, remaining)),
      });
      return { url: post.url, fields: post.fields };
    },
    async write(key, bytes) {
      // Files the server makes itself (signed documents); devices' uploads go to the bucket directly.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes }));
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { size: object.ContentLength ?? 0, body: object.Body as Readable };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    close() {
      client.destroy();
    },
  };
}
