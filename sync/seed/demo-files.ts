// The files of the demo data's documents (docs/DATABASE.md "Demo data"): the seed's two document rows
// (sync/seed/demo.ts) name these storage keys, and the server writes each file into its file storage
// (sync/storage/: the local directory or the bucket) at start when the row exists and the file does not. So a
// freshly seeded database has them, and so does one seeded before the files were part of the seed. Only these
// keys are ever written, and only for rows that still name them and are uploaded; nothing else is touched.
//
// The files are small real PDFs (pdf-lib), made from the rows they belong to: the document's name, the issuer, and
// the security or the holding (investor, round, units, issue date).
import type { Database } from "../db/database.ts";
import type { FileStorage } from "../storage/index.ts";

export const DEMO_FILES = {
  memorandum: "demo/series-a-memorandum.pdf",
  statement: "demo/seed-statement-emma.pdf",
} as const;

const DEMO_KEYS: readonly string[] = Object.values(DEMO_FILES);

interface DemoDocumentRow {
  file_key: string;
  name: string;
  extension: string;
  issuer: string;
  security: string | null;
  investor: string | null;
  round: string | null;
  amount: string | null;
  issued_on: string | null;
}

/** A one-page PDF for a demo document, made from its row. */
export async function demoDocumentPdf(row: DemoDocumentRow): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(row.name);
  pdf.setAuthor(row.issuer);
  pdf.setProducer("Ledgerline demo data");
  pdf.setCreationDate(new Date("2026-01-01T00:00:00Z"));
  pdf.setModificationDate(new Date("2026-01-01T00:00:00Z"));
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 720;
  const line = (text: string, size = 11, font = regular) => {
    page.drawText(text, { x: 72, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= size + 10;
  };
  line(row.issuer, 12, bold);
  y -= 6;
  line(row.name, 20, bold);
  y -= 8;
  if (row.investor) {
    line(`Investor: ${row.investor}`);
    if (row.security) line(`Security: ${row.security}`);
    if (row.round) line(`Round: ${row.round}`);
    if (row.amount) line(`Units held: ${row.amount}`);
    if (row.issued_on) line(`Issued on: ${row.issued_on}`);
  } else if (row.security) {
    line(`Security: ${row.security}`);
    line("This memorandum describes the offering of the security named above.");
  }
  y -= 12;
  line("Demo document: made by Ledgerline's demo data. It is not a real offering or statement.", 9);
  return pdf.save();
}

/**
 * Writes the demo documents' files that are missing from the storage; answers the keys written. Never fails the
 * start: a file that cannot be written is reported and its download keeps answering that the file is missing.
 */
export async function writeMissingDemoFiles(db: Database, storage: FileStorage): Promise<string[]> {
  const { rows } = await db.query<DemoDocumentRow>(
    `select d.file_key, d.name, d.extension, issuer.name as issuer,
            coalesce(s.name, hs.name) as security, investor.name as investor, r.name as round,
            trim_scale(h.amount)::text as amount, to_char(h.issued_on at time zone 'UTC', 'YYYY-MM-DD') as issued_on
       from app_public.documents d
       join app_public.accounts issuer on issuer.id = d.uploaded_by_id
       left join app_public.securities s on s.id = d.security_id
       left join app_public.holdings h on h.id = d.holding_id
       left join app_public.securities hs on hs.id = h.security_id
       left join app_public.accounts investor on investor.id = h.investor_id
       left join app_public.rounds r on r.id = h.round_id
      where d.file_key = any($1::text[]) and d.upload_status = 'uploaded' and d.extension = 'pdf'`,
    [DEMO_KEYS],
  );
  const written: string[] = [];
  for (const row of rows) {
    try {
      if (await storage.stat(row.file_key)) continue;
      await storage.write(row.file_key, await demoDocumentPdf(row));
      written.push(row.file_key);
    } catch (error) {
      console.warn(`demo data: could not write the file of "${row.name}" (${row.file_key}):`, error);
    }
  }
  return written;
}
