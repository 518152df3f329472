// E-signature: signing templates, mapped templates, their roles, fields and question sets (features/signing;
// docs/SIGNING.md).
// Each command declared once: name, effect on the device, description, sample (command.ts).
import { command, sampleId as id } from "./command.ts";
import { edit, named } from "./describe.ts";

export const SIGNING_COMMANDS = [
  command({
    name: "addMappedSigningTemplateToQualifications",
    effect: null,
    describe: () => "Add a signing template to the qualifications",
    sample: { input: { id: id(70) } },
  }),
  command({
    name: "createMappedSigningTemplate",
    effect: null,
    describe: (input) => named("Create mapped template", input.name),
    sample: { input: { templateId: id(71), name: "Subscription agreement", id: id(70) } },
  }),
  command({
    name: "createMappedSigningTemplateQuestionSet",
    effect: null,
    describe: () => "Attach a question set to a mapped template",
    sample: {
      input: { mappedSigningTemplateQuestionSet: { mappedSigningTemplateId: id(70), onboardingQuestionSetId: id(72) } },
    },
  }),
  command({
    name: "createSigningTemplate",
    effect: null,
    describe: (input) => named("Add signing template", input.name),
    sample: { input: { fileKey: id(73), name: "Subscription", id: id(71) } },
  }),
  command({
    name: "deleteMappedSigningTemplateById",
    effect: null,
    describe: () => "Delete a mapped template",
    sample: { input: { id: id(70) } },
  }),
  command({
    name: "deleteMappedSigningTemplateQuestionSetById",
    effect: null,
    describe: () => "Remove a question set from a mapped template",
    sample: { input: { id: id(74) } },
  }),
  command({
    name: "docusignSyncTemplateList",
    effect: null,
    describe: () => "Sync the signing template list",
    sample: { input: { accountId: id(75) } },
  }),
  command({
    name: "updateMappedSigningTemplateById",
    effect: null,
    describe: edit("mapped template", "name"),
    sample: { input: { id: id(70), patch: { locked: true, qualificationStepType: "inline" } } },
  }),
  command({
    name: "updateSigningFieldById",
    effect: null,
    describe: () => "Map a signing field",
    sample: { input: { id: id(76), patch: { mapTo: "static", value: "Acme" } } },
  }),
  command({
    name: "updateSigningRoleById",
    effect: null,
    describe: () => "Map a signing role",
    sample: { input: { id: id(77), patch: { mapTo: "investor" } } },
  }),
] as const;
