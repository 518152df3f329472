// The Proof of Issuance texts: the button, the Investors popup and the PDF statement.

export const PROOF_TEXT = {
  button: "Proof of Issuance",
  investors: "Investors",
  popupDescription: "Select one investor to download their Proof of Issuance.",
  cancel: "Cancel",
  download: "Download",
  nothingToState: "No holdings to state for this investor.",
};

/** The PDF statement's texts. */
export const PROOF_PDF_TEXT = {
  title: "Proof Of Issuance",
  creator: "Ledgerline",
  subject: (assetName: string, legalName: string) => `${assetName} - ${legalName}`,
  statementDate: (day: string) => `Statement Date: ${day}`,
  assetDetails: "Asset Details",
  shareHolderName: "Share Holder Name",
  issuerName: "Issuer Name",
  assetName: "Asset Name",
  assetType: "Asset Type",
  totalShares: "Total Shares",
  holdingsDetails: "Holdings Details",
  holdingsColumns: ["Round Name", "Issued On", "Total Units"] as const,
  total: "Total",
  questions: (agent: string) => `Questions about this statement? Contact the transfer agent, ${agent}:`,
};
