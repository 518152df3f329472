// Test helpers for the built-in signer: a template PDF with AcroForm fields named by the convention
// ("<Role>.<label>", docs/SIGNING.md), and an independent check of a signed PDF with openssl (cms -verify over the
// byte ranges the signature names).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";

export const TEMPLATE_FIELDS = [
  "Investor.name",
  "Investor.email",
  "Investor.units",
  "Investor.signature",
  "Investor.date",
  "Issuer.name",
  "Witness.name",
  "Witness.signature",
  "company",
];

/** A one-page agreement with a text field per name (signature fields are text fields named "*.signature"). */
export async function templatePdf(fields: string[] = TEMPLATE_FIELDS): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("Subscription Agreement", { x: 50, y: 740, size: 18, font });
  const form = doc.getForm();
  fields.forEach((name, index) => {
    const y = 680 - index * 50;
    page.drawText(name, { x: 50, y: y + 6, size: 10, font });
    form.createTextField(name).addToPage(page, { x: 200, y, width: 300, height: 22 });
  });
  return doc.save();
}

export interface SignatureCheck {
  /** openssl accepted the signature over the signed byte ranges with the certificate */
  ok: boolean;
  output: string;
}

/** The length of the DER value at the start of `bytes` (its tag, length octets and contents). */
function derLength(bytes: Buffer): number {
  const first = bytes[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const octets = first & 0x7f;
  let contents = 0;
  for (let i = 0; i < octets; i += 1) contents = contents * 256 + (bytes[2 + i] ?? 0);
  return 2 + octets + contents;
}

/** The ByteRange and the DER signature of a signed PDF. */
export function signatureOf(pdf: Buffer): { byteRange: number[]; der: Buffer } {
  const text = pdf.toString("latin1");
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = ranges[ranges.length - 1];
  if (!last) throw new Error("no /ByteRange");
  const byteRange = last.slice(1, 5).map(Number);
  const [, length, start] = byteRange as [number, number, number, number];
  // the placeholder is zero-padded after the signature: the DER's own length says where it ends (trimming trailing
  // zeros instead cuts a signature whose last byte is 0x00, one signature in 256)
  const padded = Buffer.from(text.slice(length + 1, start - 1), "hex");
  return { byteRange, der: padded.subarray(0, derLength(padded)) };
}

/** `openssl cms -verify` of the PDF's signature against its signed bytes, trusting the given certificate. */
export function verifyWithOpenssl(pdf: Buffer, certificatePem: string): SignatureCheck {
  const dir = mkdtempSync(join(tmpdir(), "ll-verify-"));
  try {
    const { byteRange, der } = signatureOf(pdf);
    const [a, b, c, d] = byteRange as [number, number, number, number];
    writeFileSync(join(dir, "content.bin"), Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]));
    writeFileSync(join(dir, "signature.der"), der);
    writeFileSync(join(dir, "certificate.pem"), certificatePem);
    const result = spawnSync(
      "openssl",
      [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        join(dir, "signature.der"),
        "-content",
        join(dir, "content.bin"),
        "-CAfile",
        join(dir, "certificate.pem"),
        "-purpose",
        "any",
        "-out",
        join(dir, "out.bin"),
      ],
      { encoding: "utf8" },
    );
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
