// Question sets and their questions (features/questions; docs/QUESTIONS.md).
// Each command declared once: name, effect on the device, description, sample (command.ts).
import { command, sampleId as id } from "./command.ts";
import { named, part } from "./describe.ts";
import { childOf, idOf, pendingIn } from "./lists.ts";

export const QUESTIONS_COMMANDS = [
  command({
    name: "createOnboardingQuestion",
    effect: "convention",
    describe: (input) => named("Add question", part(input, "onboardingQuestion").name),
    sample: {
      input: {
        onboardingQuestion: {
          id: id(60),
          name: "Accredited",
          description: "Are you accredited?",
          errorMessage: "Answer Yes or No.",
          typeId: id(61),
          options: [],
        },
      },
    },
  }),
  command({
    name: "createOnboardingQuestionJoin",
    effect: pendingIn("questionSet.questions", "add", childOf("onboardingQuestionJoin", "questionSetId")),
    describe: () => "Add a question to a question set",
    sample: {
      input: { onboardingQuestionJoin: { id: id(62), questionSetId: id(63), questionId: id(60), executeOrder: 1 } },
    },
  }),
  command({
    name: "createOnboardingQuestionSet",
    effect: "convention",
    describe: (input) => named("Create question set", part(input, "onboardingQuestionSet").name),
    sample: { input: { onboardingQuestionSet: { id: id(63), name: "Investor questions" } } },
  }),
  command({
    name: "deleteOnboardingQuestionJoinById",
    effect: pendingIn("questionSet.questions", "remove", idOf()),
    describe: () => "Remove a question from a question set",
    sample: { input: { id: id(62) } },
  }),
  command({
    name: "updateOnboardingQuestionById",
    effect: "convention",
    describe: (input) => named("Edit question", part(input, "patch").name),
    sample: { input: { id: id(60), patch: { description: "Accredited investor?" } } },
  }),
  command({
    name: "updateOnboardingQuestionSetById",
    effect: "convention",
    describe: (input) => named("Edit question set", part(input, "patch").name),
    sample: { input: { id: id(63), patch: { locked: true, active: true } } },
  }),
] as const;
