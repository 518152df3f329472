// The reports page's texts.

export const REPORTS_TEXT = {
  title: "Download Reports",
  capTable: "Cap Table",
  capTableDescription: "Issued holdings by investor, asset, round and security.",
  contacts: "Contacts",
  contactsDescription: "Your contacts with their account names and emails.",
  none: "No Reports Available",
  offline: "You are offline: reports are made on this device from its synced data.",
  download: "Download",
  purchasers: "Schedule of purchasers",
  purchasersDescription: "Each purchase held on the day: units, purchase price, capital and the day it was paid.",
  asOf: "As of",
  asOfHint: "The cap table and the schedule of purchasers as they stood at the end of this day (UTC).",
  asOfInvalid: "Enter the date as MM/DD/YYYY.",
};

/** The control report (issue 32 item 3, docs/REGISTER.md). */
export const CONTROL_TEXT = {
  title: "Control report",
  description:
    "For each security: authorized, issued and outstanding units, checked against the holdings, the cap table and the token balances on the chain.",
  offline: "The control report is made by the server: connect to see and download it.",
  security: "Security",
  authorized: "Authorized",
  issued: "Issued",
  outstanding: "Outstanding",
  holdings: "Holdings",
  onChain: "On chain",
  findings: "Findings",
  loading: "Checking the books…",
  failed: "The control report could not be made. Try again in a moment.",
  none: "You have no securities yet.",
};

/** The Open Cap Format package: export card and import (issue 20). */
export const OCF_TEXT = {
  title: "OCF package",
  description:
    "Your cap table as an Open Cap Format 1.2.0 package (zip): stakeholders, stock classes, financings, issuances, cancellations, transfers, buybacks and vesting terms.",
  offline: "The OCF package is made by the server: connect to download it.",
  summary: (issuances: number, stakeholders: number, classes: number) =>
    `${issuances.toLocaleString("en-US")} issuance${issuances === 1 ? "" : "s"}, ${stakeholders.toLocaleString("en-US")} stakeholder${stakeholders === 1 ? "" : "s"}, ${classes} stock class${classes === 1 ? "" : "es"}`,
  notExported: "Not in the package (OCF cannot express them):",
  importTitle: "Import OCF package",
  importDescription:
    "Bring a cap table in from another platform: upload an OCF 1.2.0 package (zip), check the preview, then import it in one step.",
  chooseFile: "OCF package (.zip)",
  choose: "Choose file",
  noFile: "No file chosen",
  preview: "Preview",
  previewing: "Reading the package…",
  confirm: "Import",
  cancel: "Cancel",
  previewTitle: "Preview",
  packageIssuer: "Package issuer",
  asOf: "As of",
  stakeholders: "Stakeholders",
  stakeholdersDetail: (matched: number, created: number) => `${matched} matched to your contacts, ${created} new`,
  issuances: "Issuances",
  units: "Units",
  cancellations: "Cancellations",
  transfers: "Transfers",
  repurchases: "Buybacks",
  splits: "Splits",
  conversions: "Conversions",
  vestingTerms: "Vesting terms",
  stockClasses: "Stock classes",
  financings: "Financings",
  className: "Class",
  authorized: "Authorized",
  financingName: "Financing",
  date: "Date",
  count: "Issuances",
  problems: "Problems",
  noProblems: "No problems: the package can be imported.",
  problemFile: "File",
  problemObject: "Object",
  problemText: "Problem",
  problemSeverity: "Kind",
  error: "Error",
  warning: "Not imported",
  blocked: (errors: number) =>
    `${errors.toLocaleString("en-US")} problem${errors === 1 ? "" : "s"} must be fixed in the package before it can be imported.`,
  moreProblems: (shown: number) => `Showing the first ${shown} problems.`,
  imported: (issuances: number, stakeholders: number, classes: number, splits = 0, conversions = 0) =>
    `Imported ${issuances.toLocaleString("en-US")} issuance${issuances === 1 ? "" : "s"} for ${stakeholders.toLocaleString("en-US")} stakeholder${stakeholders === 1 ? "" : "s"} in ${classes} stock class${classes === 1 ? "" : "es"}${importedActions(splits, conversions)}.`,
  failed: "The package could not be read.",
  confirmFailed:
    "The import's answer did not arrive (the network failed). Import again: a package is never imported twice.",
  keptOffline:
    "You are offline. The package is kept on this device: when you reconnect the server reads it and the preview shows here, then you import it.",
  kept: (name: string, size: string) => `Kept on this device: ${name} (${size}).`,
  discard: "Discard",
  discardLabel: (name: string) => `Discard ${name}`,
};

/** The corporate actions an import recorded, in words (nothing when it recorded none). */
function importedActions(splits: number, conversions: number): string {
  const parts = [
    splits > 0 ? `${splits.toLocaleString("en-US")} split${splits === 1 ? "" : "s"}` : "",
    conversions > 0 ? `${conversions.toLocaleString("en-US")} conversion${conversions === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return parts.length > 0 ? `, with ${parts.join(" and ")}` : "";
}

/** The admin home's card that creates an issuer from an OCF package (OcfImport with `newIssuer`). */
export const ADMIN_OCF_TEXT = {
  title: "Import an issuer (OCF package)",
  description:
    "Create a new issuer from another platform's cap table: upload an OCF 1.2.0 package (zip), name the owner, check the preview, then import it in one step. The owner is made owner of the new account (invited by email when they have no sign-in yet).",
  offline: "The import is made by the server: connect to import a package.",
  ownerEmail: "Owner email",
  ownerEmailHint: "The person who will own the new issuer account.",
  ownerEmailRequired: "Owner email is required.",
  accountName: "Account name (optional)",
  accountNameHint: "Leave empty to use the package's issuer name.",
  newIssuer: "New issuer",
  owner: "Owner",
  ownerExists: (email: string) => `${email} (has a sign-in: made owner at once)`,
  ownerInvited: (email: string) => `${email} (no sign-in yet: invited by email)`,
  stakeholdersDetail: (matched: number, created: number) => `${matched} matched to investor accounts, ${created} new`,
  nameTaken: (name: string) =>
    `An issuer named ${name} already exists. Importing creates a second issuer with the same name. To add this cap table to the existing issuer, its owner imports the package on its Reports page; otherwise give the new issuer another account name above.`,
  confirm: "Create issuer and import",
  created: (name: string, issuances: number) =>
    `Created the issuer ${name} with ${issuances.toLocaleString("en-US")} imported issuance${issuances === 1 ? "" : "s"}.`,
  ownerAdded: (email: string) => `${email} is its owner.`,
  ownerInvitedDone: (email: string) =>
    `${email} was invited by email; following the link in the mail makes them its owner.`,
};
