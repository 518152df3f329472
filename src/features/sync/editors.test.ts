// The registry of forms that correct rejected commands: which kinds can be edited, and what the review says of them.
import { describe, expect, it } from "vitest";
import { COMMAND_EDITORS, commandEditor, commandInput } from "./editors.tsx";

describe("commandEditor", () => {
  it("has a form for an invitation, a new contact and a contact edit, and none for other kinds", () => {
    expect(Object.keys(COMMAND_EDITORS).sort()).toEqual(["makeCustomer", "makeDistribution", "updateCustomerById"]);
    for (const mutation of Object.keys(COMMAND_EDITORS)) expect(commandEditor(mutation)?.Form).toBeTypeOf("function");
    expect(commandEditor("bulkAllocation")).toBeNull();
    expect(commandEditor("updateAssetById")).toBeNull();
    // names of Object.prototype are not kinds
    expect(commandEditor("constructor")).toBeNull();
    expect(commandEditor("toString")).toBeNull();
  });

  it("sums up the values sent as the review lists them", () => {
    const invitation = commandInput({
      variables: { input: { id: "d", allocationId: "a", accountEmail: "rita@x.test", amount: "12000", name: null } },
    });
    expect(commandEditor("makeDistribution")?.summary(invitation)).toBe("rita@x.test · 12,000.00 units");
    expect(commandEditor("makeCustomer")?.summary({ email: "c@x.test", name: "Cora" })).toBe("Cora · c@x.test");
    expect(commandEditor("updateCustomerById")?.summary({ id: "c", patch: { email: "new@x.test" } })).toBe(
      "new@x.test",
    );
    expect(commandInput({ variables: {} })).toEqual({});
    expect(commandInput({ variables: { input: [1] } })).toEqual({});
  });
});
