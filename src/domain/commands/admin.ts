// The admin console: reference types, form definitions and qualifications, document sharing options
// (features/admin, features/allocations).
// Each command declared once: name, effect on the device, description, sample (command.ts).

import { spaceUnderscores } from "../format.ts";
import { command, sampleId as id } from "./command.ts";
import { edit, named, part, text } from "./describe.ts";

export const ADMIN_COMMANDS = [
  command({
    name: "createAssetType",
    effect: null,
    describe: (input) => named("Add asset type", part(input, "assetType").name),
    sample: { input: { assetType: { type: "real_estate", name: "Real estate", accountingType: "equity" } } },
  }),
  command({
    name: "createInvestorAccountType",
    effect: null,
    describe: (input) => named("Add investor account type", part(input, "investorAccountType").type),
    sample: {
      input: { investorAccountType: { type: "Family Office", isIndividual: false, isJoint: false } },
    },
  }),
  command({
    name: "deleteReferenceType",
    effect: null,
    describe: (input) => named("Delete type", spaceUnderscores(text(input.key))),
    sample: { input: { kind: "asset_type", key: "real_estate" } },
  }),
  command({
    name: "makeFormDefinition",
    effect: null,
    describe: (input) => named("Save form", input.name, input.key),
    sample: {
      input: {
        key: "kyc",
        name: "KYC",
        stepType: "form",
        renderAttributes: { title: "KYC" },
        schema: { title: "KYC", fields: [{ key: "name", displayKey: "Name", type: "text", order: 1 }] },
      },
    },
  }),
  command({
    name: "updateAssetTypeByType",
    effect: null,
    describe: edit("asset type", "name"),
    sample: { input: { type: "equity", patch: { name: "Equity" } } },
  }),
  command({
    name: "updateDocumentSharingAllowedShareById",
    effect: null,
    describe: edit("sharing option", "name"),
    sample: { input: { id: id(56), patch: { name: "Investors" } } },
  }),
  command({
    name: "editDocumentSharingOption",
    effect: null,
    describe: (input) => named("Edit sharing option", input.name),
    sample: {
      input: { id: id(58), type: "holding", fromAccountType: "agent", toRole: "ats", name: "Trading systems" },
    },
  }),
  command({
    name: "makeDocumentSharingOption",
    effect: null,
    describe: (input) => named("Add sharing option", input.name),
    sample: {
      input: { id: id(58), type: "holding", fromAccountType: "agent", toRole: "broker", name: "Brokers" },
    },
  }),
  command({
    name: "makeFormQualification",
    effect: null,
    describe: (input) => named("Add form qualification", input.name, input.formKey),
    sample: { input: { id: id(59), formKey: "investor-details", formVersion: 1, name: "KYC" } },
  }),
  command({
    name: "setAssetTypeAccountingType",
    effect: null,
    describe: (input) => named("Set accounting type of", spaceUnderscores(text(input.type)), input.accountingType),
    sample: { input: { type: "real_estate", accountingType: "fund" } },
  }),
] as const;
