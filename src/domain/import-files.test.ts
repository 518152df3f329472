// The checks an import's file or a signing template passes on the device before it is kept, with the server's texts,
// and the texts a refused one gets by its place.
import { describe, expect, it } from "vitest";
import {
  contactsFileProblem,
  contactsImportPlace,
  IMPORT_FILE_TEXT,
  importRefusalTexts,
  ocfFileProblem,
  signingTemplatePlace,
  templateFileProblem,
} from "./import-files.ts";
import { MESSAGES } from "./messages.ts";

const MB = 1024 * 1024;

describe("import files", () => {
  it("takes a contacts file only as a CSV of at most 100 MB", () => {
    expect(contactsFileProblem({ name: "Contacts.CSV", size: 10 })).toBeNull();
    expect(contactsFileProblem({ name: "contacts.txt", size: 10 })).toBe(IMPORT_FILE_TEXT.csvOnly);
    expect(contactsFileProblem({ name: "contacts", size: 10 })).toBe(IMPORT_FILE_TEXT.csvOnly);
    expect(contactsFileProblem({ name: "contacts.csv", size: 100 * MB })).toBeNull();
    expect(contactsFileProblem({ name: "contacts.csv", size: 100 * MB + 1 })).toBe(MESSAGES.uploadTooLarge);
  });

  it("takes a signing template only as a PDF, and a package only as a zip", () => {
    expect(templateFileProblem({ name: "Subscription.pdf", size: 2 * MB })).toBeNull();
    expect(templateFileProblem({ name: "Subscription.docx", size: 2 * MB })).toBe(IMPORT_FILE_TEXT.templatePdfOnly);
    expect(templateFileProblem({ name: "big.pdf", size: 101 * MB })).toBe(MESSAGES.uploadTooLarge);
    expect(ocfFileProblem({ name: "captable.zip", size: MB })).toBeNull();
    expect(ocfFileProblem({ name: "captable.json", size: MB })).toBe(IMPORT_FILE_TEXT.ocfZipOnly);
  });

  it("tells a refused upload the texts of the place it was chosen for", () => {
    expect(importRefusalTexts(contactsImportPlace("a1"))?.type).toBe(IMPORT_FILE_TEXT.csvOnly);
    expect(importRefusalTexts(signingTemplatePlace("a1"))).toEqual({
      tooLarge: MESSAGES.uploadTooLarge,
      type: IMPORT_FILE_TEXT.templatePdfOnly,
    });
    expect(importRefusalTexts("security:s1")).toBeNull();
  });
});
