// Allocations: an allocation, its notes, qualifications, mail preferences, vesting, offering links, broker
// allocations, its CSV import of investors and the transfer agent's issuance of its distributions (features/allocations).
// Each command declared once: name, effect on the device, description, sample (command.ts).

import { command, sampleId as id, SAMPLE_WHEN as when } from "./command.ts";
import { count, edit, named, part } from "./describe.ts";
import { childOf, idOf, idsOf, isRecord, patchOf, pendingIn, textOf } from "./lists.ts";

export const ALLOCATIONS_COMMANDS = [
  command({
    name: "bulkAllocation",
    effect: pendingIn("allocation.distributions", "import", (input) => ({
      parentId: textOf(input.allocationId),
      rows: Array.isArray(input.rows) ? input.rows.filter(isRecord) : [],
    })),
    describe: (input) => named("Import investors from", input.fileName),
    sample: {
      input: {
        allocationId: id(1),
        fileName: "a.csv",
        rows: [{ row: 2, id: id(2), email: "a@x.test", name: "A", amount: "10" }],
      },
    },
  }),
  command({
    name: "createAllocation",
    effect: "convention",
    describe: (input) => named("Add allocation", part(input, "allocation").name),
    sample: {
      input: {
        allocation: { id: id(4), roundId: id(5), name: "Direct", status: "drafted", opensOn: when, closesOn: when },
      },
    },
  }),
  command({
    name: "createAllocationAnnotation",
    effect: pendingIn("allocation.notes", "add", childOf("allocationAnnotation", "allocationId")),
    describe: () => "Add a note to an allocation",
    sample: {
      input: { allocationAnnotation: { id: id(6), allocationId: id(4), annotation: "A note" } },
    },
  }),
  command({
    name: "createAllocationEmailPreference",
    effect: null,
    describe: () => "Set an allocation's mail preference",
    sample: {
      input: { allocationEmailPreference: { id: id(7), allocationId: id(4), sendDistribution: true } },
    },
  }),
  command({
    name: "createAllocationQualification",
    effect: pendingIn("allocation.qualifications", "add", childOf("allocationQualification", "allocationId")),
    describe: () => "Add a qualification to an allocation",
    sample: {
      input: {
        allocationQualification: { id: id(8), allocationId: id(4), vendorQualificationId: id(9), executeOrder: 1 },
      },
    },
  }),
  command({
    name: "createBrokerAllocation",
    effect: "convention",
    describe: (input) => named("Add broker allocation", part(input, "brokerAllocation").name),
    sample: {
      input: { brokerAllocation: { id: id(11), roundId: id(5), brokerId: id(12), managedUnits: "100" } },
    },
  }),
  command({
    name: "createVestingSchedule",
    effect: null,
    describe: () => "Add a vesting schedule",
    sample: {
      input: { vestingSchedule: { id: id(21), allocationId: id(4), periods: 12, cliff: 3, duration: "monthly" } },
    },
  }),
  command({
    name: "deleteAllocationQualificationById",
    effect: pendingIn("allocation.qualifications", "remove", idOf()),
    describe: () => "Remove a qualification from an allocation",
    sample: { input: { id: id(8) } },
  }),
  command({
    name: "makeAllocationOfferingLink",
    effect: pendingIn("allocation.offeringLinks", "add", childOf(null, "allocationId")),
    describe: (input) => named("Create offering link", input.name, input.agentEmail),
    sample: { input: { id: id(24), allocationId: id(4), name: "Link", agentEmail: null } },
  }),
  command({
    name: "updateAllocationById",
    effect: "convention",
    describe: edit("allocation", "name"),
    sample: { input: { id: id(4), patch: { name: "Renamed", closesOn: when } } },
  }),
  command({
    name: "updateAllocationEmailPreferenceById",
    effect: null,
    describe: () => "Change an allocation's mail preference",
    sample: { input: { id: id(7), patch: { sendDistribution: false } } },
  }),
  command({
    name: "updateAllocationQualificationById",
    effect: pendingIn("allocation.qualifications", "edit", patchOf),
    describe: () => "Change an allocation's qualification",
    sample: { input: { id: id(8), patch: { executeOrder: 2 } } },
  }),
  command({
    name: "updateBrokerAllocationById",
    effect: "convention",
    describe: edit("broker allocation", "name"),
    sample: { input: { id: id(11), patch: { status: "accepted" } } },
  }),
  command({
    name: "updateVestingScheduleById",
    effect: null,
    describe: () => "Edit a vesting schedule",
    sample: { input: { id: id(21), patch: { periods: 24 } } },
  }),
  command({
    name: "makeTaRequestDistributionIssuances",
    effect: pendingIn("allocation.distributions", "issue", (input) => ({ ids: idsOf(input.distributionIds) })),
    describe: (input) => `Request issuance of ${count(input.distributionIds, "distribution")}`,
    sample: { input: { distributionIds: [id(14)] } },
  }),
] as const;
