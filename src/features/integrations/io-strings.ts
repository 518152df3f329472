// The texts of the two integration pages Manage opens: LedgerlineIO (API keys, webhooks) and Portfolio (the personal
// key, the downloads).

export const IO_TEXT = {
  integrations: "Integrations",
  ledgerlineIo: "LedgerlineIO",
  ledgerlineIoIntro:
    "Connect your own systems to this account's books: they call the Ledgerline API with an API key, and webhooks tell them when something changes.",
  portfolio: "Portfolio",
  portfolioIntro:
    "Take your holdings to your own tools: a read-only personal key for the Ledgerline API, an OFX file for personal-finance apps and a statement of your holdings.",
} as const;
