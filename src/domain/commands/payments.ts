// Payments and integrations: an investment's payment, the payment provider's rows and actions, an account's
// integrations (features/payments, features/integrations; docs/PAYMENTS.md).
// Each command declared once: name, effect on the device, description, sample (command.ts).

import { command, sampleId as id } from "./command.ts";
import { childOf, idOf, pendingIn } from "./lists.ts";

export const PAYMENTS_COMMANDS = [
  command({
    name: "createPaymentTrade",
    effect: pendingIn("distribution.paymentTrades", "add", childOf(null, "distributionId")),
    describe: () => "Start a payment for an investment",
    sample: { input: { distributionId: id(14), id: id(50) } },
  }),
  command({
    name: "confirmPaymentFunds",
    effect: pendingIn("payments.provider", "confirmFunds", idOf()),
    describe: () => "Confirm the funds of a payment",
    sample: { input: { id: id(50) } },
  }),
  command({
    name: "cancelPaymentTrade",
    effect: pendingIn("payments.provider", "cancel", idOf()),
    describe: () => "Cancel a payment",
    sample: { input: { id: id(50) } },
  }),
  command({
    name: "unwindPaymentTrade",
    effect: pendingIn("payments.provider", "unwind", idOf()),
    describe: () => "Refund a payment",
    sample: { input: { id: id(50) } },
  }),
  command({
    name: "mapPaymentInstrument",
    effect: pendingIn("payments.provider", "mapInstrument", idOf()),
    describe: () => "Link a round to its payment instrument",
    sample: { input: { id: id(52), roundId: id(5) } },
  }),
  command({
    name: "mapPaymentIssuer",
    effect: pendingIn("payments.provider", "mapIssuer", idOf()),
    describe: () => "Link the issuer to its payment account",
    sample: { input: { id: id(53), issuerId: id(54) } },
  }),
  command({
    name: "northCapitalSync",
    effect: pendingIn("payments.provider", "sync", idOf()),
    describe: () => "Sync with North Capital",
    sample: { input: { id: id(55) } },
  }),
  command({
    name: "createAccountIntegration",
    effect: pendingIn("account.integrations", "add", idOf("integrationId")),
    describe: () => "Connect an integration",
    sample: { input: { integrationId: id(51) } },
  }),
] as const;
