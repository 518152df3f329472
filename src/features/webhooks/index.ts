// Webhooks: the account's endpoints, the secret shown once, the delivery log (issue 35 item 1).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { WebhooksSection } from "./WebhooksSection.tsx";
