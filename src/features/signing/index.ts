// E-signature: the signing page and test page, and the API of the signing step (docs/SIGNING.md).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").

export { SigningPage } from "./SigningPage.tsx";
export { SigningTestPage } from "./SigningTestPage.tsx";
export type { SigningSession } from "./signing-api.ts";
export { sendSigningLink, signingSession, signingTemplateUrl, signStep } from "./signing-api.ts";
export { SIGNING_STEP_TEXT } from "./strings.ts";
