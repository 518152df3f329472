// Transfers between holders (features/transfers; docs/TRANSFERS.md): the issuer's transfer rules per security and the
// transfer agent it names, the holder's request and its cancellation, the issuer's (or managing broker's, or the
// transfer agent's) approval or rejection, and the retry of an approved tokenized transfer the chain refused. Each
// command declared once: name, effect on the device, description, sample (command.ts). The server re-checks every rule when a queued command arrives; an approval that
// arrives twice applies once.

import { command, sampleId as id } from "./command.ts";
import { amountText, named } from "./describe.ts";
import { idOf, idsOf, pendingIn, textOf } from "./lists.ts";

export const TRANSFERS_COMMANDS = [
  command({
    name: "setTransferRules",
    effect: pendingIn("security.transferRules", "edit", (input) => ({ id: textOf(input.securityId), row: input })),
    describe: () => "Set transfer rules",
    sample: {
      input: {
        securityId: id(5),
        lockupEndsOn: "2027-01-31",
        minimumHoldingDays: 365,
        firstRefusalDays: 30,
        transfereeQualificationRequired: true,
      },
    },
  }),
  command({
    name: "nameTransferAgent",
    // the rules card shows the agent it waits to name (agentId null: none) until the server answers
    effect: pendingIn("security.transferRules", "agent", (input) => ({ id: textOf(input.securityId), row: input })),
    describe: () => "Name the transfer agent",
    sample: { input: { securityId: id(5), agentId: id(6) } },
  }),
  command({
    name: "requestTransfer",
    effect: pendingIn("holding.transfers", "add", (input) => ({
      parentId: textOf(input.holdingId),
      id: textOf(input.id),
      ids: idsOf(input.documentKeys),
      row: input,
    })),
    describe: (input) => named("Request transfer of", amountText(input.units) && `${amountText(input.units)} units`),
    sample: {
      input: {
        id: id(90),
        holdingId: id(43),
        units: "1250.5",
        reason: "sale",
        pricePerUnit: "2.25",
        transfereeEmail: "new@x.test",
        documentKeys: [id(91)],
      },
    },
  }),
  command({
    name: "cancelTransfer",
    effect: pendingIn("holding.transfers", "cancel", idOf("transferId")),
    describe: () => "Cancel a transfer request",
    sample: { input: { transferId: id(90) } },
  }),
  command({
    name: "approveTransfer",
    effect: pendingIn("security.transfers", "approve", idOf("transferId")),
    describe: () => "Approve a transfer",
    sample: { input: { transferId: id(90) } },
  }),
  command({
    name: "rejectTransfer",
    effect: pendingIn("security.transfers", "reject", (input) => ({ id: textOf(input.transferId), row: input })),
    describe: () => "Reject a transfer",
    sample: { input: { transferId: id(90), reason: "The issuer buys these units." } },
  }),
  command({
    name: "retryTransferOnChain",
    // the request's chain status follows from the server (queued again, then the chain's answer)
    effect: null,
    describe: () => "Retry a transfer on the chain",
    sample: { input: { transferId: id(90) } },
  }),
] as const;
