// The onboarding steps: a step's completion with its answers (features/onboarding).
// Each command declared once: name, effect on the device, description, sample (command.ts).

import { command, sampleId as id } from "./command.ts";
import { isRecord, pendingIn } from "./lists.ts";

export const ONBOARDING_COMMANDS = [
  command({
    name: "completeStep",
    effect: pendingIn("onboarding.steps", "complete", (input) =>
      typeof input.stepId === "string" ? { id: input.stepId, row: isRecord(input.blob) ? input.blob : {} } : null,
    ),
    describe: () => "Complete an onboarding step",
    sample: { input: { blob: { name: "N" }, stepId: id(2) } },
  }),
  command({
    name: "completeChildStep",
    effect: pendingIn("onboarding.steps", "complete", (input) =>
      typeof input.stepId === "string" ? { id: input.stepId, row: isRecord(input.blob) ? input.blob : {} } : null,
    ),
    describe: () => "Complete an onboarding step",
    sample: { input: { blob: { answer: "yes" }, stepId: id(2), parentStepId: id(3) } },
  }),
  command({
    name: "completeParentStep",
    effect: pendingIn("onboarding.steps", "complete", (input) =>
      typeof input.stepId === "string" ? { id: input.stepId, row: isRecord(input.blob) ? input.blob : {} } : null,
    ),
    describe: () => "Complete an onboarding step",
    sample: { input: { blob: {}, stepId: id(2) } },
  }),
] as const;
