// A question set's questions as the set panel shows them (pure, unit-tested in set-entries.test.ts): the set
// document's questions in execute order, with the pending list "questionSet.questions" laid over them. A join travels
// inside its set's document, so the catalogue's overlay cannot show it: a queued "add" (createOnboardingQuestionJoin)
// adds a marked entry until the server's copy of the set has it, a queued "remove" (deleteOnboardingQuestionJoinById)
// marks its entry as being removed (a refused one keeps it, with the reason).

import type { QuestionSetEntry } from "../../data/models/onboarding-questions.ts";
import type { PendingEntry } from "../../data/pending-hooks.ts";

export type EntryMark = {
  status: "pending" | "accepted" | "rejected";
  errorCode?: string | null;
  errorMessage?: string | null;
};

export interface SetEntry extends QuestionSetEntry {
  mark?: EntryMark;
  removing?: boolean;
}

type Entry = Pick<PendingEntry<"questionSet.questions">, "op" | "parentId" | "id" | "row" | "mark">;
type Question = Pick<QuestionSetEntry, "name" | "description" | "errorMessage" | "typeId"> & { id: string };

export function setEntries(
  set: { id: string; questions: readonly QuestionSetEntry[] } | undefined,
  questions: readonly Question[],
  pending: readonly Entry[],
): SetEntry[] {
  if (!set) return [];
  const entries: SetEntry[] = set.questions.map((entry) => ({ ...entry }));
  for (const change of pending) {
    const { status, errorCode, errorMessage } = change.mark;
    const mark: EntryMark = { status, errorCode, errorMessage };
    if (change.op === "add") {
      const join = (change.row ?? {}) as { questionId?: string; executeOrder?: number };
      if (change.parentId !== set.id || entries.some((e) => e.joinId === change.id)) continue;
      const question = questions.find((q) => q.id === join.questionId);
      entries.push({
        joinId: change.id ?? "",
        executeOrder: join.executeOrder ?? 0,
        questionId: join.questionId ?? "",
        name: question?.name ?? "",
        description: question?.description ?? "",
        errorMessage: question?.errorMessage ?? "",
        typeId: question?.typeId ?? "",
        mark,
      });
    } else if (change.op === "remove") {
      const entry = entries.find((e) => e.joinId === change.id);
      if (entry) {
        entry.mark = mark;
        entry.removing = status !== "rejected";
      }
    }
  }
  return entries.sort((a, b) => a.executeOrder - b.executeOrder || a.name.localeCompare(b.name));
}
