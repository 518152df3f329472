// The investor's onboarding: the distribution page, the step process and every step type's action.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { DistributionPage } from "./DistributionPage.tsx";
export { keepSigningForOffline } from "./SigningStepAction.tsx";
export { StepAction, StepPreviewContext } from "./StepAction.tsx";
export { StepHeader, StepProcess } from "./StepProcess.tsx";
export { useKeepSigningSteps } from "./use-keep-signing-steps.ts";
export { type StepCommand, useStepCommands } from "./use-step-commands.ts";
