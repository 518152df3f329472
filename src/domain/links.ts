// External addresses shown in the shell (footer and account menu).
export const EXTERNAL_LINKS = {
  terms: "https://ledgerline.example/legal/terms",
  privacy: "https://ledgerline.example/legal/privacy",
  support: "https://support.ledgerline.example/hc/issuers",
  supportInvestors: "https://support.ledgerline.example/hc/investors",
} as const;
