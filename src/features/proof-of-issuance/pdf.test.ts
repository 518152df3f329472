// The PDF's text as a reader sees it: pdftotext (poppler-utils) when installed, else the text operators of an
// uncompressed build. Either way the same assertions run.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { proofOfIssuanceFileName, proofOfIssuanceFor } from "../../domain/proof-of-issuance.ts";
import { buildProofOfIssuancePdf } from "./pdf.ts";

const PDFTOTEXT = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].find((path) => existsSync(path));

function pdfText(build: (compress: boolean) => ArrayBuffer): string {
  if (PDFTOTEXT) {
    const dir = mkdtempSync(join(tmpdir(), "poi-"));
    try {
      const file = join(dir, "statement.pdf");
      writeFileSync(file, Buffer.from(build(true)));
      return execFileSync(PDFTOTEXT, ["-layout", file, "-"], { encoding: "utf8" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const raw = Buffer.from(build(false)).toString("latin1");
  return [...raw.matchAll(/\((.*?)\) Tj/g)].map((match) => match[1]?.replace(/\\([()\\])/g, "$1")).join("\n");
}

const data = {
  holdings: [
    {
      id: "h2",
      roundId: "r2",
      investorId: "inv",
      amount: "80000",
      issuedOn: "2025-09-15T12:00:00Z",
      createdOn: "2025-09-15",
    },
    {
      id: "h1",
      roundId: "r1",
      investorId: "inv",
      amount: "200000.5",
      issuedOn: "2025-03-02T12:00:00Z",
      createdOn: "2025-03-02",
    },
    {
      id: "h0",
      roundId: "r1",
      investorId: "inv",
      amount: "0",
      issuedOn: "2025-01-01T12:00:00Z",
      createdOn: "2025-01-01",
    },
    {
      id: "h3",
      roundId: "r1",
      investorId: "other",
      amount: "5",
      issuedOn: "2025-03-02T12:00:00Z",
      createdOn: "2025-03-02",
    },
    {
      id: "h4",
      roundId: "rx",
      investorId: "inv",
      amount: "7",
      issuedOn: "2025-03-02T12:00:00Z",
      createdOn: "2025-03-02",
    },
  ],
  rounds: [
    { id: "r1", name: "Seed Round", assetId: "a1" },
    { id: "r2", name: "Series A", assetId: "a1" },
    { id: "rx", name: "Other Asset Round", assetId: "a2" },
  ],
  assets: [
    { id: "a1", name: "Northwind Common Stock", type: "common_stock", issuerId: "iss" },
    { id: "a2", name: "Other", type: "debt", issuerId: "iss" },
  ],
  accounts: [
    { id: "inv", name: "Emma Lawson", contactName: "Emma Lawson" },
    { id: "iss", name: "Northwind Renewables, Inc." },
  ],
};

describe("proofOfIssuanceFor", () => {
  it("takes the investor's non-zero holdings of the asset's rounds, oldest first, with the exact total", () => {
    expect(proofOfIssuanceFor("a1", "inv", data)).toEqual({
      type: "common_stock",
      assetName: "Northwind Common Stock",
      legalName: "Emma Lawson",
      issuerName: "Northwind Renewables, Inc.",
      totalAmount: "280000.5",
      holdings: [
        { roundName: "Seed Round", issuedOn: "2025-03-02T12:00:00Z", amount: "200000.5" },
        { roundName: "Series A", issuedOn: "2025-09-15T12:00:00Z", amount: "80000" },
      ],
    });
    expect(proofOfIssuanceFor("a1", "nobody", data)).toBeNull();
  });
});

describe("proofOfIssuanceFileName (section 2.13)", () => {
  it("is the contact name with underscores, proof_of_issuance and a short code from the id", () => {
    expect(proofOfIssuanceFileName("Emma  Lawson", "3f2a9c1d-0000-4000-8000-000000000000")).toBe(
      "Emma_Lawson_proof_of_issuance_3f2a9c1d.pdf",
    );
    expect(proofOfIssuanceFileName(" Kim / Family Trust ", "abcdef01-2345")).toBe(
      "Kim_Family_Trust_proof_of_issuance_abcdef01.pdf",
    );
  });
});

describe("buildProofOfIssuancePdf", () => {
  it("says what section 2.13 lists, in order", () => {
    const input = proofOfIssuanceFor("a1", "inv", data);
    if (!input) throw new Error("no statement");
    const text = pdfText((compress) =>
      buildProofOfIssuancePdf(input, { statementDate: new Date(2026, 0, 5, 12), compress }).output("arraybuffer"),
    );
    const expected = [
      "Proof Of Issuance",
      "Statement Date: January 5th 2026",
      "Asset Details",
      "Share Holder Name",
      "Emma Lawson",
      "Issuer Name",
      "Northwind Renewables, Inc.",
      "Asset Name",
      "Northwind Common Stock",
      "Asset Type",
      "common stock",
      "Total Shares",
      "280,000.50",
      "Holdings Details",
      "Round Name",
      "Issued On",
      "Total Units",
      "Seed Round",
      "March 2nd 2025",
      "200,000.50",
      "Series A",
      "September 15th 2025",
      "80,000.00",
      "Contact the transfer agent",
      "transfers@ledgerline.example",
    ];
    let from = 0;
    for (const piece of expected) {
      const at = text.indexOf(piece, from);
      expect(at, `"${piece}" after offset ${from} in:\n${text}`).toBeGreaterThanOrEqual(0);
      from = at + piece.length;
    }
  });
});
