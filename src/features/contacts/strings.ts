// The contacts screens' own texts: list, dialog, CSV import (the spec's messages stay in domain/messages.ts).

export const CONTACTS_TEXT = {
  dialogIntro: "The contact is linked to the investor account with this email (created when there is none).",
  contactName: "Contact Name",
  email: "Email",
  contacts: "Contacts",
  accountName: "Account Name",
  actions: "Actions",
  newInvestor: "New investor",
  importContacts: "Import contacts",
  importIntro:
    "A CSV file with a header row and the columns Contact Name and Email. Nothing is imported unless every row is valid.",
  duplicateContact: "A contact with this email already exists.",
  correctContact: "Correct contact",
  addContact: "Add contact",
  sendAgain: "Send again",
  cancel: "Cancel",
  save: "Save",
  importCsv: "Import CSV",
  introEditor: "Investors you work with. Changes made offline are kept and sent when you reconnect.",
  introViewer: "Investors this account works with. Your role or account type can view contacts but not change them.",
  fix: "Fix",
  discard: "Discard",
  edit: "Edit",
  editLabel: (contact: string) => `Edit ${contact}`,
  csvFile: "CSV file",
  downloadExample: "Download example file",
  /** Followed by the offline message. */
  exampleFilePrefix: "Example file: ",
  cannotImport: (fileName: string) => `${fileName} cannot be imported:`,
  readyToImport: (count: number, fileName: string) =>
    `${count} ${count === 1 ? "contact" : "contacts"} ready to import from ${fileName}.`,
  import: "Import",
  dismiss: "Dismiss",
  importRefused: (count: number) => `Import of ${count} contacts was refused`,
  importWaiting: (count: number) => `Import of ${count} contacts is waiting to sync`,
};
