// The app shell (top bar, account menu, footer), the public shell and the not-available page.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { AppShell, PublicShell } from "./AppShell.tsx";
export { LogoMark } from "./Logo.tsx";
export { NotAvailablePage } from "./NotAvailablePage.tsx";
