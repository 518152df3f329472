// The account settings forms' checks and patches: a mistake is named by its field before anything is queued, and
// a save sends only what changed.
import { describe, expect, it } from "vitest";
import { addressLine, checkAddress, checkContactDetails, contactPatch, maskedTaxNumber } from "./settings-form.ts";
import { SETTINGS_TEXT } from "./strings.ts";

const contact = { email: "a@x.test", url: "", supportEmail: "", twitterHandle: "" };

describe("contact details", () => {
  it("names a missing or malformed email, URL and twitter handle", () => {
    expect(checkContactDetails(contact)).toEqual({});
    expect(checkContactDetails({ ...contact, email: " " })).toEqual({ email: SETTINGS_TEXT.emailRequired });
    expect(
      checkContactDetails({
        email: "a@x",
        url: "kim-trust",
        supportEmail: "help",
        twitterHandle: "way_too_long_handle_1",
      }),
    ).toEqual({
      email: SETTINGS_TEXT.emailInvalid,
      url: SETTINGS_TEXT.urlInvalid,
      supportEmail: SETTINGS_TEXT.emailInvalid,
      twitterHandle: SETTINGS_TEXT.twitterInvalid,
    });
    expect(checkContactDetails({ ...contact, url: "https://kim.example/about", twitterHandle: "@kim_trust" })).toEqual(
      {},
    );
  });

  it("patches only what changed; an emptied field becomes null; the handle loses its @", () => {
    const stored = { email: "a@x.test", url: "https://a.example", supportEmail: "s@x.test", twitterHandle: "kim" };
    expect(contactPatch(stored, { ...stored })).toEqual({});
    expect(contactPatch(stored, { ...stored, url: " ", twitterHandle: "@kim2", email: " a@x.test " })).toEqual({
      url: null,
      twitterHandle: "kim2",
    });
  });
});

describe("addresses", () => {
  const address = { lineOne: "902 Lakeview Drive", lineTwo: "", city: "Evanston", province: "IL", postalCode: "60201" };

  it("requires the first line and the city, and bounds every line", () => {
    expect(checkAddress(address)).toEqual({});
    expect(checkAddress({ ...address, lineOne: "", city: " " })).toEqual({
      lineOne: SETTINGS_TEXT.lineOneRequired,
      city: SETTINGS_TEXT.cityRequired,
    });
    expect(checkAddress({ ...address, lineTwo: "x".repeat(201) })).toEqual({ lineTwo: SETTINGS_TEXT.tooLong(200) });
  });

  it("reads as one line, and the tax number shows its last four only", () => {
    expect(addressLine(address)).toBe("902 Lakeview Drive, Evanston, IL 60201");
    expect(addressLine({ ...address, lineTwo: "Apt 3B", province: "" })).toBe(
      "902 Lakeview Drive, Apt 3B, Evanston, 60201",
    );
    expect(maskedTaxNumber("7310")).toBe("•••-••-7310");
    expect(maskedTaxNumber(null)).toBeNull();
  });
});
