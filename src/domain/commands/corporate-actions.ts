// Corporate actions on a security (docs/CORPORATE-ACTIONS.md): a split or reverse split by a ratio, fractions paid as
// cash in lieu; a redemption (buyback) from chosen holdings at a price; a debt round's conversion into equity. Declared once: name, effect on the device, description, sample (command.ts). Queued offline like
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
  command({
    name: "redeemUnits",
    effect: pendingIn("security.corporateActions", "redeem", (input) => ({
      parentId: textOf(input.securityId),
      id: textOf(input.id),
      row: input,
    })),
    describe: (input) => {
      const lines = Array.isArray(input.lines) ? input.lines.length : 0;
      return lines ? `Redeem units from ${lines} holding${lines === 1 ? "" : "s"}` : "Redeem units";
    },
    sample: {
      input: { id: id(96), securityId: id(5), pricePerUnit: "2.5", lines: [{ holdingId: id(7), units: "100" }] },
    },
  }),
  command({
    name: "convertRound",
    effect: pendingIn("round.corporateActions", "convert", (input) => ({
      parentId: textOf(input.roundId),
      id: textOf(input.id),
      row: input,
    })),
    describe: () => "Convert a note into equity",
    sample: { input: { id: id(97), roundId: id(8), toRoundId: id(9), conversionPrice: "0.8" } },
  }),
  command({
    name: "retryCorporateActionOnChain",
    // the action's chain state follows from the server (queued again, then the chain's answer)
    effect: null,
    describe: () => "Retry a corporate action on the chain",
    sample: { input: { actionId: id(98) } },
  }),
] as const;
