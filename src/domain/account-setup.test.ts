import { describe, expect, it } from "vitest";
import {
  addressErrors,
  emptyAddress,
  emptyDraft,
  emptyParty,
  normalizeAddresses,
  type SetupDraft,
  setupErrors,
  setupErrorText,
  setupPayload,
  sortInvestorTypes,
} from "./account-setup.ts";

const TODAY = "2026-11-22";
const individual = { type: "Individual", isIndividual: true, isJoint: false };
const joint = { type: "Joint TIC", isIndividual: false, isJoint: true };
const llc = { type: "LLC", isIndividual: false, isJoint: false };
const address = { ...emptyAddress(), lineOne: "12 Harbor St", city: "Portland", province: "OR", postalCode: "97 201" };

function draft(change: Partial<SetupDraft> = {}): SetupDraft {
  return {
    ...emptyDraft({ firstName: "Priya", lastName: "Shah" }),
    type: "Individual",
    dateOfBirth: "1990-05-01",
    taxId: "000",
    phone: "+1 503 555 0100",
    address,
    attestation: true,
    ...change,
  };
}

describe("account setup rules", () => {
  it("sorts the investor types from the server", () => {
    expect(sortInvestorTypes([llc, individual, joint]).map((t) => t.type)).toEqual(["Individual", "Joint TIC", "LLC"]);
  });

  it("checks addresses with the spec's messages and the US state list", () => {
    expect(addressErrors({ ...emptyAddress(), countryId: null })).toEqual({
      lineOne: "Street address is required.",
      city: "City is required.",
      province: "State/Province is required.",
      postalCode: "Postal code is required, enter N/A if not applicable.",
      countryId: "Country is required",
    });
    expect(addressErrors({ ...address, province: "Ontario" }, ["OR", "WA"])).toEqual({
      province: "State/Province is required.",
    });
    expect(addressErrors({ ...address, province: "Ontario", countryId: 124 }, ["OR"])).toEqual({});
  });

  it("needs the attestation, a valid phone, and no future dates; formation date only for non-individual, non-joint types", () => {
    expect(setupErrors(draft(), individual, TODAY)).toEqual({});
    expect(setupErrors(draft({ attestation: false }), individual, TODAY)).toEqual({
      attestation: "Please accept the attestation to proceed.",
    });
    expect(setupErrors(draft({ phone: "+0 12" }), individual, TODAY).phone).toBeDefined();
    // a phone is optional, as on the server
    expect(setupErrors(draft({ phone: "" }), individual, TODAY)).toEqual({});
    expect(setupErrors(draft({ dateOfBirth: "2026-11-23" }), individual, TODAY)).toEqual({
      dateOfBirth: "Date of birth must not be in the future.",
    });
    expect(setupErrors(draft({ type: "LLC", accountName: "Shah LLC" }), llc, TODAY)).toEqual({
      formationDate: "Formation date is required.",
    });
    expect(setupErrors(draft({ accountName: "Shah LLC", formationDate: "2030-01-01" }), llc, TODAY)).toEqual({
      formationDate: "Formation date must not be in the future.",
    });
    expect(setupErrors(draft({ accountName: "Shah Joint" }), joint, TODAY)).toEqual({});
    const party = { ...emptyParty("p1"), allowLogin: true };
    expect(
      setupErrors(draft({ accountName: "Shah LLC", formationDate: "2020-01-01", parties: [party] }), llc, TODAY),
    ).toEqual({
      "parties.0.role": "Role is required.",
      "parties.0.firstName": "First name is required.",
      "parties.0.lastName": "Last name is required.",
      "parties.0.email": "Email is required.",
    });
  });

  it("builds the payload: the person for individual types, today for joint types, addresses de-duplicated with a mailing copy", () => {
    const person = setupPayload(draft({ accountName: "ignored", parties: [emptyParty("x")] }), individual, TODAY);
    expect(person.accountName).toBe("Priya Shah");
    expect(person.formationDate).toBe("1990-05-01T00:00:00Z");
    expect(person.parties).toHaveLength(1);
    expect(person.addresses.map((a) => [a.type, a.postalCode])).toEqual([
      ["primary", "97201"],
      ["mailing", "97201"],
    ]);
    const together = setupPayload(draft({ accountName: "Shah Joint", formationDate: "2001-01-01" }), joint, TODAY);
    expect(together.formationDate).toBe("2026-11-22T00:00:00Z");
    expect(together.parties).toEqual([]);
    expect(
      normalizeAddresses([
        { type: "primary", lineOne: "a", lineTwo: null, city: "c", province: "p", postalCode: "1", countryId: 1 },
        { type: "primary", lineOne: "b", lineTwo: null, city: "c", province: "p", postalCode: "1", countryId: 1 },
        { type: "mailing", lineOne: "m", lineTwo: null, city: "c", province: "p", postalCode: "1", countryId: 1 },
      ]).map((a) => a.lineOne),
    ).toEqual(["a", "m"]);
  });

  it("strips the setup codes and shows nothing for other errors", () => {
    expect(setupErrorText("1313 Street address is required.")).toBe("Street address is required.");
    expect(setupErrorText("1318 Party role is not valid.")).toBe("Party role is not valid.");
    expect(setupErrorText("1305 Something")).toBeNull();
    expect(setupErrorText("Operation not allowed")).toBeNull();
  });
});
