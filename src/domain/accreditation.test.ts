import { describe, expect, it } from "vitest";
import {
  currentStatus,
  evidenceContentType,
  evidenceFileError,
  ACCREDITATION_MESSAGES as M,
  methodLabel,
  methodsFor,
  parseValidDays,
  rejectionError,
  reviewOrder,
  statusLabel,
  submissionError,
} from "./accreditation.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

const PDF = bytes("%PDF-1.7\n");
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const WEBP = bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 ");
const HEIC = bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0]);

describe("accreditation methods", () => {
  it("offers self-certification only where the step allows it", () => {
    expect(methodsFor({ selfCertificationAllowed: false })).toEqual(["letter", "income", "net_worth"]);
    expect(methodsFor(null)).toEqual(["letter", "income", "net_worth"]);
    expect(methodsFor({ selfCertificationAllowed: true })).toEqual([
      "letter",
      "income",
      "net_worth",
      "self_certification",
    ]);
  });

  it("names each method in people's words", () => {
    expect(methodLabel("letter")).toBe("A letter from a professional");
    expect(methodLabel("net_worth")).toBe("Net worth");
    expect(methodLabel("investready")).toBe("Verified by InvestReady");
    expect(methodLabel("bogus")).toBe("Unknown method");
  });

  it("needs a method, evidence for the documented methods, and the round's consent for self-certification", () => {
    expect(submissionError(null, 0, null)).toBe(M.methodRequired);
    expect(submissionError("letter", 0, null)).toBe(M.evidenceRequired);
    expect(submissionError("income", 2, null)).toBeNull();
    expect(submissionError("net_worth", 0, { selfCertificationAllowed: true })).toBe(M.evidenceRequired);
    expect(submissionError("self_certification", 0, { selfCertificationAllowed: false })).toBe(
      M.selfCertificationNotAllowed,
    );
    expect(submissionError("self_certification", 0, { selfCertificationAllowed: true })).toBeNull();
  });
});

describe("evidence files", () => {
  it("recognises PDF, PNG, JPEG, WebP and HEIC by their first bytes", () => {
    expect(evidenceContentType(PDF)).toBe("application/pdf");
    expect(evidenceContentType(JPEG)).toBe("image/jpeg");
    expect(evidenceContentType(PNG)).toBe("image/png");
    expect(evidenceContentType(WEBP)).toBe("image/webp");
    expect(evidenceContentType(HEIC)).toBe("image/heic");
    expect(evidenceContentType(bytes("<svg xmlns"))).toBeNull();
  });

  it("refuses a wrong name, content that is not what the name says, and more than 100 MB", () => {
    expect(evidenceFileError({ name: "letter.pdf", size: 1000 }, PDF)).toBeNull();
    expect(evidenceFileError({ name: "ID.JPG", size: 2 * 1024 * 1024 }, JPEG)).toBeNull();
    expect(evidenceFileError({ name: "scan.heic", size: 10 }, HEIC)).toBeNull();
    expect(evidenceFileError({ name: "notes.txt", size: 10 }, PDF)).toBe(M.evidenceType);
    expect(evidenceFileError({ name: "letter.pdf", size: 10 }, bytes("MZ\x90\0"))).toBe(M.evidenceType);
    expect(evidenceFileError({ name: "letter", size: 10 }, PDF)).toBe(M.evidenceType);
    expect(evidenceFileError({ name: "big.pdf", size: 100 * 1024 * 1024 }, PDF)).toBeNull();
    expect(evidenceFileError({ name: "big.pdf", size: 100 * 1024 * 1024 + 1 }, PDF)).toBe(M.evidenceTooLarge);
  });
});

describe("review and settings", () => {
  it("requires a reason to reject", () => {
    expect(rejectionError("  ")).toBe(M.reasonRequired);
    expect(rejectionError("The letter is older than 90 days.")).toBeNull();
  });

  it("accepts 1 to 3650 whole days of validity", () => {
    expect(parseValidDays(" 90 ")).toEqual({ ok: true, value: 90 });
    expect(parseValidDays("1")).toEqual({ ok: true, value: 1 });
    expect(parseValidDays("3650")).toEqual({ ok: true, value: 3650 });
    for (const bad of ["0", "3651", "-5", "12.5", "", "ninety"])
      expect(parseValidDays(bad)).toEqual({ ok: false, error: M.validDays });
  });

  it("lists verifications to review first (oldest first), then decided ones (newest decision first)", () => {
    const rows = [
      { id: "a", status: "approved", submittedOn: "2026-01-01", decidedOn: "2026-01-05" },
      { id: "b", status: "submitted", submittedOn: "2026-02-02" },
      { id: "c", status: "rejected", submittedOn: "2026-01-02", decidedOn: "2026-02-10" },
      { id: "d", status: "submitted", submittedOn: "2026-01-20" },
    ];
    const { toReview, decided } = reviewOrder(rows);
    expect(toReview.map((row) => row.id)).toEqual(["d", "b"]);
    expect(decided.map((row) => row.id)).toEqual(["c", "a"]);
  });

  it("reads an approval past its expiry date as expired", () => {
    expect(currentStatus({ status: "approved", expiresOn: "2026-03-01" }, "2026-03-01")).toBe("approved");
    expect(currentStatus({ status: "approved", expiresOn: "2026-03-01" }, "2026-03-02")).toBe("expired");
    expect(currentStatus({ status: "rejected", expiresOn: null }, "2030-01-01")).toBe("rejected");
    expect(statusLabel("submitted")).toBe("Waiting for review");
    expect(statusLabel("self_certified")).toBe("Self-certified");
  });
});
