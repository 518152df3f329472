// What a file the server refuses is told, by the place it was chosen for (src/data/upload-file.ts); a queued file's
// purpose (evidence, logo) goes with its upload slot's request, none from a file queued without one.
import { describe, expect, it, vi } from "vitest";
import { ACCREDITATION_MESSAGES, evidencePlace } from "../domain/accreditation.ts";
import { logoPlace } from "../domain/logos.ts";
import { MESSAGES } from "../domain/messages.ts";
import type { QueuedFile } from "./file-queue.ts";
import { refusalTexts, uploadQueuedFile } from "./upload-file.ts";

const asked = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock("./graphql.ts", async (original) => {
  const real = await original<typeof import("./graphql.ts")>();
  return {
    ...real,
    graphql: async (query: string, variables: Record<string, unknown>) => {
      if (query.includes("fileUploadStatus")) return { fileUploadStatus: null };
      asked.push(variables);
      // stop here: the slot's request is what this test reads
      throw new real.GraphqlError([{ message: "Upload location not found", extensions: { code: "LL404" } }]);
    },
  };
});

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

describe("a queued file's upload slot", () => {
  const queued = (changes: Partial<QueuedFile>): QueuedFile => ({
    id: "5f0c6d1e-7a53-4f43-9a54-2a0e0b6f4d11",
    sha256: "a".repeat(64),
    name: "ID photo.jpg",
    type: "image/jpeg",
    size: 2 * 1024 * 1024,
    blob: new Blob(["x"]),
    place: evidencePlace("step-1"),
    commandKey: null,
    undo: null,
    status: "waiting",
    attempts: 0,
    error: null,
    createdOn: new Date().toISOString(),
    ...changes,
  });

  it("says what the file is for when the picker said so, and nothing for an older entry", async () => {
    asked.length = 0;
    expect(await uploadQueuedFile(queued({ purpose: "evidence" }))).toEqual({ failed: "Upload location not found" });
    await uploadQueuedFile(queued({ name: "logo.png", place: logoPlace("account-1"), purpose: "logo" }));
    await uploadQueuedFile(queued({}));
    expect(asked.map((v) => [v.fileName, v.purpose])).toEqual([
      ["ID photo.jpg", "evidence"],
      ["logo.png", "logo"],
      ["ID photo.jpg", null],
    ]);
  });
});
