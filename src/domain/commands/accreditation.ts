// Accreditation verification (docs/ACCREDITATION.md): the investor's submission on an 'accreditation' step, a
// reviewer's decision, and how long an account's approvals hold (features/accreditation, features/onboarding).
// Each command declared once: name, effect on the device, description, sample (command.ts).
import { command, sampleId as id } from "./command.ts";
import { isRecord, pendingIn, textOf } from "./lists.ts";

const METHODS: Record<string, string> = {
  letter: "a letter",
  income: "income evidence",
  net_worth: "net worth evidence",
  self_certification: "a self-certification",
};

export const ACCREDITATION_COMMANDS = [
  command({
    name: "submitAccreditation",
    effect: pendingIn("accreditation.verifications", "submit", (input) =>
      typeof input.accreditationId === "string"
        ? { id: input.accreditationId, parentId: textOf(input.stepId), row: isRecord(input) ? input : {} }
        : null,
    ),
    describe: (input) =>
      `Submit accreditation (${METHODS[typeof input.method === "string" ? input.method : ""] ?? "verification"})${
        input.sessionId ? " with the investor" : ""
      }`,
    sample: {
      input: {
        accreditationId: id(90),
        stepId: id(2),
        method: "letter",
        evidenceKeys: [id(91)],
        evidenceNames: ["cpa-letter.pdf"],
      },
    },
  }),
  command({
    name: "reviewAccreditation",
    effect: pendingIn("accreditation.verifications", "review", (input) =>
      typeof input.accreditationId === "string"
        ? { id: input.accreditationId, patch: { approve: input.approve, reason: input.reason ?? null } }
        : null,
    ),
    describe: (input) => (input.approve ? "Approve an accreditation" : "Reject an accreditation"),
    sample: { input: { accreditationId: id(90), approve: false, reason: "The letter is not signed." } },
  }),
  command({
    name: "setAccreditationValidity",
    effect: pendingIn("account.accreditationValidity", "set", (input) =>
      typeof input.accountId === "string"
        ? { id: input.accountId, patch: { accreditationValidDays: input.validDays } }
        : null,
    ),
    describe: (input) =>
      typeof input.validDays === "number"
        ? `Accreditations stay valid ${input.validDays} days`
        : "Set how long accreditations stay valid",
    sample: { input: { accountId: id(19), validDays: 180 } },
  }),
] as const;
