// The admin's form definitions: the draft's checks (the server's texts), the schema a step copies, the round trip
// of a stored definition through the editor, and the step the preview renders.
import { describe, expect, it } from "vitest";
import { shortAgent } from "./audit.ts";
import {
  definitionOf,
  draftOf,
  draftProblems,
  emptyDraft,
  emptyField,
  type FormDefinition,
  previewStep,
} from "./form-definitions.ts";

const valid = () => ({
  ...emptyDraft(),
  key: "kyc",
  name: "KYC",
  title: "Investor details",
  fields: [{ ...emptyField(1), key: "fullName", displayKey: "Full name", regex: "^.{2,}$", error: "Enter your name." }],
});

describe("form definition drafts", () => {
  it("accepts a complete draft and names each problem with the server's text", () => {
    expect(draftProblems(valid())).toEqual({});
    expect(draftProblems({ ...valid(), key: "" }).key).toBe("Key is required.");
    expect(draftProblems({ ...valid(), key: "KYC form" }).key).toBe(
      "Key may only contain lowercase letters, digits, - and _.",
    );
    expect(draftProblems({ ...valid(), title: " " }).title).toBe("Title is required.");
    expect(draftProblems({ ...valid(), fields: [] }).form).toBe("A form needs at least one field.");
    expect(draftProblems({ ...valid(), stepType: "button", fields: [] })).toEqual({});
    const twice = { ...valid(), fields: [emptyField(1), emptyField(2)].map((f) => ({ ...f, key: "a" })) };
    expect(draftProblems(twice)["fields.1"]).toBe('Field key "a" appears more than once.');
    expect(draftProblems({ ...valid(), fields: [{ ...emptyField(1), key: "a", regex: "([" }] })["fields.0"]).toBe(
      'Field "a": the regex is not valid.',
    );
    expect(draftProblems({ ...valid(), fields: [{ ...emptyField(1), key: "a", type: "select" }] })["fields.0"]).toBe(
      'Field "a": a select needs options.',
    );
  });

  it("stores only what was filled, and a stored definition opens as the same draft", () => {
    const draft = {
      ...valid(),
      about: "Why we ask",
      disclosures: "First\n\n Second ",
      text: "Save",
      fields: [
        ...valid().fields,
        { ...emptyField(2), key: "band", type: "select" as const, options: "Under $1M\n$1M or more" },
      ],
    };
    const { schema, renderAttributes } = definitionOf(draft);
    expect(schema).toEqual({
      title: "Investor details",
      fields: [
        {
          key: "fullName",
          type: "text",
          order: 1,
          displayKey: "Full name",
          regex: "^.{2,}$",
          error: "Enter your name.",
        },
        { key: "band", type: "select", order: 2, options: ["Under $1M", "$1M or more"] },
      ],
      disclosures: ["First", "Second"],
      text: "Save",
    });
    expect(renderAttributes).toEqual({ title: "Investor details", about: "Why we ask" });
    const stored = {
      id: "x",
      key: "kyc",
      version: 3,
      name: "KYC",
      stepType: "form",
      renderAttributes,
      schema,
      createdOn: "2026-11-24T00:00:00Z",
    } as FormDefinition;
    expect(definitionOf(draftOf(stored))).toEqual({ schema, renderAttributes });
  });

  it("previews the draft as the step an investor would be given", () => {
    const step = previewStep({ ...valid(), stepType: "encrypted_form" });
    expect(step).toMatchObject({
      type: "encrypted_form",
      status: "in_progress",
      schema: { title: "Investor details" },
    });
    expect(step.schema.fields?.[0]?.key).toBe("fullName");
  });
});

describe("the audit trail's texts", () => {
  it("names a device's browser (the sentences: src/domain/activity.test.ts)", () => {
    expect(shortAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36")).toBe(
      "Chrome 131 on Linux",
    );
  });
});
