import { describe, expect, it } from "vitest";
import { checkManagedAccount, invitationGroups } from "./managed.ts";

describe("checkManagedAccount (spec part 1 section 5)", () => {
  it("needs a name and a valid email", () => {
    expect(checkManagedAccount({ name: "", email: "" })).toEqual({
      ok: false,
      errors: { name: "Name is required.", email: "Email is required." },
    });
    expect(checkManagedAccount({ name: "Acme", email: "acme" })).toEqual({
      ok: false,
      errors: { email: "Please enter a valid email address." },
    });
    expect(checkManagedAccount({ name: " Acme ", email: " cfo@acme.io " })).toEqual({
      ok: true,
      value: { name: "Acme", email: "cfo@acme.io" },
    });
  });
});

describe("invitationGroups", () => {
  it("groups a round's invitations and counts the accepted ones, newest round first", () => {
    const groups = invitationGroups(
      [
        { id: "i1", roundId: "r1", status: "accepted" },
        { id: "i2", roundId: "r1", status: "sent" },
        { id: "i3", roundId: "r2", status: "sent" },
      ],
      [
        { id: "r1", name: "Seed", assetId: "a1", opensOn: "2025-01-01" },
        { id: "r2", name: "Series A", assetId: "a1", opensOn: "2025-06-01" },
      ],
      [{ id: "a1", name: "Common", issuerId: "x" }],
      [{ id: "x", name: "Northwind" }],
    );
    expect(groups.map((g) => [g.roundName, `${g.accepted} of ${g.total}`, g.issuerName])).toEqual([
      ["Series A", "0 of 1", "Northwind"],
      ["Seed", "1 of 2", "Northwind"],
    ]);
  });
});
