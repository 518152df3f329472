import { describe, expect, it } from "vitest";
import {
  baseName,
  fileExtension,
  isAcceptedFile,
  sharingNames,
  splitDocuments,
  uploadStatusText,
} from "./documents.ts";

describe("documents", () => {
  it("accepts csv, tsv, pdf, xls and txt only", () => {
    expect(["a.csv", "b.TSV", "c.pdf", "d.xls", "e.txt"].every(isAcceptedFile)).toBe(true);
    expect(["a.xlsx", "b.exe", "noextension", "pdf"].some(isAcceptedFile)).toBe(false);
    expect(fileExtension("Board Minutes.PDF")).toBe("pdf");
    expect(baseName("Board Minutes.pdf")).toBe("Board Minutes");
  });
  it("names the upload status as the spec does", () => {
    expect(uploadStatusText("uploaded")).toBe("Uploaded");
    expect(uploadStatusText("failed")).toBe("Upload failed, please check file size and retry");
    expect(uploadStatusText("pending")).toBe("In Progress");
  });
  it("shows owners every sharing and others the one that reached them", () => {
    const sharings = [
      { toRole: "ats", name: "Trading systems" },
      { toRole: "investor", name: "Investors" },
    ];
    expect(sharingNames(sharings, "issuer", true)).toBe("Trading systems, Investors");
    expect(sharingNames(sharings, "ats", false)).toBe("Trading systems");
  });
  it("splits documents shared by me from those shared with me", () => {
    const { byMe, withMe } = splitDocuments(
      [{ uploadedById: "me" }, { uploadedById: "other" }, { uploadedById: null }],
      "me",
    );
    expect(byMe).toHaveLength(2);
    expect(withMe).toEqual([{ uploadedById: "other" }]);
  });
});
