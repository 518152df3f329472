// The admin home's texts (/admin/). The import of a new issuer from an OCF package (issue 20); the rest of the
// admin console is issue 19's.

export const ADMIN_TEXT = {
  title: "Admin",
};

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
  confirm: "Create issuer and import",
  created: (name: string, issuances: number) =>
    `Created the issuer ${name} with ${issuances.toLocaleString("en-US")} imported issuance${issuances === 1 ? "" : "s"}.`,
  ownerAdded: (email: string) => `${email} is its owner.`,
  ownerInvitedDone: (email: string) =>
    `${email} was invited by email; following the link in the mail makes them its owner.`,
};
