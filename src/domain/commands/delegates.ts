// Delegates: invitations, their resend and revoke, roles, the transfer of ownership (features/delegates).
// Each command declared once: name, effect on the device, description, sample (command.ts).

import { command, sampleId as id } from "./command.ts";
import { named, text } from "./describe.ts";
import { idOf, pendingIn } from "./lists.ts";

export const DELEGATES_COMMANDS = [
  command({
    name: "makeDelegate",
    effect: null,
    describe: (input) =>
      named("Add delegate", [text(input.firstName), text(input.lastName)].filter(Boolean).join(" "), input.email),
    sample: { input: { email: "d@x.test", firstName: "Dee", lastName: "Lee", role: "account_viewer" } },
  }),
  command({
    name: "transferOwnership",
    effect: null,
    describe: (input) => named("Transfer ownership to", input.email),
    sample: { input: { email: "d@x.test" } },
  }),
  command({
    name: "updateUsersAccountById",
    effect: "convention",
    describe: () => "Edit a delegate",
    sample: { input: { id: id(56), patch: { role: "account_admin", status: "suspended" } } },
  }),
  command({
    name: "resendDelegateInvitation",
    effect: pendingIn("account.invitations", "resend", idOf()),
    describe: () => "Resend a delegate invitation",
    sample: { input: { id: id(57) } },
  }),
  command({
    name: "revokeDelegateInvitation",
    effect: pendingIn("account.invitations", "revoke", idOf()),
    describe: () => "Revoke a delegate invitation",
    sample: { input: { id: id(57) } },
  }),
] as const;
