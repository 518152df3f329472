// /asset-class/{id}/{view}: a round's page and its views.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { RoundPage } from "./RoundPage.tsx";
