// In-person sessions (issue 31 item 1; docs/CLIENT.md "In-person sessions"): the distribution's card with "Complete
// with the investor", the focused screen and its frame, and the session kept on the device.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { FocusedFrame } from "./FocusedFrame.tsx";
export { InPersonCard } from "./InPersonCard.tsx";
export { InPersonScreen } from "./InPersonScreen.tsx";
export { openSessionFor } from "./session-store.ts";
