// The portfolio downloads' texts (issue 35 item 2: the investor's OFX and statement downloads).

export const PORTFOLIO_DOWNLOADS_TEXT = {
  title: "Downloads",
  intro: "Download your holdings for your own records and personal-finance tools.",
};
