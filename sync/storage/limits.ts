// What an upload may be, wherever it is stored (spec part 1 section 9).

/** Spec part 1 section 9: upload limit 100MB. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export const UPLOAD_EXTENSIONS = ["csv", "tsv", "pdf", "xls", "txt"] as const;

/** The content type a file of each allowed extension is stored and served with (and the POST policy pins). */
export const CONTENT_TYPES: Record<string, string> = {
  csv: "text/csv; charset=utf-8",
  tsv: "text/tab-separated-values; charset=utf-8",
  pdf: "application/pdf",
  xls: "application/vnd.ms-excel",
  txt: "text/plain; charset=utf-8",
  // an account's logo (sync/database/accounts/40_logos.sql): at most 1 MB, checked by content on arrival
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  // accreditation evidence may also be a phone's HEIC photo (sync/accreditation/evidence.ts)
  heic: "image/heic",
};

/** The byte limit (tests of the refusal may lower it with UPLOAD_MAX_BYTES; it never rises above 100 MB). */
export function uploadLimit(): number {
  const override = Number(process.env.UPLOAD_MAX_BYTES);
  return Number.isFinite(override) && override > 0 ? Math.min(override, MAX_UPLOAD_BYTES) : MAX_UPLOAD_BYTES;
}
