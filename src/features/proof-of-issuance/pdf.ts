// The Proof of Issuance PDF (spec part 1 section 2.13), drawn with jspdf on the device from a ProofOfIssuanceInput:
// title, statement date, Asset Details (Share Holder Name, Issuer Name, Asset Name, Asset Type, Total Shares), the
// Holdings Details table (Round Name, Issued On, Total Units) and the transfer agent's contact footer. No network:
// it works offline. Pure apart from jspdf itself (the statement date is passed in).
import { jsPDF } from "jspdf";
import { formatDate, formatNumber, spaceUnderscores } from "../../domain/format.ts";
import { type ProofOfIssuanceInput, TRANSFER_AGENT } from "../../domain/proof-of-issuance.ts";
import { PROOF_PDF_TEXT } from "./strings.ts";

const PAGE = { margin: 56, width: 612, height: 792 } as const; // US Letter in points
const NAVY: [number, number, number] = [22, 41, 74];
const MUTED: [number, number, number] = [90, 100, 115];
const RULE: [number, number, number] = [214, 219, 227];

const HOLDINGS_COLUMNS = PROOF_PDF_TEXT.holdingsColumns;

export function buildProofOfIssuancePdf(
  input: ProofOfIssuanceInput,
  options: { statementDate: Date; compress?: boolean },
): jsPDF {
  const doc = new jsPDF({ unit: "pt", format: "letter", compress: options.compress ?? true });
  doc.setProperties({
    title: PROOF_PDF_TEXT.title,
    subject: PROOF_PDF_TEXT.subject(input.assetName, input.legalName),
    creator: PROOF_PDF_TEXT.creator,
  });
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  let y: number = PAGE.margin;

  // Header band
  doc.setFillColor(...NAVY);
  doc.rect(0, 0, PAGE.width, 6, "F");
  doc.setFont("helvetica", "bold");
  doc.setFontSize(22);
  doc.setTextColor(...NAVY);
  y += 10;
  doc.text(PROOF_PDF_TEXT.title, left, y);
  doc.setFont("helvetica", "normal");
  doc.setFontSize(10);
  doc.setTextColor(...MUTED);
  y += 20;
  doc.text(PROOF_PDF_TEXT.statementDate(formatDate(options.statementDate)), left, y);
  doc.text(input.issuerName, right, y, { align: "right" });
  y += 14;
  rule(doc, left, right, y);

  // Asset Details
  y = sectionTitle(doc, PROOF_PDF_TEXT.assetDetails, left, y + 28);
  const details: [string, string][] = [
    [PROOF_PDF_TEXT.shareHolderName, input.legalName],
    [PROOF_PDF_TEXT.issuerName, input.issuerName],
    [PROOF_PDF_TEXT.assetName, input.assetName],
    [PROOF_PDF_TEXT.assetType, spaceUnderscores(input.type)],
    [PROOF_PDF_TEXT.totalShares, formatNumber(input.totalAmount)],
  ];
  for (const [label, value] of details) {
    y += 20;
    doc.setFont("helvetica", "normal");
    doc.setFontSize(10);
    doc.setTextColor(...MUTED);
    doc.text(label, left, y);
    doc.setFont("helvetica", "bold");
    doc.setTextColor(20, 24, 31);
    doc.text(value || "-", left + 150, y);
  }

  // Holdings Details
  y = sectionTitle(doc, PROOF_PDF_TEXT.holdingsDetails, left, y + 40);
  const columns = [left + 10, left + 230, right - 10];
  const header = () => {
    y += 12;
    doc.setFillColor(241, 244, 248);
    doc.rect(left, y, right - left, 24, "F");
    doc.setFont("helvetica", "bold");
    doc.setFontSize(9);
    doc.setTextColor(...MUTED);
    doc.text(HOLDINGS_COLUMNS[0], columns[0] ?? left, y + 16);
    doc.text(HOLDINGS_COLUMNS[1], columns[1] ?? left, y + 16);
    doc.text(HOLDINGS_COLUMNS[2], columns[2] ?? right, y + 16, { align: "right" });
    y += 24;
  };
  header();
  doc.setFontSize(10);
  for (const holding of input.holdings) {
    if (y + 24 > PAGE.height - PAGE.margin - 60) {
      footer(doc);
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    doc.setFont("helvetica", "normal");
    doc.setFontSize(10);
    doc.setTextColor(20, 24, 31);
    doc.text(holding.roundName, columns[0] ?? left, y + 16);
    doc.text(formatDate(holding.issuedOn), columns[1] ?? left, y + 16);
    doc.text(formatNumber(holding.amount), columns[2] ?? right, y + 16, { align: "right" });
    y += 24;
    rule(doc, left, right, y);
  }
  doc.setFont("helvetica", "bold");
  doc.text(PROOF_PDF_TEXT.total, columns[0] ?? left, y + 18);
  doc.text(formatNumber(input.totalAmount), columns[2] ?? right, y + 18, { align: "right" });

  footer(doc);
  return doc;
}

function sectionTitle(doc: jsPDF, title: string, x: number, y: number): number {
  doc.setFont("helvetica", "bold");
  doc.setFontSize(13);
  doc.setTextColor(...NAVY);
  doc.text(title, x, y);
  return y;
}

function rule(doc: jsPDF, left: number, right: number, y: number): void {
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.75);
  doc.line(left, y, right, y);
}

/** The transfer agent's contact footer, on every page. */
function footer(doc: jsPDF): void {
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const top = PAGE.height - PAGE.margin - 30;
  rule(doc, left, right, top);
  doc.setFont("helvetica", "normal");
  doc.setFontSize(8.5);
  doc.setTextColor(...MUTED);
  doc.text(PROOF_PDF_TEXT.questions(TRANSFER_AGENT.name), left, top + 14);
  doc.text(`${TRANSFER_AGENT.email} · ${TRANSFER_AGENT.phone} · ${TRANSFER_AGENT.address}`, left, top + 26);
}
