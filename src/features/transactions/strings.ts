// The transactions list's and a transaction's page's texts ("Unknown" for a missing broker is in ledger.ts).

export const TRANSACTIONS_TEXT = {
  dashboard: "Dashboard",
  transactions: "Transactions",
  transaction: "Transaction",
  /** A transaction's page title: the round's name, then this. */
  issuance: (roundName: string) => `${roundName} issuance`,
  sanctionedByLabel: "SANCTIONED BY",
  transactionIdLabel: "TRANSACTION ID",
  paidOnLabel: "PAID ON",
  ledgerEntries: "Ledger entries",
  account: "Account",
  unknown: "Unknown",
  units: "Units",
  recorded: "Recorded",
  paidOn: "Paid on",
  round: "Round",
  sanctionedBy: "Sanctioned by",
  /** Shown when a transaction has no round. */
  none: "—",
};
