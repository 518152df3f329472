// The developer pages /test/graphql and /test/ws.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { GraphqlTestPage } from "./GraphqlTestPage.tsx";
export { WsTestPage } from "./WsTestPage.tsx";
