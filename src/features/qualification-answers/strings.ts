// The texts of /settings/qualification-answers (spec part 2 "Settings": cards per vendor with Question and Answer
// tables, dates MM/dd/yyyy; the two texts are src/domain/questions.ts QUESTION_TEXTS.answersAutofilled / noAnswers).
export const QUALIFICATION_ANSWERS_TEXT = {
  question: "Question",
  answer: "Answer",
  date: "Date",
  answers: (vendor: string) => `Qualification answers for ${vendor}`,
} as const;
