// The invest page's own texts: offering card, amount, confirmation (the spec's messages stay in domain/messages.ts).

export const INVEST_TEXT = {
  investment: "Investment",
  pricePerUnit: "Price per unit",
  units: "Units",
  total: "Total",
  notOpen: "This offering is not open for investment.",
  investBy: "Invest by",
  confirmInvestment: "Confirm investment",
  needsConnection: "Investing needs a connection.",
  stepChoose: "Choose how much to invest, in dollars or in whole units.",
  stepConfirm: "Confirm the investment.",
  stepOnboarding: "Complete the issuer's onboarding steps; the issuer then issues your units.",
  invest: "Invest",
  issuer: "Issuer",
  offering: "Offering",
  amountUsd: "Amount (USD)",
  cancel: "Cancel",
  confirm: "Confirm",
  /** The seller, the issuer and the formatted price per unit. */
  offeredBy: (seller: string, issuer: string, price: string) =>
    `Offered by ${seller} for ${issuer} at ${price} per unit.`,
  /** The formatted units, the asset, its class and the formatted total when there is one. */
  investingIn: (units: string, asset: string, className: string, total: string | null) =>
    `You are investing in ${units} units of ${asset} (${className})${total !== null ? ` for ${total}` : ""}.`,
};
