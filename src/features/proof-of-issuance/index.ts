// The Proof of Issuance PDF and its investor picker.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { ProofOfIssuanceButton } from "./ProofOfIssuance.tsx";
