// The service worker's registration and the update prompt.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").

export { UpdatePrompt } from "./UpdatePrompt.tsx";
export { registerServiceWorker } from "./update.ts";
