// /contacts: the contacts list, the contact dialog and the contacts import.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { ContactDialog, DUPLICATE_CONTACT } from "./ContactDialog.tsx";
export { ContactFields } from "./ContactFields.tsx";
export { ContactsPage } from "./ContactsPage.tsx";
