// The integrations settings' texts (spec part 2 "Settings", "Integration process").

export const INTEGRATIONS_TEXT = {
  title: "Integrations",
  empty: "No integrations found.",
  add: "Add",
  manage: "Manage",
  connected: "Connected",
  currentStep: "Current step",
  processComplete: "Process complete!",
  steps: "Steps",
  previous: "Previous",
  next: "Next",
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  partner: "Partner",
  readOnly: "Only owners and admins can add integrations.",
  notAvailable: "Not available on this server",
  investorTitle: "Connected today",
  investorIntro: "Your investments already reach these services through Ledgerline:",
  investorWallet: "Wallet",
  investorWalletDetail: "holds your tokens and your addresses on each chain, held for you or your own.",
  investorDocuments: "Documents",
  investorDocumentsDetail: "holds the agreements your issuers send you to sign.",
  signerInUse: (signer: string) => `Documents are signed with ${signer}.`,
  docusign: "DocuSign",
  builtinSigner: (name: string) => `the built-in signer (${name})`,
  noSigner: "No signing account yet: it is made when the signing settings are first opened.",
  signingSettings: "Signing settings",
  typeLabels: {
    payment: "Payment processing",
    signing: "Signing",
    compliance: "Compliance",
    ledgerlineIO: "LedgerlineIO",
    portfolio: "Portfolio",
  } as Record<string, string>,
  stepStatus: {
    complete: "Step complete!",
    in_progress: "Current",
    not_started: "Not started",
  } as Record<string, string>,
} as const;

/** The Compliance integration's Manage (accreditation verification, docs/ACCREDITATION.md). */
export const COMPLIANCE_TEXT = {
  manage: "Manage",
  dialogTitle: "Accreditation verification",
  validDays: "Approvals stay valid for (days)",
  validDaysHint:
    "How long an investor's approved accreditation stays valid, counted from the day it is approved. New approvals use the new period.",
  save: "Save",
  cancel: "Cancel",
  current: (days: number) => `Approved accreditations stay valid for ${days} days.`,
  reviewLink: "Review accreditations",
};
