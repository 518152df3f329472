// The admin console: home, types, form definitions, platform reports, the audit trail (docs/ADMIN.md).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { ActivityPage } from "./ActivityPage.tsx";
export { AdminHomePage } from "./AdminHomePage.tsx";
export { FormQualificationPicker } from "./FormQualificationPicker.tsx";
export { FormsPage } from "./FormsPage.tsx";
export { PlatformReportsPage } from "./PlatformReportsPage.tsx";
export { TypesPage } from "./TypesPage.tsx";
