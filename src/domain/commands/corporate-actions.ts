// Corporate actions on a security (docs/CORPORATE-ACTIONS.md): a split or reverse split by a ratio, fractions paid as
// cash in lieu. Declared once: name, effect on the device, description, sample (command.ts). Queued offline like
// every write; the server checks who acts and every input again when it arrives, and the action's id makes a second
// arrival apply nothing.

import { command, sampleId as id } from "./command.ts";
import { pendingIn, textOf } from "./lists.ts";

export const CORPORATE_ACTIONS_COMMANDS = [
  command({
    name: "splitSecurity",
    effect: pendingIn("security.corporateActions", "split", (input) => ({
      parentId: textOf(input.securityId),
      id: textOf(input.id),
      row: input,
    })),
    describe: (input) =>
      input.ratioNew && input.ratioOld ? `Split ${String(input.ratioNew)} for ${String(input.ratioOld)}` : "Split",
    sample: { input: { id: id(95), securityId: id(5), ratioNew: 2, ratioOld: 1, pricePerUnit: "1.25" } },
  }),
] as const;
