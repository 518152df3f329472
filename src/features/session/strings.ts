// The sign-in, claim, terms and account selection screens' texts (the spec's messages stay in MESSAGES).

export const LOGIN_TEXT = {
  welcome: "Welcome to Ledgerline",
  intro: "Issue securities, keep your cap table and follow your investments, online or offline.",
  signIn: "Sign in / Sign up",
};

/** The account selection and the terms of service. */
export const ACCOUNT_ROLE_TEXT = {
  chooseAccount: "Choose the account you want to work in.",
  termsOfService: "Terms of Service",
  termsIntro: "Please read and accept the terms to continue.",
};

/** The claim page. */
export const CLAIM_TEXT = {
  checkEmail: "Check your email",
  linkOnItsWay: (email: string) => `If an account is waiting for ${email}, a link to claim it is on its way.`,
  claimAccount: "Claim your account",
  claimIntro: "Enter the email address your account was created with and we will send you a link to claim it.",
  email: "Email",
  sendClaimLink: "Send claim link",
  newLinkSent: "A new claim link has been sent to your email.",
  signIn: "Sign in",
  signInToUse: "Sign in to use your account.",
  continue: "Continue",
  ready: "Your account is ready",
  claimed: "Your account has been claimed. Sign in to continue.",
};
