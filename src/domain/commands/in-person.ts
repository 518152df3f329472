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
    name: "setupAccountInPerson",
    // by the session: the focused screen shows the details as done (or refused, with the reason) meanwhile. The
    // details themselves stay in the outbox only, never in a list a screen shows.
    effect: pendingIn("inPerson.accountSetup", "setup", (input) =>
      typeof input.sessionId === "string" ? { id: input.sessionId } : null,
    ),
    describe: () => "Complete the account details with the investor",
    sample: {
      input: {
        sessionId: id(95),
        doneAtDevice: SAMPLE_WHEN,
        accountName: "Ann Lee",
        attestation: true,
        taxId: "123-45-6789",
        type: "Individual",
        formationDate: "1980-05-01T00:00:00.000Z",
        addresses: [
          {
            type: "primary",
            lineOne: "1 Main St",
            city: "Austin",
            province: "TX",
            postalCode: "78701",
            countryId: 840,
          },
        ],
        parties: [{ firstName: "Ann", lastName: "Lee", dateOfBirth: "1980-05-01T00:00:00.000Z", taxId: "123-45-6789" }],
        phone: null,
      },
    },
  }),
  command({
    name: "endInPersonSession",
    effect: null,
    describe: () => "End the session with the investor",
    sample: { input: { id: id(95), endedAtDevice: SAMPLE_WHEN } },
  }),
] as const;
