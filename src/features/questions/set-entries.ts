// A question set's questions as the set panel shows them (pure, unit-tested in set-entries.test.ts): the set
// document's questions in execute order, with the outbox's joins laid over them. A join travels inside its set's
// document, so the catalogue's overlay cannot show it: a queued createOnboardingQuestionJoin adds a marked entry until
// the server's copy of the set has it, a queued deleteOnboardingQuestionJoinById marks its entry as being removed
// (a refused one keeps it, with the reason).

import type { QuestionSetEntry } from "../../data/models/onboarding-questions.ts";
import type { OutboxCommand } from "../../data/models/outbox.ts";

export type EntryMark = {
  status: "pending" | "accepted" | "rejected";
  errorCode?: string | null;
  errorMessage?: string | null;
};

export interface SetEntry extends QuestionSetEntry {
  mark?: EntryMark;
  removing?: boolean;
}

interface JoinInput {
  id?: string;
  questionSetId?: string;
  questionId?: string;
  executeOrder?: number;
}

type Command = Pick<OutboxCommand, "id" | "mutation" | "variables" | "status" | "errorCode" | "errorMessage">;
type Question = Pick<QuestionSetEntry, "name" | "description" | "errorMessage" | "typeId"> & { id: string };

export function setEntries(
  set: { id: string; questions: readonly QuestionSetEntry[] } | undefined,
  questions: readonly Question[],
  outbox: readonly Command[],
): SetEntry[] {
  if (!set) return [];
  const entries: SetEntry[] = set.questions.map((entry) => ({ ...entry }));
  for (const command of outbox) {
    const input = (command.variables as { input?: Record<string, unknown> } | null)?.input ?? {};
    const mark: EntryMark = {
      status: command.status as EntryMark["status"],
      errorCode: command.errorCode,
      errorMessage: command.errorMessage,
    };
    if (command.mutation === "createOnboardingQuestionJoin") {
      const join = (input.onboardingQuestionJoin ?? {}) as JoinInput;
      if (join.questionSetId !== set.id || entries.some((e) => e.joinId === join.id)) continue;
      const question = questions.find((q) => q.id === join.questionId);
      entries.push({
        joinId: join.id ?? command.id,
        executeOrder: join.executeOrder ?? 0,
        questionId: join.questionId ?? "",
        name: question?.name ?? "",
        description: question?.description ?? "",
        errorMessage: question?.errorMessage ?? "",
        typeId: question?.typeId ?? "",
        mark,
      });
    } else if (command.mutation === "deleteOnboardingQuestionJoinById") {
      const entry = entries.find((e) => e.joinId === input.id);
      if (entry) {
        entry.mark = mark;
        entry.removing = command.status !== "rejected";
      }
    }
  }
  return entries.sort((a, b) => a.executeOrder - b.executeOrder || a.name.localeCompare(b.name));
}
