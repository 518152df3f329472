// Distributions: an investor's distribution (the invitation), its notes, custom fields, payments, price and
// qualifications (features/allocations, features/distributions).
// Each command declared once: name, effect on the device, description, sample (command.ts).

import { command, sampleId as id } from "./command.ts";
import { amountText, count, edit, named, part, text, units } from "./describe.ts";
import { makeDistributionEffect } from "./effects.ts";
import { childOf, idOf, idsOf, patchOf, pendingIn, textOf } from "./lists.ts";

export const DISTRIBUTIONS_COMMANDS = [
  command({
    name: "createDistributionAnnotation",
    effect: pendingIn("distribution.notes", "add", childOf("distributionAnnotation", "distributionId")),
    describe: () => "Add a note to a distribution",
    sample: {
      input: { distributionAnnotation: { id: id(13), distributionId: id(14), annotation: "A note" } },
    },
  }),
  command({
    name: "createDistributionCustomField",
    effect: pendingIn("distribution.customFields", "add", childOf("distributionCustomField", "distributionId")),
    describe: (input) => named("Add field", part(input, "distributionCustomField").name),
    sample: {
      input: { distributionCustomField: { id: id(15), distributionId: id(14), name: "Ref", value: "42" } },
    },
  }),
  command({
    name: "createDistributionPayment",
    effect: pendingIn("distribution.payments", "add", childOf("distributionPayment", "distributionId")),
    describe: (input) => {
      const amount = amountText(part(input, "distributionPayment").amount);
      return amount ? `Record a payment of ${amount}` : "Record a payment";
    },
    sample: {
      input: {
        distributionPayment: {
          id: id(16),
          distributionId: id(14),
          amount: "100",
          paidOn: "2026-01-01",
          status: "paid",
        },
      },
    },
  }),
  command({
    name: "createDistributionPrice",
    effect: null,
    describe: (input) => named("Set the price to", amountText(part(input, "distributionPrice").price)),
    sample: { input: { distributionPrice: { id: id(17), distributionId: id(14), price: "1.5" } } },
  }),
  command({
    // Removes the investor from the allocation: the distribution leaves the device's lists while queued (its read
    // model row marked deleted); the server refuses once anything was issued or paid.
    name: "deleteDistributionById",
    effect: "convention",
    describe: () => "Remove an investor from a distribution",
    sample: { input: { id: id(14) } },
  }),
  command({
    name: "deleteDistributionCustomFieldById",
    effect: pendingIn("distribution.customFields", "remove", idOf()),
    describe: () => "Remove a field from a distribution",
    sample: { input: { id: id(15) } },
  }),
  command({
    name: "deleteDistributionPaymentById",
    effect: pendingIn("distribution.payments", "remove", idOf()),
    describe: () => "Remove a payment",
    sample: { input: { id: id(16) } },
  }),
  command({
    name: "deleteDistributionQualificationById",
    effect: pendingIn("distribution.qualifications", "remove", idOf()),
    describe: () => "Remove a qualification from a distribution",
    sample: { input: { id: id(22) } },
  }),
  command({
    name: "makeDistribution",
    effect: makeDistributionEffect,
    describe: (input) => {
      const who = text(input.name) ?? text(input.accountEmail);
      const amount = units(input.amount);
      return [who ? `Invite ${who}` : "Invite an investor", amount && `for ${amount}`].filter(Boolean).join(" ");
    },
    sample: {
      input: { id: id(14), allocationId: id(4), accountEmail: "i@x.test", amount: "500", name: null },
    },
  }),
  command({
    name: "makeDistributionQualifications",
    effect: pendingIn("distribution.qualifications", "add", (input) => {
      const ids = idsOf(input.ids);
      const rows = idsOf(input.vendorQualificationIds).flatMap((vendorQualificationId, i) =>
        ids[i] ? [{ id: ids[i], vendorQualificationId, order: i }] : [],
      );
      return { parentId: textOf(input.distributionId), rows };
    }),
    describe: (input) => `Add ${count(input.vendorQualificationIds, "qualification")}`,
    sample: { input: { distributionId: id(14), vendorQualificationIds: [id(9)], ids: [id(22)] } },
  }),
  command({
    name: "updateDistributionById",
    effect: "convention",
    describe: edit("distribution", "name"),
    sample: { input: { id: id(14), patch: { status: "approved" } } },
  }),
  command({
    name: "updateDistributionCustomFieldById",
    effect: pendingIn("distribution.customFields", "edit", patchOf),
    describe: edit("field", "name"),
    sample: { input: { id: id(15), patch: { value: "43" } } },
  }),
  command({
    name: "updateDistributionPaymentById",
    effect: pendingIn("distribution.payments", "edit", patchOf),
    describe: (input) => {
      const amount = amountText(part(input, "patch").amount);
      return amount ? `Change a payment to ${amount}` : "Change a payment";
    },
    sample: { input: { id: id(16), patch: { amount: "120", paidOn: "2026-01-02" } } },
  }),
  command({
    name: "updateDistributionQualificationOrder",
    effect: pendingIn("distribution.qualifications", "edit", (input) =>
      typeof input.id === "string" ? { id: input.id, patch: { executeOrder: input.executeOrder } } : null,
    ),
    describe: () => "Reorder a distribution's qualifications",
    sample: { input: { id: id(22), executeOrder: 2 } },
  }),
] as const;
