// E-signature: signing templates, mapped templates, their roles, fields and question sets (features/signing;
// docs/SIGNING.md).
// Each command declared once: name, effect on the device, description, sample (command.ts).
import { command, sampleId as id } from "./command.ts";
import { edit, named } from "./describe.ts";
import { childOf, idOf, isRecord, patchOf, pendingIn } from "./lists.ts";

export const SIGNING_COMMANDS = [
  command({
    name: "addMappedSigningTemplateToQualifications",
    effect: pendingIn("signing.mappedTemplates", "qualify", idOf()),
    describe: () => "Add a signing template to the qualifications",
    sample: { input: { id: id(70) } },
  }),
  command({
    name: "createMappedSigningTemplate",
    effect: pendingIn("signing.mappedTemplates", "add", childOf(null, "templateId")),
    describe: (input) => named("Create mapped template", input.name),
    sample: { input: { templateId: id(71), name: "Subscription agreement", id: id(70) } },
  }),
  command({
    name: "createMappedSigningTemplateQuestionSet",
    effect: pendingIn(
      "mappedTemplate.questionSets",
      "add",
      childOf("mappedSigningTemplateQuestionSet", "mappedSigningTemplateId"),
    ),
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
    effect: pendingIn("signing.mappedTemplates", "remove", idOf()),
    describe: () => "Delete a mapped template",
    sample: { input: { id: id(70) } },
  }),
  command({
    name: "deleteMappedSigningTemplateQuestionSetById",
    effect: pendingIn("mappedTemplate.questionSets", "remove", idOf()),
    describe: () => "Remove a question set from a mapped template",
    sample: { input: { id: id(74) } },
  }),
  command({
    name: "docusignSyncTemplateList",
    effect: pendingIn("signing.account", "sync", idOf("accountId")),
    describe: () => "Sync the signing template list",
    sample: { input: { accountId: id(75) } },
  }),
  command({
    // Signing offline (docs/SIGNING.md "Signing offline"): the step waits on the device as signed, its fields as shown.
    name: "signStepOffline",
    effect: pendingIn("onboarding.steps", "complete", (input) =>
      typeof input.stepId === "string"
        ? { id: input.stepId, row: isRecord(input.fieldValues) ? { signed: input.fieldValues } : {} }
        : null,
    ),
    // with sessionId: signed by the investor in an in-person session on the host's device (docs/IN-PERSON.md)
    describe: (input) => (input.sessionId ? "Sign a document with the investor" : "Sign a document"),
    sample: {
      input: {
        stepId: id(2),
        fingerprint: "0".repeat(64),
        templateHash: "1".repeat(64),
        fieldValues: { "Investor.name": "Emma Lawson" },
        typedName: "Emma Lawson",
        consent: true,
        signedAtDevice: "2026-01-01T00:00:00.000Z",
      },
    },
  }),
  command({
    name: "updateMappedSigningTemplateById",
    effect: pendingIn("signing.mappedTemplates", "edit", patchOf),
    describe: edit("mapped template", "name"),
    sample: { input: { id: id(70), patch: { locked: true, qualificationStepType: "inline" } } },
  }),
  command({
    name: "updateSigningFieldById",
    effect: pendingIn("signing.fields", "edit", patchOf),
    describe: () => "Map a signing field",
    sample: { input: { id: id(76), patch: { mapTo: "static", value: "Acme" } } },
  }),
  command({
    name: "updateSigningRoleById",
    effect: pendingIn("signing.roles", "edit", patchOf),
    describe: () => "Map a signing role",
    sample: { input: { id: id(77), patch: { mapTo: "investor" } } },
  }),
] as const;
