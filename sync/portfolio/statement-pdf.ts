// The investor's statement of holdings as of a day (issue 35 item 2), a PDF made on the server with pdf-lib (as the
// built-in signer's pages are, sync/signing/pdf.ts): the account and the investor, the day, and per security the
// units held at the end of that day (UTC), with the value per unit and the value where the issuer has set one.
import type { PDFFont, PDFPage } from "pdf-lib";
import { add, type Decimal, dec, toString as decimalText, mul, ZERO } from "../../src/domain/decimal.ts";
import { formatDate, formatMoney, formatNumber } from "../../src/domain/format.ts";
import { BLACK, drawable, drawLine, GRAY, MARGIN, newDocument, PAGE, type TextOptions, wrap } from "../pdf/document.ts";
import { type Portfolio, positionsAsOf } from "./data.ts";

export const STATEMENT_TEXT = {
  title: "Statement of holdings",
  asOf: "As of",
  account: "Account",
  investor: "Investor",
  prepared: "Prepared on",
  columns: ["Security", "Units", "Value per unit", "Value"],
  total: "Total value",
  none: "No holdings on this date.",
  notKnown: "Not set",
  note:
    "Units are the sum of the account's transactions up to the end of the day (UTC). The value per unit is the " +
    "value the issuer has set for the security today, where it has set one; it is not a price on the statement's date.",
} as const;

/** A day (YYYY-MM-DD) as the app writes dates: "June 30th 2025". */
function dayText(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return formatDate(new Date(year, month - 1, date));
}

/** Cut to fit a column, with an ellipsis when cut. */
function fitted(font: PDFFont, value: string, size: number, width: number): string {
  const safe = drawable(font, value);
  if (font.widthOfTextAtSize(safe, size) <= width) return safe;
  let cut = safe.length;
  while (cut > 1 && font.widthOfTextAtSize(`${safe.slice(0, cut)}...`, size) > width) cut--;
  return `${safe.slice(0, cut)}...`;
}

// column left edges and widths; numbers are right-aligned in theirs
const COLUMNS = [
  { x: 50, width: 265, right: false },
  { x: 320, width: 80, right: true },
  { x: 405, width: 75, right: true },
  { x: 485, width: 77, right: true },
];

/** Units as they are, grouped: "200000" -> "200,000", "1234.5" -> "1,234.5". */
function unitsText(units: Decimal): string {
  const [whole = "0", fraction] = decimalText(units).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

export async function statementPdf(portfolio: Portfolio, day: string, preparedOn: string): Promise<Uint8Array> {
  const { doc, font, bold } = await newDocument(`${STATEMENT_TEXT.title} ${day}`);
  let page: PDFPage = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;

  const line = (value: string, options: TextOptions = {}) => drawLine(page, y, font, value, options);
  const row = (cells: readonly string[], face: PDFFont, size = 9, gray = false) => {
    cells.forEach((cell, index) => {
      const column = COLUMNS[index];
      if (!column) return;
      // names are cut to their column; figures are never cut (they reach left into the gap)
      const value = column.right ? drawable(face, cell) : fitted(face, cell, size, column.width);
      const x = column.right ? column.x + column.width - face.widthOfTextAtSize(value, size) : column.x;
      page.drawText(value, { x, y, size, font: face, color: gray ? GRAY : BLACK });
    });
  };
  const nextRow = (height: number) => {
    y -= height;
    if (y < MARGIN + 40) {
      page = doc.addPage(PAGE);
      y = PAGE[1] - MARGIN;
      row(STATEMENT_TEXT.columns, bold);
      y -= 16;
    }
  };

  line(STATEMENT_TEXT.title, { size: 18, font: bold });
  y -= 28;
  for (const [label, value] of [
    [STATEMENT_TEXT.asOf, dayText(day)],
    [STATEMENT_TEXT.account, portfolio.accountName],
    [STATEMENT_TEXT.investor, portfolio.investorName],
    [STATEMENT_TEXT.prepared, dayText(preparedOn)],
  ] as const) {
    line(label, { font: bold, gray: true });
    line(value, { x: MARGIN + 90 });
    y -= 15;
  }
  y -= 12;

  const positions = positionsAsOf(portfolio, day);
  if (positions.length === 0) {
    line(STATEMENT_TEXT.none);
    y -= 20;
  } else {
    row(STATEMENT_TEXT.columns, bold);
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE[0] - MARGIN, y }, thickness: 0.5 });
    y -= 12;
    let total = ZERO;
    for (const { security, units } of positions) {
      const value = security.unitValue === null ? null : mul(units, dec(security.unitValue));
      if (value) total = add(total, value);
      row(
        [
          security.ticker ? `${security.name} (${security.ticker})` : security.name,
          unitsText(units),
          security.unitValue === null ? STATEMENT_TEXT.notKnown : `$${formatNumber(security.unitValue, 10)}`,
          value === null ? STATEMENT_TEXT.notKnown : formatMoney(value),
        ],
        font,
      );
      if (security.issuer) {
        y -= 11;
        row([security.issuer], font, 8, true);
      }
      nextRow(16);
    }
    page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: PAGE[0] - MARGIN, y: y + 8 }, thickness: 0.5 });
    y -= 4;
    row([STATEMENT_TEXT.total, "", "", formatMoney(total)], bold);
    y -= 24;
  }
  for (const part of wrap(drawable(font, STATEMENT_TEXT.note), font, 8, PAGE[0] - 2 * MARGIN)) {
    if (y < MARGIN) {
      page = doc.addPage(PAGE);
      y = PAGE[1] - MARGIN;
    }
    line(part, { size: 8, gray: true });
    y -= 11;
  }
  return doc.save({ useObjectStreams: false });
}
