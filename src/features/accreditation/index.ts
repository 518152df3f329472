// Accreditation verification (issue 31 item 4; docs/ACCREDITATION.md "Screens"): the investor's step, the reviewer's
// screen, a distribution's verification link.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { AccreditationOutcome, AccreditationStepAction } from "./AccreditationStepAction.tsx";
export { DistributionAccreditation } from "./DistributionAccreditation.tsx";
export { ReviewPage } from "./ReviewPage.tsx";
