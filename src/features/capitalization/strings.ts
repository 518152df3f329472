// The capitalization page's own texts (the spec's messages stay in domain/messages.ts).

export const CAPITALIZATION_TEXT = {
  title: "Capitalization",
  viewing: "Viewing",
  capTable: "Cap Table",
  scheduleOfPurchasers: "Schedule of purchasers",
  stakeholders: "STAKEHOLDERS",
  units: "UNITS",
  capitalRaised: "CAPITAL RAISED",
  empty: "No investors with issued holdings found.",
  investor: "Investor",
  unitsColumn: "Units",
  asset: "Asset",
  status: "Status",
  paidOn: "Paid On",
  issued: "Issued",
};
