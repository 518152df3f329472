// The payment provider page's texts (spec part 2 "Payment provider page").

export const PAYMENTS_TEXT = {
  issuers: "Issuers",
  offerings: "Offerings",
  payments: "Payments",
  empty: "No templates found.",
  noPayments: "No Payments",
  noAccount: "Add the payment integration in Settings > Integrations to connect a payment provider.",
  toIntegrations: "Go to Integrations",
  integrations: "Integrations",
  provider: "Payment provider",
  back: "Back",
  sync: "Sync",
  syncing: "Syncing…",
  syncedOn: "Synced on",
  neverSynced: "Never synced",
  syncFailed: "Last sync failed",
  syncNeedsNetwork: "Syncing needs the network: you are offline.",
  mapNeedsNetwork: "Mapping needs the network: you are offline.",
  confirmNeedsNetwork: "Confirming funds needs the network: you are offline.",
  issuer: "Issuer",
  offering: "Offering",
  payment: "Payment",
  name: "Name",
  email: "Email",
  providerId: "Provider ID",
  status: "Status",
  amount: "Amount",
  distribution: "Distribution",
  mapping: "Mapping",
  mapIssuer: "Map to issuer",
  mapRound: "Map to round",
  notMapped: "not mapped",
  mappedTo: "Mapped to",
  mapped: "Mapped",
  save: "Save",
  sent: "Sent: waiting for the server",
  mapIssuerFirst: "Map the issuer before its offerings.",
  mappingSteps: ["Sync", "Map issuer", "Map offering"],
  confirmFunds: "Confirm funds received",
  confirmHint: "The built-in provider funds and settles the trade once you confirm the investor's funds arrived.",
  failure: "Failure",
  callbackUrl: "Status callback URL (keep it secret)",
  cancel: "Cancel payment",
  cancelHint: "The investor's funds have not arrived: cancelling the payment lets the investor pay again.",
  unwind: "Refund payment",
  unwindHint: "Refunding unwinds the settled trade: the payment becomes refunded and leaves paid-in capital.",
  tradeNeedsNetwork: "Changing a payment needs the network: you are offline.",
  readOnly: "Only owners and admins can sync and map.",
} as const;

export const INVESTOR_PAYMENT_TEXT = {
  title: "Payment",
  due: (amount: string) => `Amount due: ${amount}`,
  pay: (amount: string) => `Pay ${amount}`,
  sent: "Your payment was sent to the issuer's payment provider; it shows here once the funds arrive.",
  offline: "You are offline: your payment is sent when the network is back.",
  paidInFull: "Paid in full.",
  noPrice: "This round has no price yet: the issuer sets it before you can pay.",
  noTarget: "Open this step from its distribution to pay.",
  tradeStatus: (status: string, amount: string) => {
    const of = amount ? ` (${amount})` : "";
    switch (status) {
      case "QUEUED":
        return `Sending your payment${of} to the payment provider…`;
      case "CREATED":
        return `Payment created${of}: waiting for your funds to arrive.`;
      case "FUNDED":
        return `Funds received${of}: the payment is settling.`;
      case "SETTLED":
        return `Paid${of}.`;
      case "UNWIND PENDING":
      case "UNWIND SETTLED":
        return `Your payment${of} was refunded.`;
      case "CANCELLED":
        return `Your payment${of} was cancelled.`;
      default:
        return `Your payment${of} failed.`;
    }
  },
} as const;
