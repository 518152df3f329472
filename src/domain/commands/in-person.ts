// In-person sessions (docs/IN-PERSON.md, issue 31 item 1): a broker or issuer hosts a distribution's investor on
// their own device. The session's start and end change nothing on the device (the in-person screen keeps the
// session itself); a step done in it waits as the investor's own completion would (onboarding.steps "complete").
// signStepOffline and submitAccreditation take the session too (signing.ts, accreditation.ts).
// Each command declared once: name, effect on the device, description, sample (command.ts).
import { command, sampleId as id, SAMPLE_WHEN } from "./command.ts";
import { isRecord, pendingIn } from "./lists.ts";

export const IN_PERSON_COMMANDS = [
  command({
    name: "startInPersonSession",
    effect: null,
    describe: () => "Start a session with the investor on this device",
    sample: { input: { id: id(95), distributionId: id(5), startedAtDevice: SAMPLE_WHEN, deviceLabel: "Tablet" } },
  }),
  command({
    name: "completeStepInPerson",
    effect: pendingIn("onboarding.steps", "complete", (input) =>
      typeof input.stepId === "string" ? { id: input.stepId, row: isRecord(input.blob) ? input.blob : {} } : null,
    ),
    describe: () => "Complete an onboarding step with the investor",
    sample: {
      input: { sessionId: id(95), stepId: id(2), blob: { name: "N" }, doneAtDevice: SAMPLE_WHEN },
    },
  }),
  command({
    name: "endInPersonSession",
    effect: null,
    describe: () => "End the session with the investor",
    sample: { input: { id: id(95), endedAtDevice: SAMPLE_WHEN } },
  }),
] as const;
