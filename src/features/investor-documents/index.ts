// /investor-documents: the documents shared with an investor.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { InvestorDocumentsPage } from "./InvestorDocumentsPage.tsx";
