// The allocation screens' own texts (the spec's messages stay in domain/messages.ts).

/** A distribution's status as its dropdowns offer it (spec: open shows as Onboarding, closed as Pending). */
export const DISTRIBUTION_STATUS_OPTIONS = [
  { value: "drafted", label: "Invited" },
  { value: "open", label: "Onboarding" },
  { value: "closed", label: "Pending" },
];

/** The distribution tab's labels, titles, buttons and its own (non-spec) messages. */
export const DISTRIBUTION_TEXT = {
  selectDistribution: "Select a distribution in the list to see it here.",
  untitled: "Distribution",
  units: "UNITS",
  purchasePrice: "PURCHASE PRICE",
  paidIn: "PAID IN",
  invited: "invited",
  invitedOnThisDevice: "on this device",
  status: "Status",
  lockedStatus: (name: string) => `Cannot update status on locked distribution: ${name}`,
  /** Removing the investor (the confirmation is the spec's, MESSAGES.confirmDeleteFromDistribution). */
  deleteInvestorLabel: (name: string) => `Delete ${name} from this distribution`,
  deleteInvestorTitle: "Delete from distribution",
  /** Why the removal is not offered: the server's refusals (sync/database/distributions/30_delete.sql). */
  cannotDeleteIssued: (name: string) => `Cannot delete ${name} from this distribution: units have already been issued.`,
  cannotDeletePaid: (name: string) => `Cannot delete ${name} from this distribution: a payment has been made.`,
  prices: "Prices",
  currency: "Currency",
  pricePerUnit: "Price per unit",
  pricePerUnitUsd: "Price per unit (USD)",
  priceRequired: "Price per unit is required.",
  priceCurrencyTaken: "Multiple prices of the same currency is not supported.",
  addPrice: "Add Price",
  payments: "Payments",
  paidOnColumn: "Paid on",
  paidOn: "Paid On",
  amount: "Amount",
  actions: "Actions",
  paymentAmount: "Payment Amount",
  addPayment: "Add Payment",
  paymentRecorded: "Payment recorded",
  paymentSaved: "Payment saved",
  customFields: "Custom Fields",
  fieldName: "Field name",
  value: "Value",
  addField: "Add Field",
  save: "Save",
  cancel: "Cancel",
  edit: "Edit",
  delete: "Delete",
};

/** The allocation page: its views, breadcrumb and the Allocation card. */
export const ALLOCATION_PAGE_TEXT = {
  allocation: "Allocation",
  invitation: "Invitation",
  investors: "Investors",
  distribution: "Distribution",
  bulkInvite: "Bulk Invite",
  bulkUpdate: "Bulk Update",
  bulkAnnotate: "Bulk Annotate",
  links: "Links",
  emails: "Emails",
  noAllocations: "No allocations found.",
  assets: "Assets",
  asset: "Asset",
  round: "Round",
  allocationViews: "Allocation views",
  /** Phones: the link from a view down to the distributions list. */
  jumpToDistributions: (count: number) => `Distributions (${count}) ↓`,
  allocationSaved: "Allocation saved",
  name: "Name",
  status: "Status",
  opensOn: "Opens On",
  closesOn: "Closes On",
  /** Under the Allocation card's fields. */
  ownerLine: (owner: string, closes: string) => `Owner: ${owner} · Round closes ${closes}`,
  /** Shown for a missing value. */
  none: "—",
  save: "Save",
};

/** The Distributions pane. */
/**
 * A distribution made for a transfer's transferee (the units come from another holder): marked in every list that
 * shows it; the round's and the allocation's totals leave it out.
 */
export const BY_TRANSFER_TEXT = {
  mark: "By transfer",
  noPayment: "No payment owed",
};

export const DISTRIBUTIONS_PANE_TEXT = {
  title: "Distributions",
  distributions: "DISTRIBUTIONS",
  units: "UNITS",
  none: "No distributions yet.",
  selectAll: "Select all",
  /** Followed by the distribution's qualification progress. */
  qualificationsPrefix: "Qualifications: ",
  investor: "Investor",
  unitsColumn: "Units",
  /** Phones: the units under the investor's name. */
  unitsInline: (units: string) => `${units} units`,
  status: "Status",
  /** Under a long list (the pane renders its rows in pages: a 10,000-row table is seconds of layout per change). */
  shown: (shown: number, total: number) =>
    `Showing ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
  showMore: (count: number) => `Show ${count.toLocaleString("en-US")} more`,
};

/** The allocation CSV import. */
export const CSV_IMPORT_TEXT = {
  importAllocation: "Import Allocation",
  queued: (count: number) => `${count} distributions queued.`,
  /** The import's progress while its chunks are sent (one command per 500 rows). */
  sending: (done: number, total: number) =>
    `Sending ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
  waiting: (count: number) => `${count.toLocaleString("en-US")} rows waiting for the connection`,
  refused: (count: number) => `${count.toLocaleString("en-US")} rows not imported: review the rejected changes.`,
  notImported: "The file was not imported",
  notImportedDescription: "Nothing was imported. Fix these rows and import the file again.",
  downloadExample: "Download the example file",
  close: "Close",
};

/** The bulk tabs: update, annotate, invite and add investors from contacts. */
export const BULK_TEXT = {
  bulkUpdate: "Bulk Update",
  status: "Status",
  selectStatus: "Please select a status.",
  updated: (count: number) => `Updated ${count} distribution${count === 1 ? "" : "s"}`,
  alreadyHadStatus: (count: number) => `${count} already had this status.`,
  updateStatus: "Update Status",
  bulkAnnotate: "Bulk Annotate",
  note: "Note",
  noteRequired: "Note is required",
  noteAdded: (count: number) => `Note added to ${count} distribution${count === 1 ? "" : "s"}`,
  addNote: "Add Note",
  bulkInvite: "Bulk Invite",
  lineProblem: (line: number, message: string | undefined) => `Line ${line}: ${message}`,
  addOneLine: "Add at least one line.",
  invitationsSaved: (count: number) => `${count} invitations saved`,
  inviteHint: "One investor per line: email; amount; contact name (optional).",
  investorsToInvite: "Investors to invite",
  invitePlaceholder: "ada@example.com; 1000; Ada Byron\nalan@example.com; 250",
  sendInvitations: "Send Invitations",
  amountRequired: "Amount is required.",
  amountPositive: "Amount must be greater than 0.",
  selectInvestor: "Select at least one investor.",
  investorsAdded: (count: number) => `${count} investors added`,
  fromContacts: "Add investors from contacts",
  noContacts: "No contacts found.",
  amountForEach: "Amount (units) for each",
  addInvestors: "Add Investors",
};

/** The invitation form, its tab and the form that corrects a refused invitation. */
export const INVITE_TEXT = {
  title: "Invite an investor",
  email: "Email",
  amount: "Amount (units)",
  contactName: "Contact Name (optional)",
  hint: "The investor receives an invitation to invest in this allocation.",
  sendInvitation: "Send Invitation",
  saved: "Invitation saved",
  correctTitle: "Correct invitation",
  sendAgain: "Send again",
  sentAgain: "Invitation sent again",
};

/** The Offering Links and Emails tabs. */
export const LINKS_EMAIL_TEXT = {
  offeringLinks: "Offering Links",
  name: "Name",
  nameRequired: "Name is required.",
  agentEmail: "Agent Email",
  agentEmailRequired: "Agent Email is required.",
  addLink: "Add Link",
  noLinks: "No offering links yet.",
  agent: "Agent",
  authorizedLink: "Authorized link",
  publicLink: "Public link",
  emails: "Emails",
  sendOnCreate: "Send an invitation email when a distribution is created",
  emailsHint: "Invitations go to the investor's email address with a link to the investment.",
};

/** The Notes card. */
export const NOTES_TEXT = {
  title: "Notes",
  none: "No Notes",
  noteRequired: "Note is required",
  addANote: "Add a note",
  addNote: "Add Note",
};

/** The vesting schedule cards. */
export const VESTING_TEXT = {
  cliffWhole: "Cliff must be a whole number.",
  periodsWhole: "Periods must be a whole number.",
  startRequired: "Start date is required.",
  defaultTitle: "Default Vesting Schedule",
  title: "Vesting Schedule",
  edit: "Edit",
  add: "Add",
  cliff: "Cliff",
  months: (count: number) => `${count} month${count === 1 ? "" : "s"}`,
  periods: "Periods",
  periodsValue: (periods: number, duration: string | number) => `${periods} × ${duration}`,
  starts: "Starts",
  automatic: "Automatic",
  yes: "Yes",
  no: "No",
  noDefault: "No Default Vesting Schedule",
  none: "No Vesting Schedule",
  cliffMonths: "Cliff (months)",
  periodsMonths: "Periods (months)",
  startsOn: "Starts On",
  cancel: "Cancel",
  save: "Save",
};

/** The Qualifications card. */
export const QUALIFICATIONS_TEXT = {
  title: "Qualifications",
  none: "No Qualifications",
  order: "Order",
  qualification: "Qualification",
  progress: "Progress",
  actions: "Actions",
  finished: "Finished",
  notFinished: "Not Finished",
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  removeLabel: (name: string) => `Remove ${name}`,
  remove: "Remove",
  addQualificationLabel: "Add qualification",
  choose: "Choose a qualification",
  noneToAdd: "No qualifications to add",
  addQualification: "Add Qualification",
};
