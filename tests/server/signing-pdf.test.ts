// The built-in signer's PDF work (sync/signing/pdf.ts, keys.ts): roles and fields read from a template's AcroForm
// fields by the naming convention, filling, the audit page, and a PKCS#7 signature that an independent verifier
// (openssl cms -verify) accepts over the signed byte ranges and refuses once any signed byte changes.

import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { createSigningP12 } from "../../sync/signing/keys.ts";
import { appendAuditPage, fillDocument, readTemplate, signPdf } from "../../sync/signing/pdf.ts";
import { signatureOf, templatePdf, verifyWithOpenssl } from "../helpers/signing-pdf.ts";

describe("the built-in signer", () => {
  it("reads roles and fields from the template's form fields", async () => {
    const content = await readTemplate(await templatePdf());
    expect(content.roles.map((r) => r.name)).toEqual(["Investor", "Issuer", "Witness"]);
    expect(content.fields.map((f) => [f.name, f.role, f.type, f.page])).toEqual([
      ["Investor.name", "Investor", "text", 1],
      ["Investor.email", "Investor", "text", 1],
      ["Investor.units", "Investor", "text", 1],
      ["Investor.signature", "Investor", "signature", 1],
      ["Investor.date", "Investor", "date", 1],
      ["Issuer.name", "Issuer", "text", 1],
      ["Witness.name", "Witness", "text", 1],
      ["Witness.signature", "Witness", "signature", 1],
      ["company", null, "text", 1],
    ]);
  });

  it("fills, appends the audit page and signs; openssl verifies, and one changed byte breaks it", async () => {
    const filled = await fillDocument(
      await templatePdf(),
      { "Investor.name": "Jane Investor", "Investor.units": "1000", company: "Acme" },
      "Jane Investor",
    );
    const filledDoc = await PDFDocument.load(filled);
    expect(filledDoc.getForm().getFields()).toEqual([]);
    const audited = await appendAuditPage(filled, "Signature audit", [{ label: "Signer", value: "Jane Investor" }]);
    expect((await PDFDocument.load(audited)).getPageCount()).toBe(2);
    const { p12, certificatePem } = createSigningP12("Ledgerline Test Signing", "secret");
    const signed = await signPdf(audited, {
      p12,
      passphrase: "secret",
      name: "Jane Investor",
      reason: "Subscription agreement",
      location: "Ledgerline",
      contactInfo: "jane@example.com",
    });
    const check = verifyWithOpenssl(signed, certificatePem);
    expect(check.output).toMatch(/Verification successful/);
    expect(check.ok).toBe(true);

    // one byte inside the first signed range (the document's content), then one inside the second
    const { byteRange } = signatureOf(signed);
    const [, firstLength, secondStart] = byteRange as [number, number, number, number];
    for (const offset of [Math.floor(firstLength / 2), secondStart + 10]) {
      const tampered = Buffer.from(signed);
      tampered[offset] = (tampered[offset] ?? 0) ^ 0x01;
      const broken = verifyWithOpenssl(tampered, certificatePem);
      expect(broken.ok, `byte ${offset}`).toBe(false);
    }
    // another certificate is not trusted
    const other = createSigningP12("Someone else", "x");
    expect(verifyWithOpenssl(signed, other.certificatePem).ok).toBe(false);
  });
});
