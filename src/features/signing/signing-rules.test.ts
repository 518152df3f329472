import { describe, expect, it } from "vitest";
import {
  fieldErrors,
  mappedTemplateActions,
  mockRecipient,
  mockValue,
  pickableMappingFields,
  readyToLock,
  roleErrors,
  templateWarnings,
} from "./signing-rules.ts";

describe("role mapping checks (spec section 5)", () => {
  it("asks for a mapping while a role is 'not mapped'", () => {
    expect(roleErrors({ mapTo: "not mapped" })).toEqual({ mapTo: "Mapping required." });
    expect(roleErrors({ mapTo: "" })).toEqual({ mapTo: "Mapping required." });
    expect(roleErrors({ mapTo: "investor" })).toEqual({});
  });
  it("asks a static role for its name and e-mail, and any e-mail to be valid", () => {
    expect(roleErrors({ mapTo: "static" })).toEqual({
      toName: "To name required for static field.",
      toEmail: "To email required for static field.",
    });
    expect(roleErrors({ mapTo: "static", toName: "Ada", toEmail: "ada@" })).toEqual({
      toEmail: "Valid email required",
    });
    expect(roleErrors({ mapTo: "investor", toEmail: "not an email" })).toEqual({ toEmail: "Valid email required" });
    expect(roleErrors({ mapTo: "static", toName: "Ada", toEmail: "ada@example.com" })).toEqual({});
  });
});

describe("field mapping checks (spec section 5)", () => {
  it("needs a mapping, and a value for static and custom mappings", () => {
    expect(fieldErrors({ mapTo: "" })).toEqual({ mapTo: "Name is required." });
    expect(fieldErrors({ mapTo: "error" })).toEqual({ mapTo: "Name is required." });
    expect(fieldErrors({ mapTo: "not mapped" })).toEqual({});
    expect(fieldErrors({ mapTo: "custom", value: " " })).toEqual({ value: "Value required for custom field." });
    expect(fieldErrors({ mapTo: "static" })).toEqual({ value: "Value required for static field." });
    expect(fieldErrors({ mapTo: "investor.name" })).toEqual({});
    expect(fieldErrors({ mapTo: "static", value: "Delaware" })).toEqual({});
  });
  it("offers a lock only when every mapping passes", () => {
    expect(readyToLock([{ mapTo: "investor" }], [{ mapTo: "investor.name" }])).toBe(true);
    expect(readyToLock([{ mapTo: "not mapped" }], [{ mapTo: "investor.name" }])).toBe(false);
    expect(readyToLock([{ mapTo: "investor" }], [{ mapTo: "custom" }])).toBe(false);
    expect(readyToLock([{ mapTo: "investor" }], [{ mapTo: "not mapped" }])).toBe(true);
  });
});

describe("the pick list (spec section 9)", () => {
  it("leaves out error, not supported and template provided", () => {
    const ids = pickableMappingFields([
      { id: "investor.name" },
      { id: "error" },
      { id: "not supported" },
      { id: "template provided" },
      { id: "static" },
    ]).map((f) => f.id);
    expect(ids).toEqual(["investor.name", "static"]);
  });
});

describe("template warnings (spec section 8)", () => {
  const locked = { locked: true, active: true, templateUpdatedOn: "2026-01-01T00:00:00Z" };
  it("says nothing for a locked copy of an unchanged template", () => {
    expect(templateWarnings({ updatedOn: "2026-01-01T00:00:00Z" }, locked)).toEqual([]);
    expect(templateWarnings({ updatedOn: "2026-01-01T00:00:00Z" })).toEqual([]);
  });
  it("warns when the template changed after the copy, or was deleted", () => {
    expect(templateWarnings({ updatedOn: "2026-02-01T00:00:00Z" }, locked)).toEqual([
      "Change detected in the template since this copy was made. Review the mapping before using it again.",
    ]);
    expect(templateWarnings({ deleted: true })).toEqual([
      "Template has been deleted, new mapped templates cannot be created from this template.",
    ]);
  });
  it("warns about a deleted mapped template (or template) and a locked one not active", () => {
    expect(templateWarnings({}, { ...locked, deleted: true })[0]).toMatch(/^Mapped template has been deleted/);
    expect(templateWarnings({ deleted: true }, locked)).toEqual([
      "Mapped template has been deleted. It can no longer be used in qualifications.",
      "Template has been deleted, new mapped templates cannot be created from this template.",
    ]);
    expect(templateWarnings({}, { ...locked, active: false })).toEqual([
      "Mapped template has been edited. Template usage disabled until it is activated.",
    ]);
    expect(templateWarnings({}, { ...locked, locked: false, active: false })).toEqual([]);
  });
});

describe("what a viewer may do with a mapped template (spec section 4)", () => {
  it("edits and deletes only while unlocked; the Active toggle only when locked", () => {
    const open = mappedTemplateActions({ locked: false, active: false }, true);
    expect(open).toMatchObject({ edit: true, delete: true, lock: true, showActive: false, toggleActive: false });
    const closed = mappedTemplateActions({ locked: true, active: false }, true);
    expect(closed).toMatchObject({ edit: false, delete: false, lock: false, showActive: true, toggleActive: true });
    expect(closed.addToQualifications).toBe(false);
    expect(mappedTemplateActions({ locked: true, active: true }, true).addToQualifications).toBe(true);
  });
  it("gives a read-only role and a deleted template nothing to change", () => {
    expect(mappedTemplateActions({ locked: true, active: true }, false)).toMatchObject({
      toggleActive: false,
      addToQualifications: false,
      showActive: true,
    });
    expect(mappedTemplateActions({ locked: false, active: false, deleted: true }, true)).toEqual({
      edit: false,
      lock: false,
      showActive: false,
      toggleActive: false,
      delete: false,
      addToQualifications: false,
    });
  });
});

describe("the test page's mock values", () => {
  const mappingFields = [
    { id: "investor.name", testValue: "Jane Investor" },
    { id: "investor.email", testValue: "jane@example.com" },
    { id: "round.name", testValue: null },
  ];
  it("fills a mapped field with its mock value and a static one with its own value", () => {
    expect(mockValue({ mapTo: "investor.name" }, mappingFields)).toBe("Jane Investor");
    expect(mockValue({ mapTo: "static", value: "Delaware" }, mappingFields)).toBe("Delaware");
    expect(mockValue({ mapTo: "not mapped" }, mappingFields)).toBeNull();
    expect(mockValue({ mapTo: "round.name" }, mappingFields)).toBeNull();
  });
  it("names a role's mock recipient", () => {
    expect(mockRecipient({ mapTo: "investor" }, mappingFields)).toBe("Jane Investor · jane@example.com");
    expect(mockRecipient({ mapTo: "static", toName: "Ada", toEmail: "ada@example.com" }, mappingFields)).toBe(
      "Ada · ada@example.com",
    );
    expect(mockRecipient({ mapTo: "not mapped" }, mappingFields)).toBe("not mapped");
  });
});
