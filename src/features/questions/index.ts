// /onboarding-questions: question sets and their questions (docs/QUESTIONS.md).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { QuestionSetsLink } from "./QuestionSetsLink.tsx";
export { QuestionSetsPage } from "./QuestionSetsPage.tsx";
