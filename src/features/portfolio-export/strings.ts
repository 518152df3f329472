// The portfolio downloads' texts (issue 35 item 2: the investor's OFX and statement downloads).
import { MESSAGES } from "../../domain/messages.ts";

export const PORTFOLIO_DOWNLOADS_TEXT = {
  title: "Downloads",
  intro: "Download your holdings for your own records and personal-finance tools.",
  ofxTitle: "Holdings and transactions (OFX)",
  ofxDescription:
    "An investment statement that Quicken, GnuCash, Moneydance and most other personal-finance tools can import.",
  ofxButton: "Download OFX file",
  statementTitle: "Statement of holdings (PDF)",
  statementDescription: "Your units in each security at the end of the chosen day (UTC), with their value where known.",
  statementDate: "Statement date",
  statementButton: "Download statement",
  offline: MESSAGES.offlineAction,
};
