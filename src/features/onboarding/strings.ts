// The investor onboarding screens' texts (the steps' spec texts stay in domain/onboarding.ts, ONBOARDING_TEXTS).

export const ONBOARDING_PAGE_TEXT = {
  investorOnboarding: "Investor Onboarding",
  /** The page's (visually hidden) h1: the breadcrumb's name and the investment once known. */
  heading: (asset: string | undefined, round: string | undefined) =>
    ["Investor Onboarding", [asset, round].filter(Boolean).join(", ")].filter(Boolean).join(": "),
  notOnDevice: "This distribution is not on this device. It appears here once it has synced.",
  stepsNotSynced: "The onboarding steps appear here once they have synced.",
  /** The status chip once the distribution has left onboarding. */
  issued: "Issued",
  /** Follows ONBOARDING_TEXTS.processComplete. */
  finished: " Your onboarding is finished; the issuer will review and issue your investment.",
  /** Follows ONBOARDING_TEXTS.processComplete on a transferee's distribution. */
  finishedByTransfer: " Your onboarding is finished; the issuer can now approve the transfer.",
  /** On a distribution a transfer request made for its transferee (docs/TRANSFERS.md "The transferee's onboarding"). */
  byTransfer: (holder: string) =>
    `These units come to you by transfer from ${holder || "their holder"}. Complete the steps so the issuer can approve the transfer; no payment is due to the issuer.`,
  goToPortfolio: "Go to your portfolio",
  about: "About",
  instructions: "Instructions",
  ok: "OK",
  nestedSteps: "Nested steps",
  onboardingSteps: "Onboarding steps",
  onboardingProgress: "Onboarding progress",
  complete: "Complete",
  /** a step whose completion waits on this device (offline) */
  savedOnDevice: "Saved on this device",
  currentStep: "Current step",
  needsAttention: "Needs attention",
  notStarted: "Not started",
  /** On a phone the step bar shows the selected step and this count; a button opens the whole list. */
  stepCount: (position: number, total: number) => `Step ${position} of ${total}`,
  showAllSteps: "Show all steps",
  hideSteps: "Hide the other steps",
  /** The button to the current step from another one. */
  goTo: (title: string) => `Go to ${title}`,
  /** An Onboarding (open) distribution whose steps the server has not made yet. */
  stepsBeingPrepared: "Your onboarding steps are being prepared.",
};

/** A step's action: its buttons, forms and hints. */
export const STEP_ACTION_TEXT = {
  submitting: "Submitting…",
  savedOffline: "Saved on this device. It will be submitted when you are back online.",
  discard: "Discard",
  continue: "Continue",
  submit: "Submit",
  open: "Open",
  secretHint:
    "These answers are sent to the server only and never stored in the app's local data, except while they wait to be sent.",
  /** The reason asyncIframeError names when the provider gives none. */
  inTheVerification: "in the verification",
  opensInNewTab: "The page opens in a new tab. This step updates by itself when you are done.",
};

/** "Verify with InvestReady" on an accreditation step. */
export const INVESTREADY_TEXT = {
  continue: "Continue at InvestReady",
  newTab: "InvestReady opens in a new tab. This step updates by itself once InvestReady has answered.",
  failed: "InvestReady could not be reached. Try again later or submit your evidence here.",
};
