// /reports: report downloads and the OCF package export and import (docs/OCF.md).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { OcfImport } from "./OcfImport.tsx";
export { ReportsPage } from "./ReportsPage.tsx";
export { ADMIN_OCF_TEXT } from "./strings.ts";
