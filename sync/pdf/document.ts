// What the server's one-page statements share (the transfer confirmation, sync/transfers/confirmation-pdf.ts, and the
// portfolio statement, sync/portfolio/statement-pdf.ts): a US Letter page with pdf-lib's standard Helvetica faces,
// text the font can draw, words wrapped to a width and a line of text at the current height.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

export const PAGE: [number, number] = [612, 792];
export const MARGIN = 50;
export const GRAY = rgb(0.35, 0.35, 0.35);
export const BLACK = rgb(0, 0, 0);

/** Text the standard Helvetica font can draw (WinAnsi): anything else becomes '?'. */
export function drawable(font: PDFFont, value: string): string {
  const charset = new Set(font.getCharacterSet());
  return [...value.replace(/[\r\n\t]+/g, " ")].map((c) => (charset.has(c.codePointAt(0) ?? 0) ? c : "?")).join("");
}

/** Words in lines no wider than `width` at `size` (a word longer than the width stands alone on its line). */
export function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of value.split(" ")) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

export interface TextOptions {
  size?: number;
  font?: PDFFont;
  x?: number;
  gray?: boolean;
}

/** A new document titled `title` with the regular and bold faces embedded. */
export async function newDocument(title: string): Promise<{ doc: PDFDocument; font: PDFFont; bold: PDFFont }> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator("Ledgerline");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, font, bold };
}

/** Draws one line of text on `page` at height `y` (10 points, regular, black, at the margin unless told). */
export function drawLine(page: PDFPage, y: number, font: PDFFont, value: string, options: TextOptions = {}): void {
  const face = options.font ?? font;
  page.drawText(drawable(face, value), {
    x: options.x ?? MARGIN,
    y,
    size: options.size ?? 10,
    font: face,
    color: options.gray ? GRAY : BLACK,
  });
}
