// What a file the server refuses is told, by the place it was chosen for (src/data/upload-file.ts).
import { describe, expect, it } from "vitest";
import { ACCREDITATION_MESSAGES, evidencePlace } from "../domain/accreditation.ts";
import { logoPlace } from "../domain/logos.ts";
import { MESSAGES } from "../domain/messages.ts";
import { refusalTexts } from "./upload-file.ts";

describe("a refused upload's text", () => {
  it("an accreditation's evidence photo is told the evidence rules, not a logo's", () => {
    expect(refusalTexts({ place: evidencePlace("step-1"), name: "ID photo.jpg" })).toEqual({
      tooLarge: ACCREDITATION_MESSAGES.evidenceTooLarge,
      type: ACCREDITATION_MESSAGES.evidenceType,
    });
  });

  it("a logo is told the logo's rules; a document the documents'", () => {
    expect(refusalTexts({ place: logoPlace("account-1"), name: "logo.png" })).toEqual({
      tooLarge: MESSAGES.logoTooLarge,
      type: MESSAGES.logoType,
    });
    expect(refusalTexts({ place: "security-documents:sec-1", name: "terms.pdf" })).toEqual({
      tooLarge: MESSAGES.uploadTooLarge,
      type: MESSAGES.uploadFileTypes,
    });
  });
});
