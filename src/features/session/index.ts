// The session screens: /login, /account-role (selection and terms), /account/claim.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { AccountRolePage } from "./AccountRolePage.tsx";
export { ClaimPage } from "./ClaimPage.tsx";
export { LoginPage } from "./LoginPage.tsx";
