// The webhooks settings' texts (issue 35 item 1: LedgerlineIO webhooks).

export const WEBHOOKS_TEXT = {
  title: "Webhooks",
  intro: "Ledgerline sends a signed message to your systems when something happens in this account.",
};
