// Document files (spec part 1 sections 2.9, 7, 8): the upload location makeFileLocation hands out and the download
// of an uploaded document.
//
//   POST /api/v2/uploads/<key>           multipart/form-data, the file in the part named "file" (local storage; with
//                                        object storage the file goes to the bucket instead). The key is the
//                                        random slot id of app_private.upload_slots: it must belong to the session's
//                                        user and account and be unexpired and unused. 100 MB at most (413).
//   POST /api/v2/uploads/<key>/complete  after the device POSTed the file elsewhere (object storage): the server
//                                        looks for it and marks the slot uploaded (200) or failed (409).
//   GET  /api/v2/documents/<id>/download the file of an uploaded document the session's account may read (RLS).
//   GET  /api/v2/documents/transfers/<transferId>/<key>
//                                        one of a transfer request's documents, to whoever reads the request (RLS).
//
// Files are kept by the storage in use (sync/storage/: a local directory by default, or S3-compatible object
// storage). A refused upload marks the slot and every document naming it "failed", so the device shows "Upload
// failed, please check file size and retry". The text of a small csv/tsv/txt file is also kept in its slot for
// imports the database runs (bulkCustomers(fileName)).
//
// An image slot (png, jpg, jpeg, webp: an account's logo, sync/database/accounts/40_logos.sql) takes at most 1 MB and
// only a PNG, JPEG or WebP image by its content (src/domain/logos.ts); once uploaded, the accounts naming it get the
// address their logo is loaded from (sync/http/logos.ts). An accreditation evidence slot (what the database says the
// slot is for: sync/accreditation/evidence.ts, docs/ACCREDITATION.md) takes a PDF or a PNG, JPEG, WebP or HEIC image
// by its content, up to the 100 MB of every upload.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable, Transform } from "node:stream";
import { isLogoFileName, LOGO_MAX_BYTES, logoContentType } from "../../src/domain/logos.ts";
import { MESSAGES } from "../../src/domain/messages.ts";
import { decodeTextFile } from "../../src/domain/text-file.ts";
import { EVIDENCE_TYPE_MESSAGE, isEvidenceFile, uploadSlotPurpose } from "../accreditation/evidence.ts";
import type { Database, Sql } from "../db/database.ts";
import type { SessionClaims } from "../graphql/settings.ts";
import { CONTENT_TYPES, type FileStorage, UPLOAD_EXTENSIONS, uploadLimit } from "../storage/index.ts";
import { attachment, refuse, sendJson, sendStoredFile } from "./respond.ts";

const UPLOADS_PREFIX = "/api/v2/uploads/";
const DOCUMENTS_PREFIX = "/api/v2/documents/";
/** Multipart framing around the file (boundaries, part headers, the key field). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Stored file keys: upload slot UUIDs, or seeded relative names such as "demo/x.pdf" (never "..", never absolute). */
const SAFE_KEY = /^(?!.*\.\.)[\w-]+(\/[\w.-]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the file routes (uploads, downloads, evidence files, logos) answer with. */
export interface FileRouteContext {
  db: Database;
  session: SessionClaims | null;
  storage: FileStorage;
}

export const isUploadPath = (path: string) => path.startsWith(UPLOADS_PREFIX) || path.startsWith(DOCUMENTS_PREFIX);

class TooLargeError extends Error {}

function limited(req: IncomingMessage, limit: number): Readable {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) callback(new TooLargeError("too large"));
      else callback(null, chunk);
    },
  });
  req.on("error", (error) => counter.destroy(error));
  return req.pipe(counter);
}

/**
 * The text of small csv/tsv/txt files is also kept in the upload slot, so the database can read an import file
 * (bulkCustomers(fileName), sync/database/contacts/10_contacts.sql) wherever it runs. 5 MB is far above the
 * 5000 contacts an import may hold; a bigger file stays on disk only and cannot be imported.
 */
const IMPORT_TEXT_MAX_BYTES = 5 * 1024 * 1024;
const TEXT_EXTENSIONS = new Set(["csv", "tsv", "txt"]);

async function markSlot(
  db: Database,
  key: string,
  status: "uploaded" | "failed",
  size: number | null,
  content: string | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("update app_private.upload_slots set status = $2, size = $3, content = $4 where key = $1", [
      key,
      status,
      size,
      content,
    ]);
    await tx.query("update app_public.documents set upload_status = $2 where file_key = $1", [key, status]);
    await tx.query(
      `update app_public.accounts set logo_url = case when $2 = 'uploaded' then '/api/v2/logos/' || $1 end
        where logo_key = $1::uuid and logo_url is distinct from case when $2 = 'uploaded' then '/api/v2/logos/' || $1 end`,
      [key, status],
    );
  });
}

async function handleUpload(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  session: SessionClaims,
  context: FileRouteContext,
): Promise<void> {
  // With object storage devices upload to the bucket (the location makeFileLocation names), never through here.
  if (context.storage.kind !== "local") {
    return refuse(res, 404, "LL404", "Files are uploaded to the location makeFileLocation names");
  }
  const { rows } = await context.db.query<{ extension: string; status: string; expired: boolean }>(
    `select extension, status, expires_on < now() as expired from app_private.upload_slots
      where key = $1 and user_id = $2 and account_id = $3`,
    [key, session.userId, session.accountId],
  );
  const slot = rows[0];
  if (!slot) return refuse(res, 404, "LL404", "Upload location not found");
  if (slot.status !== "pending" || slot.expired) return refuse(res, 410, "LL410", "Upload location expired");

  const purpose = await uploadSlotPurpose(context.db, key);
  const logo = purpose === "logo";
  const limit = logo ? LOGO_MAX_BYTES : uploadLimit();
  const tooLarge = logo ? MESSAGES.logoTooLarge : MESSAGES.uploadTooLarge;
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit + MULTIPART_OVERHEAD_BYTES) {
    await markSlot(context.db, key, "failed", null);
    res.setHeader("Connection", "close");
    return refuse(res, 413, "LL413", tooLarge);
  }
  const contentType = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data/i.test(contentType))
    return refuse(res, 415, "LL415", "Send the file as multipart/form-data");

  let file: File | null = null;
  try {
    const body = Readable.toWeb(limited(req, limit + MULTIPART_OVERHEAD_BYTES)) as ReadableStream<Uint8Array>;
    const form = await new Request("http://upload.local/", {
      method: "POST",
      headers: { "content-type": contentType },
      body,
      duplex: "half",
    } as RequestInit).formData();
    const part = form.get("file");
    file = part instanceof File ? part : null;
  } catch (error) {
    if (error instanceof TooLargeError || (error as { cause?: unknown })?.cause instanceof TooLargeError) {
      await markSlot(context.db, key, "failed", null);
      res.setHeader("Connection", "close");
      return refuse(res, 413, "LL413", tooLarge);
    }
    return refuse(res, 400, "LL400", "The upload could not be read");
  }
  if (!file) return refuse(res, 400, "LL400", 'The file must be sent in the part named "file"');
  if (file.size > limit) {
    await markSlot(context.db, key, "failed", null);
    return refuse(res, 413, "LL413", tooLarge);
  }
  if (logo) {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    if (!isLogoFileName(file.name) || logoContentType(head) === null) {
      await markSlot(context.db, key, "failed", null);
      return refuse(res, 422, "LL422", MESSAGES.logoType);
    }
    await context.storage.write(key, Buffer.from(await file.arrayBuffer()));
    await markSlot(context.db, key, "uploaded", file.size);
    return sendJson(res, 201, { key, size: file.size });
  }
  if (purpose === "evidence") {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    if (!isEvidenceFile(file.name, head)) {
      await markSlot(context.db, key, "failed", null);
      return refuse(res, 422, "LL422", EVIDENCE_TYPE_MESSAGE);
    }
    await context.storage.write(key, Buffer.from(await file.arrayBuffer()));
    await markSlot(context.db, key, "uploaded", file.size);
    return sendJson(res, 201, { key, size: file.size });
  }
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    await markSlot(context.db, key, "failed", null);
    return refuse(res, 422, "LL422", "Only csv, tsv, pdf, xls and txt files can be uploaded.");
  }

  const bytes = Buffer.from(await file.arrayBuffer());
  await context.storage.write(key, bytes);
  const text = TEXT_EXTENSIONS.has(extension) && bytes.length <= IMPORT_TEXT_MAX_BYTES ? importText(bytes) : null;
  await markSlot(context.db, key, "uploaded", file.size, text);
  return sendJson(res, 201, { key, size: file.size });
}

/**
 * The device uploaded the file somewhere else (object storage's presigned POST): the server looks for it there and
 * marks the slot, and the documents naming it, uploaded (with the text an import reads) or failed. Answers as the
 * upload route does: 200 {key, size} once the file is there, 409 when it is not, 404/410 for a slot that is not the
 * session's or expired unused.
 */
async function handleComplete(
  res: ServerResponse,
  key: string,
  session: SessionClaims,
  context: FileRouteContext,
): Promise<void> {
  const { rows } = await context.db.query<{ extension: string; status: string; expired: boolean; size: string | null }>(
    `select extension, status, expires_on < now() as expired, size from app_private.upload_slots
      where key = $1 and user_id = $2 and account_id = $3`,
    [key, session.userId, session.accountId],
  );
  const slot = rows[0];
  if (!slot) return refuse(res, 404, "LL404", "Upload location not found");
  if (slot.status === "uploaded") return sendJson(res, 200, { key, size: Number(slot.size) });
  if (slot.status === "failed") return refuse(res, 409, "LL409", "Upload failed, please check file size and retry");
  const stored = await context.storage.stat(key);
  if (!stored) {
    if (slot.expired) return refuse(res, 410, "LL410", "Upload location expired");
    await markSlot(context.db, key, "failed", null);
    return refuse(res, 409, "LL409", "Upload failed, please check file size and retry");
  }
  const purpose = await uploadSlotPurpose(context.db, key);
  const logo = purpose === "logo";
  if (stored.size > (logo ? LOGO_MAX_BYTES : uploadLimit())) {
    // The policy forbids it; a bucket that does not enforce policies still never serves it.
    await context.storage.remove(key);
    await markSlot(context.db, key, "failed", null);
    return refuse(res, 413, "LL413", logo ? MESSAGES.logoTooLarge : MESSAGES.uploadTooLarge);
  }
  if (logo) {
    const file = await context.storage.read(key);
    const bytes = file ? Buffer.concat(await file.body.toArray()) : Buffer.alloc(0);
    if (logoContentType(bytes.subarray(0, 16)) === null) {
      await context.storage.remove(key);
      await markSlot(context.db, key, "failed", null);
      return refuse(res, 422, "LL422", MESSAGES.logoType);
    }
  }
  if (purpose === "evidence") {
    const file = await context.storage.read(key);
    const bytes = file ? Buffer.concat(await file.body.toArray()) : Buffer.alloc(0);
    if (!isEvidenceFile(`evidence.${slot.extension}`, bytes.subarray(0, 16))) {
      await context.storage.remove(key);
      await markSlot(context.db, key, "failed", null);
      return refuse(res, 422, "LL422", EVIDENCE_TYPE_MESSAGE);
    }
  }
  let text: string | null = null;
  if (TEXT_EXTENSIONS.has(slot.extension) && stored.size <= IMPORT_TEXT_MAX_BYTES) {
    const file = await context.storage.read(key);
    if (file) text = importText(Buffer.concat(await file.body.toArray()));
  }
  await markSlot(context.db, key, "uploaded", stored.size, text);
  return sendJson(res, 200, { key, size: stored.size });
}

/**
 * The file's text as the device reads it (src/domain/text-file.ts: UTF-8 without its mark, UTF-16 with one, else
 * Windows-1252), or null for a file that is not such text (a NUL, bytes no encoding reads cleanly).
 */
function importText(bytes: Buffer): string | null {
  const decoded = decodeTextFile(bytes);
  return decoded.ok ? decoded.text : null;
}

/** Runs `read` as the session's account would through GraphQL: role app_user, its claims, RLS. */
async function asSession<T>(db: Database, session: SessionClaims, read: (tx: Sql) => Promise<T>): Promise<T> {
  return db.transaction(async (tx: Sql) => {
    await tx.query(
      `select set_config('jwt.claims.session_id', $1, true), set_config('jwt.claims.user_id', $2, true),
              set_config('jwt.claims.account_id', $3, true), set_config('jwt.claims.account_type', $4, true),
              set_config('jwt.claims.role', $5, true)`,
      [
        session.sessionId,
        session.userId,
        session.accountId ?? "",
        session.accountType ?? "",
        session.accountRole ?? "",
      ],
    );
    await tx.query("set local role app_user");
    return read(tx);
  });
}

/** The document as the session's account reads it (RLS), or null. */
async function readableDocument(db: Database, session: SessionClaims, id: string) {
  return asSession(db, session, async (tx) => {
    const { rows } = await tx.query<{
      name: string;
      extension: string;
      upload_status: string;
      file_key: string | null;
    }>("select name, extension, upload_status, file_key from app_public.documents where id = $1", [id]);
    return rows[0] ? { ...rows[0], fileKey: rows[0].file_key } : null;
  });
}

/**
 * One of a transfer request's documents (docs/TRANSFERS.md "Documents"), when the session's account reads the
 * request (RLS) and the key is one of its documents: the file's name, type and upload status; else null.
 */
async function readableTransferDocument(db: Database, session: SessionClaims, transferId: string, key: string) {
  const named = await asSession(db, session, async (tx) => {
    const { rows } = await tx.query(
      "select 1 from app_public.transfers where id = $1 and $2::uuid = any(document_keys)",
      [transferId, key],
    );
    return rows.length > 0;
  });
  if (!named) return null;
  const { rows } = await db.query<{ file_name: string; extension: string; status: string }>(
    "select file_name, extension, status from app_private.upload_slots where key = $1",
    [key],
  );
  const slot = rows[0];
  if (!slot) return null;
  const dot = slot.file_name.lastIndexOf(".");
  return {
    name: dot > 0 ? slot.file_name.slice(0, dot) : slot.file_name,
    extension: slot.extension,
    upload_status: slot.status,
    fileKey: key,
  };
}

async function handleDownload(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  context: FileRouteContext,
  transferId: string | null = null,
): Promise<void> {
  const session = context.session;
  if (!session?.accountId) return refuse(res, 401, "LL401", "Not signed in");
  if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 405, "LL405", "Use GET");
  const document = transferId
    ? await readableTransferDocument(context.db, session, transferId, id)
    : await readableDocument(context.db, session, id);
  if (!document) return refuse(res, 404, "LL404", "Document not found");
  if (document.upload_status !== "uploaded" || !document.fileKey || !SAFE_KEY.test(document.fileKey)) {
    return refuse(res, 409, "LL409", "The document is not uploaded");
  }
  const file = await context.storage.read(document.fileKey);
  if (!file) return refuse(res, 404, "LL404", "The file is missing");
  sendStoredFile(res, req.method, file, {
    "Content-Type": CONTENT_TYPES[document.extension] ?? "application/octet-stream",
    "Content-Disposition": attachment(`${document.name}.${document.extension}`),
    "Cache-Control": "private, no-store",
  });
}

/**
 * Routes /api/v2/uploads/<key>, /api/v2/uploads/<key>/complete, /api/v2/documents/<id>/download and a transfer
 * request's document, /api/v2/documents/transfers/<transferId>/<key>.
 */
export async function handleUploads(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: FileRouteContext,
): Promise<void> {
  if (path.startsWith(UPLOADS_PREFIX)) {
    const rest = path.slice(UPLOADS_PREFIX.length);
    const completing = rest.endsWith("/complete");
    const key = completing ? rest.slice(0, -"/complete".length) : rest;
    if (!UUID.test(key)) return refuse(res, 404, "LL404", "Upload location not found");
    const session = context.session;
    if (!session?.accountId) return refuse(res, 401, "LL401", "Not signed in");
    if (req.method !== "POST") return refuse(res, 405, "LL405", "Use POST");
    return completing ? handleComplete(res, key, session, context) : handleUpload(req, res, key, session, context);
  }
  const transfer = /^\/api\/v2\/documents\/transfers\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/i.exec(path);
  if (transfer?.[1] && transfer[2] && UUID.test(transfer[1]) && UUID.test(transfer[2]))
    return handleDownload(req, res, transfer[2], context, transfer[1]);
  const match = /^\/api\/v2\/documents\/([0-9a-f-]{36})\/download$/i.exec(path);
  if (!match?.[1] || !UUID.test(match[1])) return refuse(res, 404, "LL404", "Not found");
  return handleDownload(req, res, match[1], context);
}
