// Account settings: the account's details, its addresses and its default mail preference (features/settings).
// Each command declared once: name, effect on the device, description, sample (command.ts).
import { command, sampleId as id } from "./command.ts";
import { setAccountLogoEffect, setAccountLogoLinkEffect } from "./effects.ts";
import { childOf, patchOf, pendingIn } from "./lists.ts";

export const SETTINGS_COMMANDS = [
  command({
    name: "updateAccountById",
    effect: "convention",
    describe: () => "Edit account details",
    sample: { input: { id: id(45), patch: { url: "https://x.test", supportEmail: "s@x.test" } } },
  }),
  command({
    name: "updateAddressById",
    effect: pendingIn("account.addresses", "edit", patchOf),
    describe: () => "Edit an address",
    sample: { input: { id: id(46), patch: { lineOne: "1 Main St", city: "Town", postalCode: "12345" } } },
  }),
  command({
    name: "createVendorDefaultEmailPreference",
    effect: pendingIn("account.mailPreference", "add", childOf("vendorDefaultEmailPreference", "accountId")),
    describe: () => "Set the default mail preference",
    sample: {
      input: { vendorDefaultEmailPreference: { id: id(20), accountId: id(19), sendDistribution: false } },
    },
  }),
  command({
    name: "updateVendorDefaultEmailPreferenceById",
    effect: pendingIn("account.mailPreference", "edit", patchOf),
    describe: () => "Change the default mail preference",
    sample: { input: { id: id(20), patch: { sendDistribution: true } } },
  }),
  command({
    name: "setAccountLogo",
    effect: setAccountLogoEffect,
    describe: (input) => (input.fileKey ? "Change the account's logo" : "Remove the account's logo"),
    sample: { input: { accountId: id(19), fileKey: id(47), fileName: "logo.png" } },
  }),
  command({
    name: "setAccountLogoLink",
    effect: setAccountLogoLinkEffect,
    describe: (input) => (input.link ? "Change the logo's link" : "Remove the logo's link"),
    sample: { input: { accountId: id(19), link: "https://example.com" } },
  }),
] as const;
