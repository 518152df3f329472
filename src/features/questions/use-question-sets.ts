// The question-set screens' data: the account's sets and questions from the replicas (kinds of `records`) with the
// outbox laid over them, and the queued joins of a set (a join travels inside its set's document, so the screen
// overlays queued creates and deletes itself).
import { useModel, useOutbox } from "../../data/hooks.tsx";
import type {
  OnboardingQuestionDoc,
  OnboardingQuestionSetDoc,
  QuestionSetEntry,
} from "../../data/models/onboarding-questions.ts";
import type { PendingMark } from "../../data/pending.ts";

type Mark = { status: "pending" | "accepted" | "rejected"; errorCode?: string | null; errorMessage?: string | null };

export interface SetRow {
  id: string;
  name: string;
  active: boolean;
  locked: boolean;
  questions: QuestionSetEntry[];
  _pending?: PendingMark;
}

export interface QuestionRow {
  id: string;
  name: string;
  description: string;
  errorMessage: string;
  typeId: string;
  typeName: string;
  options: string[];
  locked: boolean;
  _pending?: PendingMark;
}

function toSet(doc: OnboardingQuestionSetDoc & { _pending?: PendingMark }): SetRow {
  return {
    id: doc.id,
    name: doc.name ?? "",
    active: doc.active ?? true,
    locked: doc.locked ?? false,
    questions: (doc.questions ?? []) as unknown as QuestionSetEntry[],
    _pending: doc._pending,
  };
}

function toQuestion(doc: OnboardingQuestionDoc & { _pending?: PendingMark }): QuestionRow {
  return {
    id: doc.id,
    name: doc.name ?? "",
    description: doc.description ?? "",
    errorMessage: doc.errorMessage ?? "",
    typeId: doc.typeId ?? "",
    typeName: doc.typeName ?? "",
    options: [...(doc.options ?? [])],
    locked: doc.locked ?? false,
    _pending: doc._pending,
  };
}

export interface SetEntry extends QuestionSetEntry {
  mark?: Mark;
  removing?: boolean;
}

interface JoinInput {
  id?: string;
  questionSetId?: string;
  questionId?: string;
  executeOrder?: number;
}

/** The device's database is the account's own: every set and question on it is this account's (a queued create
 * carries no accountId, so a selector on it would hide it until the server's copy arrives). */
export function useQuestionSets() {
  const sets = useModel("onboarding_question_sets");
  const questions = useModel("onboarding_questions");
  const { rows: outbox } = useOutbox();

  const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));

  /** A set's questions in execute order, with queued additions (marked) and queued removals (marked removing). */
  const entriesOf = (set: SetRow | undefined, all: QuestionRow[]): SetEntry[] => {
    if (!set) return [];
    const entries: SetEntry[] = set.questions.map((entry) => ({ ...entry }));
    for (const command of outbox) {
      if (command.status === "accepted" && command.mutation === "deleteOnboardingQuestionJoinById") continue;
      const input = (command.variables as { input?: Record<string, unknown> }).input ?? {};
      const mark: Mark = {
        status: command.status as Mark["status"],
        errorCode: command.errorCode,
        errorMessage: command.errorMessage,
      };
      if (command.mutation === "createOnboardingQuestionJoin") {
        const join = (input.onboardingQuestionJoin ?? {}) as JoinInput;
        if (join.questionSetId !== set.id || entries.some((e) => e.joinId === join.id)) continue;
        const question = all.find((q) => q.id === join.questionId);
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
  };

  return {
    loading: sets.loading || questions.loading,
    sets: byName(sets.rows.map(toSet)),
    questions: byName(questions.rows.map(toQuestion)),
    entriesOf,
  };
}
