// Files that imports and signing templates read, chosen online or not (issue 31 item 3): where each waits in the
// device's file queue (its place) and the check it passes before it is kept there. The server checks the same again
// (a contacts import reads a CSV: sync/database/contacts/10_contacts.sql; a template is a PDF:
// sync/database/signing/10_signing.sql; every upload at most 100 MB). Pure.
import { fileExtension, MAX_UPLOAD_BYTES } from "./documents.ts";
import { MESSAGES } from "./messages.ts";

/** Where a contacts file waits until uploaded (then bulkCustomers reads it). */
export const contactsImportPlace = (accountId: string) => `contacts-import:${accountId}`;
/** Where a signing template's PDF waits until uploaded (then createSigningTemplate makes the template). */
export const signingTemplatePlace = (accountId: string) => `signing-template:${accountId}`;
/** Where an Open Cap Format package is kept while the device is offline (the server reads it on reconnect). */
export const ocfImportPlace = (accountId: string) => `ocf-import:${accountId}`;

export const IMPORT_FILE_TEXT = {
  csvOnly: "Only CSV files can be imported.",
  templatePdfOnly: "A signing template must be a PDF.",
  ocfZipOnly: "Choose an Open Cap Format package (a .zip file).",
} as const;

type Chosen = { name: string; size: number };

const problem = (file: Chosen, extensions: readonly string[], wrongType: string): string | null => {
  const extension = fileExtension(file.name);
  if (!extension || !extensions.includes(extension)) return wrongType;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.uploadTooLarge;
  return null;
};

/** A contacts file: a .csv of at most 100 MB (the server's texts). */
export const contactsFileProblem = (file: Chosen) => problem(file, ["csv"], IMPORT_FILE_TEXT.csvOnly);

/** A signing template: a .pdf of at most 100 MB (the server's texts). */
export const templateFileProblem = (file: Chosen) => problem(file, ["pdf"], IMPORT_FILE_TEXT.templatePdfOnly);

/** An Open Cap Format package: a .zip of at most 100 MB. */
export const ocfFileProblem = (file: Chosen) => problem(file, ["zip"], IMPORT_FILE_TEXT.ocfZipOnly);

/** The texts a refused upload of this place gets (null: not an import's place). */
export function importRefusalTexts(place: string): { tooLarge: string; type: string } | null {
  if (place.startsWith(contactsImportPlace("")))
    return { tooLarge: MESSAGES.uploadTooLarge, type: IMPORT_FILE_TEXT.csvOnly };
  if (place.startsWith(signingTemplatePlace("")))
    return { tooLarge: MESSAGES.uploadTooLarge, type: IMPORT_FILE_TEXT.templatePdfOnly };
  return null;
}
