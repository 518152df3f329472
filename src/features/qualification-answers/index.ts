// /settings/qualification-answers.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { QualificationAnswersPage } from "./QualificationAnswersPage.tsx";
