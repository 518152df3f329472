import { describe, expect, it } from "vitest";
import { checkDelegate, checkTransferEmail, delegatePatch } from "./delegate-form.ts";
import { delegateRow, rowEditable, sortRows } from "./list.ts";

const blank = { firstName: "", lastName: "", email: "", role: null, status: "active" };

describe("the delegate form", () => {
  it("asks for the person's fields on create only, role and status always, with the spec's texts", () => {
    expect(checkDelegate(blank, "create")).toEqual({
      firstName: "First name is required.",
      lastName: "Last name is required.",
      email: "Email is required.",
      role: "Role is required.",
    });
    expect(checkDelegate({ ...blank, status: null }, "edit")).toEqual({
      role: "Role is required.",
      status: "Status is required.",
    });
    expect(
      checkDelegate(
        { firstName: "A", lastName: "B", email: "a@b.test", role: "account_viewer", status: "active" },
        "create",
      ),
    ).toEqual({});
  });

  it("offers Admin and Viewer only: the owner role is not a delegate's", () => {
    expect(checkDelegate({ ...blank, role: "account_owner" }, "edit").role).toBe("Role is required.");
  });

  it("checks the transfer's address", () => {
    expect(checkTransferEmail("")).toBe("A valid email is required.");
    expect(checkTransferEmail("nobody")).toBe("A valid email is required.");
    expect(checkTransferEmail(" new.owner@x.test ")).toBeNull();
  });

  it("patches only what changed", () => {
    const before = { role: "account_admin", status: "active" };
    expect(delegatePatch(before, { ...blank, role: "account_admin", status: "active" })).toBeNull();
    expect(delegatePatch(before, { ...blank, role: "account_admin", status: "suspended" })).toEqual({
      status: "suspended",
    });
  });
});

describe("the delegates list", () => {
  const member = (id: string, role: string, firstName: string, email: string, status = "active") => ({
    id,
    role,
    status,
    user: { id, firstName, lastName: "Z", status: "active", emails: [{ id, email, isPrimary: true }] },
  });
  const rows = [
    member("1", "account_owner", "Olivia", "o@x.test"),
    member("2", "account_viewer", "Ann", "a@x.test", "suspended"),
    member("3", "account_admin", "Bo", "b@x.test"),
  ].map(delegateRow);

  it("sorts by each column, either way", () => {
    expect(sortRows(rows, { key: "name", desc: false }).map((r) => r.id)).toEqual(["2", "3", "1"]);
    expect(sortRows(rows, { key: "role", desc: false }).map((r) => r.roleLabel)).toEqual(["Admin", "Owner", "Viewer"]);
    expect(sortRows(rows, { key: "status", desc: true }).map((r) => r.statusLabel)[0]).toBe("Suspended");
    expect(sortRows(rows, { key: "email", desc: true }).map((r) => r.email)).toEqual([
      "o@x.test",
      "b@x.test",
      "a@x.test",
    ]);
  });

  it("never lets anyone edit the owner's row; viewers edit nothing", () => {
    const [owner, , admin] = rows;
    expect(owner && rowEditable(owner, true)).toBe(false);
    expect(admin && rowEditable(admin, true)).toBe(true);
    expect(admin && rowEditable(admin, false)).toBe(false);
  });
});

describe("a queued delegate edit", () => {
  it("shows on the users_accounts replica at once (the CRUD convention's pending effect)", async () => {
    const { commandEffect } = await import("../../domain/commands/catalogue.ts");
    const id = "00000000-0000-4000-8000-000000000001";
    expect(commandEffect("updateUsersAccountById", { input: { id, patch: { status: "suspended" } } })).toEqual({
      model: "users_accounts",
      id,
      kind: "update",
      fields: { status: "suspended" },
    });
    expect(commandEffect("makeDelegate", { input: { email: "a@b.test" } })).toBeNull();
  });
});
