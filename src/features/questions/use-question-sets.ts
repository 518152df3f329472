// The question-set screens' data: the account's sets and questions from the replicas (kinds of `records`) with the
// outbox laid over them, and the queued joins of a set (a join travels inside its set's document, so the screen
// overlays the pending list of a set's questions itself: set-entries.ts).
import { useModel } from "../../data/hooks.tsx";
import type {
  OnboardingQuestionDoc,
  OnboardingQuestionSetDoc,
  QuestionSetEntry,
} from "../../data/models/onboarding-questions.ts";
import type { PendingMark } from "../../data/pending.ts";
import { usePending } from "../../data/pending-hooks.ts";
import { setEntries } from "./set-entries.ts";

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

/** The device's database is the account's own: every set and question on it is this account's (a queued create
 * carries no accountId, so a selector on it would hide it until the server's copy arrives). */
export function useQuestionSets() {
  const sets = useModel("onboarding_question_sets");
  const questions = useModel("onboarding_questions");
  const joins = usePending("questionSet.questions");

  const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));

  return {
    loading: sets.loading || questions.loading,
    sets: byName(sets.rows.map(toSet)),
    questions: byName(questions.rows.map(toQuestion)),
    entriesOf: (set: SetRow | undefined, all: QuestionRow[]) => setEntries(set, all, joins),
  };
}
