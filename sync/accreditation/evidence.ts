// Accreditation evidence files (docs/ACCREDITATION.md "Evidence files"): what an evidence file may be (a PDF or a
// PNG, JPEG, WebP or HEIC image, recognised by its first bytes, up to the 100 MB of every upload) and its download,
// GET /api/v2/accreditations/<id>/evidence/<key>, for the members of the investor account and of the reviewer account
// (the verification read under row-level security as the session), 404 for everyone else.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "../db/database.ts";
import { type SessionClaims, sessionRole } from "../graphql/settings.ts";
import { attachment, refuse, sendStoredFile } from "../http/respond.ts";
import type { FileRouteContext } from "../http/uploads.ts";

export const ACCREDITATIONS_PREFIX = "/api/v2/accreditations/";
export const EVIDENCE_TYPE_MESSAGE = "Evidence must be a PDF or an image (PNG, JPEG, WebP or HEIC).";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EVIDENCE_PATH = /^\/api\/v2\/accreditations\/([0-9a-f-]{36})\/evidence\/([0-9a-f-]{36})$/i;

export type EvidenceContentType = "application/pdf" | "image/png" | "image/jpeg" | "image/webp" | "image/heic";

const EXTENSION_TYPES: Record<string, EvidenceContentType> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  heic: "image/heic",
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type an evidence file's content is (its first 16 bytes suffice), or null for anything else. */
export function evidenceContentType(head: Uint8Array): EvidenceContentType | null {
  if (startsWith(head, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "image/webp";
  // ISO base media: ....ftyp<brand>, a HEIF brand
  if (
    startsWith(head, ascii("ftyp"), 4) &&
    ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].some((brand) => startsWith(head, ascii(brand), 8))
  ) {
    return "image/heic";
  }
  return null;
}

/** Whether a file named so with this content may be evidence (the name's type and the content's agree). */
export function isEvidenceFile(fileName: string, head: Uint8Array): boolean {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? "";
  const expected = EXTENSION_TYPES[extension];
  return expected !== undefined && evidenceContentType(head) === expected;
}

/** What an upload slot is for (app_private.upload_slot_purpose, sync/database/accreditation/10_accreditation.sql). */
export async function uploadSlotPurpose(db: Database, key: string): Promise<"evidence" | "logo" | "document"> {
  const { rows } = await db.query<{ purpose: string | null }>("select app_private.upload_slot_purpose($1) as purpose", [
    key,
  ]);
  const purpose = rows[0]?.purpose;
  return purpose === "evidence" || purpose === "logo" ? purpose : "document";
}

/** The evidence file's name if the session may read that verification and it names this uploaded file. */
async function readableEvidence(
  db: Database,
  session: SessionClaims,
  id: string,
  key: string,
): Promise<{ name: string } | null> {
  return db.transaction(async (tx) => {
    await sessionRole(tx, session);
    const { rows } = await tx.query<{ name: string; status: string | null }>(
      `select e.name, s.status from app_public.accreditation_evidence e
         left join app_private.accreditation_evidence_slots s on s.key = e.file_key
       where e.accreditation_id = $1 and e.file_key = $2`,
      [id, key],
    );
    const row = rows[0];
    return row && row.status === "uploaded" ? { name: row.name } : null;
  });
}

export async function handleEvidenceDownload(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: FileRouteContext,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 405, "LL405", "Use GET");
  if (!context.session?.accountId) return refuse(res, 401, "LL401", "Not signed in");
  const match = EVIDENCE_PATH.exec(path);
  const [id, key] = [match?.[1] ?? "", match?.[2] ?? ""];
  if (!UUID.test(id) || !UUID.test(key)) return refuse(res, 404, "LL404", "Not found");
  const evidence = await readableEvidence(context.db, context.session, id, key);
  if (!evidence) return refuse(res, 404, "LL404", "Not found");
  const file = await context.storage.read(key);
  if (!file) return refuse(res, 404, "LL404", "Not found");
  const extension = /\.([A-Za-z0-9]+)$/.exec(evidence.name)?.[1]?.toLowerCase() ?? "";
  sendStoredFile(res, req.method, file, {
    "Content-Type": EXTENSION_TYPES[extension] ?? "application/octet-stream",
    "Content-Disposition": attachment(evidence.name),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
}
