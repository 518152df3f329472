// Every user-facing empty, placeholder, success and error text of the spec, in one catalogue
// (spec part 1 section 8, part 2 section 8). Screens import from here; no copy is written inline twice.

export const MESSAGES = {
  // generic
  defaultError: "Oops, something went wrong. Please try again.",
  defaultSuccess: "Success!",
  operationNotAllowed: "Operation not allowed",
  notAvailable: "This feature is not available",
  loading: "Loading…",
  offlineAction: "You are offline. This action needs a connection.",
  // empty states (part 1)
  noAssets: "No assets found.",
  noRounds: "No rounds found.",
  noneFoundDropdown: "None found",
  noneFound: "None Found.",
  noSecurities: "No securities found.",
  noDocuments: "No documents found",
  noContacts: "No contacts found.",
  nothingFound: "Nothing found",
  // empty states (part 2)
  noAllocations: "No allocations found.",
  noPrice: "No Price",
  noPayments: "No Payments",
  noNotes: "No Notes",
  noQualifications: "No Qualifications",
  noVestingSchedule: "No Vesting Schedule",
  noDefaultVestingSchedule: "No Default Vesting Schedule",
  noCustomMappingFields: "No custom mapping fields",
  noQuestionsAnswered: "No questions answered",
  noHoldingsLower: "No holdings found.",
  noClosedDistributions: "No closed distributions found.",
  noIssuedInvestors: "No investors with issued holdings found.",
  noTemplates: "No templates found.",
  noDocumentsSent: "No documents sent yet.",
  noDocumentsSync: "No documents found. Sync template to load documents.",
  noDocumentsTitle: "No Documents Found.",
  noReports: "No Reports Available",
  noHoldings: "No Holdings Found",
  noInvestments: "No Investments Found",
  noDistributions: "No Distributions Found",
  noWalletTokens: "No tokens found in your wallet.",
  noIntegrations: "No integrations found.",
  // uploads
  uploadSuccess: "File Successfully Uploaded!",
  uploadTooLarge: "Error: File is larger than 100MB",
  uploadUnknown: "Unknown error occurred.",
  // forms
  attestation: "Please accept the attestation to proceed.",
  emailRequired: "Email is required.",
  // grids
  gridTooManyRows: "Error: Viewing over 50,000 rows is not supported. Please filter results.",
  // steps and invest
  stepError: "Error. Please try again.",
  investError: "Unable to invest. Please try again.",
  // claim (part 2 section 8)
  claimExpired: "Claiming token expired, click to resend token!",
  claimLinkExpired: "Link is expired.",
  claimInvalid: "Invalid token, contact support for help claiming your account.",
  claimUsed: "Account has already been claimed!",
  claimUnexpected: "Unexpected error occured!",
  // account selection and terms (part 1 sections 2.4, 2.5)
  selectAccountTitle: "Select Account",
  claimLink: "Don't see your account? Click here to claim!",
  agree: "I AGREE",
  setupThanks: "Thank you for setting up your account!",
  // contacts and managed accounts (part 1 sections 2.10, 2.12, 5)
  contactNameRequired: "Contact Name is required.",
  invalidEmail: "Please enter a valid email address.",
  nameRequired: "Name is required.",
  contactImported: "Contacts imported.",
  noTransactions: "No transactions found.",
  noAccounts: "No accounts found.",
  // investor onboarding steps (part 2 sections 4 and 8)
  stepProcessing: "Processing",
  stepProcessingDetail: "Step is processing.",
  stepComplete: "Step complete!",
  stepFailed: "Failed!",
  stepRetryLimit: "Retry limit reached.",
  processComplete: "Process complete!",
  noFurtherAction: "No further action is required",
  congratulations: "Congratulations!",
  invalidInput: "Invalid input",
  stepFailedPopup: "Failed to complete step. Please contact your issuer for assistance.",
  stepRetryLimitPopup: "Retry limit reached. Please contact your issuer for assistance.",
  unknownStepType: "Please contact your issuer to learn how to complete your investment.",
  safariIframe: "IFrame disabled on Safari, please follow this link, or complete this flow on Chrome.",
  // invest (part 2 section 5)
  wholeUnits: "Must be whole number.",
  roundsDown: "Total will round down to nearest whole unit.",
  // account setup (part 1 section 5)
  taxIdHint: "If not applicable, enter 000",
  countryRequired: "Country is required",
  cityRequired: "City is required.",
  postalCodeRequired: "Postal code is required, enter N/A if not applicable.",
  provinceRequired: "State/Province is required.",
  streetRequired: "Street address is required.",
} as const;

export type MessageKey = keyof typeof MESSAGES;
