// Accreditation verification (issue 31 item 4; docs/ACCREDITATION.md): the methods an investor may use, in people's
// words, what evidence each needs, which evidence files the device keeps (checked by their first bytes, not the name
// alone, 100 MB at most), the statuses a verification shows, and the reviewer's and the settings' checks. The server
// applies the same rules again (sync/database/accreditation); the texts are the server's where it has one.
import { MAX_UPLOAD_BYTES } from "./documents.ts";

export const ACCREDITATION_METHODS = ["letter", "income", "net_worth", "self_certification"] as const;
export type AccreditationMethod = (typeof ACCREDITATION_METHODS)[number];

export const ACCREDITATION_STATUSES = ["submitted", "approved", "rejected", "self_certified", "expired"] as const;
export type AccreditationStatus = (typeof ACCREDITATION_STATUSES)[number];

export const ACCREDITATION_MESSAGES = {
  evidenceRequired: "Add at least one document as evidence.",
  reasonRequired: "A reason is required to reject.",
  methodRequired: "Choose how you will show that you are accredited.",
  selfCertificationNotAllowed: "Self-certification is not allowed for this round.",
  evidenceType: "Evidence must be a PDF or an image (PNG, JPEG, WebP or HEIC).",
  evidenceTooLarge: "Error: File is larger than 100MB",
  validDays: "Enter a whole number of days from 1 to 3650.",
} as const;

export interface MethodDescription {
  label: string;
  /** What the investor provides, in a sentence. */
  evidence: string;
  needsEvidence: boolean;
}

export const METHOD_DESCRIPTIONS: Record<AccreditationMethod, MethodDescription> = {
  letter: {
    label: "A letter from a professional",
    evidence:
      "A signed letter, dated within the last 90 days, from a certified public accountant, an attorney, a registered broker-dealer or a registered investment adviser confirming that you are an accredited investor.",
    needsEvidence: true,
  },
  income: {
    label: "Income",
    evidence:
      "Tax returns, W-2s or 1099s for the last two years showing income over $200,000 (or $300,000 with your spouse or partner), and a statement that you expect the same this year.",
    needsEvidence: true,
  },
  net_worth: {
    label: "Net worth",
    evidence:
      "Recent statements (bank, brokerage, property appraisals) and a credit report showing a net worth over $1 million, not counting your primary home.",
    needsEvidence: true,
  },
  self_certification: {
    label: "Self-certification",
    evidence:
      "You confirm that you are an accredited investor. No documents are needed, but some offerings require a verified accreditation.",
    needsEvidence: false,
  },
};

/** The methods this step offers: self-certification only where the round allows it. */
export function methodsFor(schema: { selfCertificationAllowed?: boolean | null } | null | undefined) {
  return ACCREDITATION_METHODS.filter(
    (method) => method !== "self_certification" || !!schema?.selfCertificationAllowed,
  );
}

/** InvestReady's verifications carry the method `investready` (the provider chose how). */
export const PROVIDER_METHOD_LABEL = "Verified by InvestReady";

export function methodLabel(method: string | null | undefined): string {
  if (method === "investready") return PROVIDER_METHOD_LABEL;
  return (method && METHOD_DESCRIPTIONS[method as AccreditationMethod]?.label) || "Unknown method";
}

/** What is wrong with a submission before anything is queued, or null. */
export function submissionError(
  method: string | null | undefined,
  evidenceCount: number,
  schema: { selfCertificationAllowed?: boolean | null } | null | undefined,
): string | null {
  if (!method || !(ACCREDITATION_METHODS as readonly string[]).includes(method))
    return ACCREDITATION_MESSAGES.methodRequired;
  if (method === "self_certification")
    return schema?.selfCertificationAllowed ? null : ACCREDITATION_MESSAGES.selfCertificationNotAllowed;
  return evidenceCount > 0 ? null : ACCREDITATION_MESSAGES.evidenceRequired;
}

/** A reviewer's rejection needs a reason (trimmed); null when fine. */
export function rejectionError(reason: string): string | null {
  return reason.trim() ? null : ACCREDITATION_MESSAGES.reasonRequired;
}

/** The validity in days as the settings card sends it, or the message (1..3650 whole days). */
export function parseValidDays(text: string): { ok: true; value: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return { ok: false, error: ACCREDITATION_MESSAGES.validDays };
  const value = Number(trimmed);
  return value >= 1 && value <= 3650 ? { ok: true, value } : { ok: false, error: ACCREDITATION_MESSAGES.validDays };
}

export const DEFAULT_VALID_DAYS = 90;

// Evidence files: PDF and the images a phone's camera makes. HEIC has no preview in most browsers; it is still kept.
export const EVIDENCE_EXTENSIONS = ["pdf", "png", "jpg", "jpeg", "webp", "heic"] as const;
export const EVIDENCE_ACCEPT =
  "application/pdf,image/png,image/jpeg,image/webp,image/heic,.pdf,.png,.jpg,.jpeg,.webp,.heic";
export const EVIDENCE_MAX_BYTES = MAX_UPLOAD_BYTES;

export type EvidenceContentType = "application/pdf" | "image/png" | "image/jpeg" | "image/webp" | "image/heic";

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const HEIF_BRANDS = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"];

/** The evidence type the content is (its first 12 bytes suffice), or null. */
export function evidenceContentType(head: Uint8Array): EvidenceContentType | null {
  if (startsWith(head, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(head, ascii("ftyp"), 4) && HEIF_BRANDS.some((brand) => startsWith(head, ascii(brand), 8)))
    return "image/heic";
  return null;
}

function extensionOf(name: string): string | null {
  return /\.([A-Za-z0-9]+)$/.exec(name.trim())?.[1]?.toLowerCase() ?? null;
}

/** What is wrong with a file chosen as evidence (its name, size and first bytes), or null. */
export function evidenceFileError(file: { name: string; size: number }, head: Uint8Array): string | null {
  const extension = extensionOf(file.name);
  if (!extension || !(EVIDENCE_EXTENSIONS as readonly string[]).includes(extension))
    return ACCREDITATION_MESSAGES.evidenceType;
  if (evidenceContentType(head) === null) return ACCREDITATION_MESSAGES.evidenceType;
  if (file.size > EVIDENCE_MAX_BYTES) return ACCREDITATION_MESSAGES.evidenceTooLarge;
  return null;
}

/** Where a device keeps the evidence chosen for an accreditation step until it is uploaded (the file queue's place). */
export const evidencePlace = (stepId: string) => `accreditation:${stepId}`;

export const STATUS_LABELS: Record<AccreditationStatus, string> = {
  submitted: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
  self_certified: "Self-certified",
  expired: "Expired",
};

export function statusLabel(status: string | null | undefined): string {
  return (status && STATUS_LABELS[status as AccreditationStatus]) || "Unknown";
}

/** The reviewer's list: verifications waiting for review first (oldest submitted first), then the decided ones
 * (newest decision first). */
export function reviewOrder<T extends { status: string; submittedOn?: string | null; decidedOn?: string | null }>(
  rows: readonly T[],
): { toReview: T[]; decided: T[] } {
  const toReview = rows
    .filter((row) => row.status === "submitted")
    .sort((a, b) => (a.submittedOn ?? "").localeCompare(b.submittedOn ?? ""));
  const decided = rows
    .filter((row) => row.status !== "submitted")
    .sort((a, b) => (b.decidedOn ?? b.submittedOn ?? "").localeCompare(a.decidedOn ?? a.submittedOn ?? ""));
  return { toReview, decided };
}

/** The evidence's download address (the investor's and the reviewer's members only; 404 otherwise). */
export const evidenceDownloadPath = (accreditationId: string, key: string) =>
  `/api/v2/accreditations/${encodeURIComponent(accreditationId)}/evidence/${encodeURIComponent(key)}`;

/** The status as of `today` (YYYY-MM-DD): an approval past its expiry date reads as expired even before the server
 * says so (a device offline for a while). */
export function currentStatus(
  row: { status: string; expiresOn?: string | null },
  today: string,
): AccreditationStatus | string {
  if (row.status === "approved" && row.expiresOn && row.expiresOn.slice(0, 10) < today) return "expired";
  return row.status;
}
