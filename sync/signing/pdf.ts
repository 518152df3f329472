// The built-in signer's PDF work (docs/SIGNING.md): a template is a PDF with AcroForm fields, named
// "<Role>.<label>" (the role that fills it, then what it is: "Investor.name", "Investor.signature",
// "Issuer.date"); a field without a dot belongs to no role. readTemplate lists the roles (in order of first
// appearance) and the fields; fillDocument fills the fields and stamps the typed signature into signature fields,
// flattening the form so the values are part of the page; appendAuditPage adds the evidence page; signPdf applies a
// PKCS#7 detached signature (adbe.pkcs7.detached) over the whole file but the signature itself.
import { createHash } from "node:crypto";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
// The named export, not the default: @signpdf/signpdf is CommonJS with `exports.default`, and under plain Node a default
// import is the whole module object (no `sign`), while vitest's loader unwraps it (tests/e2e/production.e2e.test.ts).
import { SignPdf } from "@signpdf/signpdf";
import {
  PDFCheckBox,
  PDFDocument,
  type PDFField,
  type PDFFont,
  PDFSignature,
  PDFTextField,
  rgb,
  StandardFonts,
} from "pdf-lib";

export type FieldType = "text" | "date" | "checkbox" | "signature" | "initial";

export interface TemplateField {
  name: string;
  role: string | null;
  type: FieldType;
  documentId: string;
  page: number | null;
  required: boolean;
}

export interface TemplateContent {
  roles: { name: string; order: number; type: "signer" }[];
  fields: TemplateField[];
  pages: number;
}

export const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The role and label of a field name ("Investor.name" -> Investor, name). */
export function splitFieldName(name: string): { role: string | null; label: string } {
  const dot = name.indexOf(".");
  if (dot <= 0 || dot === name.length - 1) return { role: null, label: name };
  return { role: name.slice(0, dot), label: name.slice(dot + 1) };
}

function fieldType(field: PDFField): FieldType {
  const { label } = splitFieldName(field.getName());
  const lower = label.toLowerCase();
  if (field instanceof PDFSignature || lower === "signature" || lower.endsWith("signature")) return "signature";
  if (lower === "initial" || lower === "initials") return "initial";
  if (field instanceof PDFCheckBox) return "checkbox";
  if (lower === "date" || lower.endsWith("date") || lower.startsWith("date")) return "date";
  return "text";
}

function pageOf(doc: PDFDocument, field: PDFField): number | null {
  const widget = field.acroField.getWidgets()[0];
  const ref = widget?.P();
  if (!ref) return null;
  const index = doc.getPages().findIndex((page) => page.ref === ref);
  return index >= 0 ? index + 1 : null;
}

/** The roles and fields of a template PDF. Throws on a file that is no PDF. */
export async function readTemplate(bytes: Uint8Array): Promise<TemplateContent> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const roles: TemplateContent["roles"] = [];
  const fields: TemplateField[] = [];
  for (const field of doc.getForm().getFields()) {
    const name = field.getName();
    const { role } = splitFieldName(name);
    if (role && !roles.some((r) => r.name === role))
      roles.push({ name: role, order: roles.length + 1, type: "signer" });
    fields.push({
      name,
      role,
      type: fieldType(field),
      documentId: "1",
      page: pageOf(doc, field),
      required: field.isRequired(),
    });
  }
  return { roles, fields, pages: doc.getPageCount() };
}

/** Text the standard Helvetica font can draw (WinAnsi): anything else becomes '?'. */
function drawable(font: PDFFont, text: string): string {
  const charset = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, " ")].map((c) => (charset.has(c.codePointAt(0) ?? 0) ? c : "?")).join("");
}

/** Fills the template's fields (name -> value; signature fields get the typed name drawn in), flattened. */
export async function fillDocument(
  template: Uint8Array,
  values: Record<string, string>,
  signature: string | null,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(template, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const script = await doc.embedFont(StandardFonts.HelveticaOblique);
  const form = doc.getForm();
  const stamps: { page: number; x: number; y: number; width: number; height: number; text: string }[] = [];
  for (const field of form.getFields()) {
    const name = field.getName();
    const type = fieldType(field);
    const value = values[name];
    if (type === "signature" || type === "initial") {
      const text = type === "initial" ? initials(signature ?? value ?? "") : (signature ?? value ?? "");
      for (const widget of field.acroField.getWidgets()) {
        const rect = widget.getRectangle();
        const index = doc.getPages().findIndex((page) => page.ref === widget.P());
        if (text && index >= 0) stamps.push({ page: index, ...rect, text });
      }
      if (field instanceof PDFTextField) field.setText("");
      continue;
    }
    if (field instanceof PDFTextField) field.setText(value === undefined ? "" : drawable(font, value));
    else if (field instanceof PDFCheckBox) {
      if (value && !["", "false", "no", "0"].includes(value.toLowerCase())) field.check();
      else field.uncheck();
    }
  }
  form.updateFieldAppearances(font);
  form.flatten();
  for (const stamp of stamps) {
    const page = doc.getPage(stamp.page);
    const size = Math.max(8, Math.min(18, stamp.height * 0.7));
    page.drawText(drawable(script, stamp.text), {
      x: stamp.x + 2,
      y: stamp.y + Math.max(2, (stamp.height - size) / 2),
      size,
      font: script,
      color: rgb(0.05, 0.15, 0.45),
    });
  }
  return doc.save({ useObjectStreams: false });
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase())
    .join("");

export interface AuditEntry {
  label: string;
  value: string;
}

/** Appends the audit page (title, then label: value lines, wrapped) to a PDF. */
export async function appendAuditPage(bytes: Uint8Array, title: string, entries: AuditEntry[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  let y = 740;
  page.drawText(drawable(bold, title), { x: 50, y, size: 16, font: bold });
  y -= 30;
  for (const entry of entries) {
    page.drawText(drawable(bold, entry.label), { x: 50, y, size: 9, font: bold, color: rgb(0.3, 0.3, 0.3) });
    y -= 13;
    for (const line of wrap(drawable(font, entry.value), font, 10, 510)) {
      page.drawText(line, { x: 50, y, size: 10, font });
      y -= 13;
    }
    y -= 6;
    if (y < 60) break;
  }
  return doc.save({ useObjectStreams: false });
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/(?<=[\s/,;-])/)) {
    const next = line + word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line.trimEnd());
      line = word.trimStart();
    } else line = next;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface SignOptions {
  p12: Buffer;
  passphrase: string;
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
  signingTime?: Date;
}

/** Applies a PKCS#7 detached signature to a PDF (an invisible signature on the last page). */
export async function signPdf(bytes: Uint8Array, options: SignOptions): Promise<Buffer> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPages();
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: pages[pages.length - 1],
    reason: options.reason,
    contactInfo: options.contactInfo,
    name: options.name,
    location: options.location,
    signingTime: options.signingTime,
    signatureLength: 16384,
    appName: "Ledgerline",
  } as Parameters<typeof pdflibAddPlaceholder>[0]);
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(options.p12, { passphrase: options.passphrase });
  return new SignPdf().sign(withPlaceholder, signer, options.signingTime);
}
