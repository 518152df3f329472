// Every command of the catalogue is described as the user would say what they did, from its input.
import { describe, expect, it } from "vitest";
import { COMMAND_NAMES } from "./catalogue.ts";
import { describeCommand } from "./strings.ts";

describe("command descriptions", () => {
  it("describes a queued change by what the user did", () => {
    expect(describeCommand("makeCustomer", { input: { id: "x", name: "Ann Lee", email: "ann@x.test" } })).toBe(
      "Add contact Ann Lee",
    );
    expect(describeCommand("makeCustomer", { input: { id: "x", name: "", email: "ann@x.test" } })).toBe(
      "Add contact ann@x.test",
    );
    expect(describeCommand("updateCustomerById", { input: { id: "x", patch: { name: "Ann Li" } } })).toBe(
      "Edit contact Ann Li",
    );
    expect(
      describeCommand("makeDistribution", {
        input: { id: "d", allocationId: "a", accountEmail: "inv@x.test", amount: "12000" },
      }),
    ).toBe("Invite inv@x.test for 12,000.00 units");
    expect(describeCommand("makeRound", { input: { name: "Seed" } })).toBe("Create round Seed");
    expect(describeCommand("tokenizeHoldings", { input: { holdingIds: ["a", "b"] } })).toBe("Tokenize 2 holdings");
    // a contacts file chosen on the device is named by its slot's key: never shown (the sync review names the file)
    expect(describeCommand("bulkCustomers", { input: { fileName: "1b4e28ba-2fa1-41d2-883f-0016d3cca427" } })).toBe(
      "Import contacts from a file",
    );
    expect(describeCommand("bulkCustomers", { input: { fileName: "field.csv" } })).toBe(
      "Import contacts from field.csv",
    );
    // in-person sessions (docs/IN-PERSON.md): what the host's device did with the investor
    expect(describeCommand("completeStepInPerson", { input: { sessionId: "s", stepId: "x", blob: {} } })).toBe(
      "Complete an onboarding step with the investor",
    );
    expect(describeCommand("setupAccountInPerson", { input: { sessionId: "s", taxId: "123-45-6789" } })).toBe(
      "Complete the account details with the investor",
    );
    expect(describeCommand("signStepOffline", { input: { sessionId: "s", stepId: "x" } })).toBe(
      "Sign a document with the investor",
    );
    expect(describeCommand("submitAccreditation", { input: { sessionId: "s", method: "letter" } })).toBe(
      "Submit accreditation (a letter) with the investor",
    );
  });

  it("has a description for every command, never its API name, even without input", () => {
    for (const name of COMMAND_NAMES) {
      for (const variables of [{ input: {} }, undefined, { input: null }]) {
        const said = describeCommand(name, variables);
        expect(said, name).toMatch(/^[A-Z][a-z]/);
        expect(said.toLowerCase(), name).not.toContain(name.toLowerCase());
        expect(said, name).not.toMatch(/undefined|null|\[object/);
      }
    }
  });

  it("falls back to the spoken name for a command stored by another version of the app", () => {
    expect(describeCommand("makeSomethingOld", { input: {} })).toBe("Make something old");
  });
});
