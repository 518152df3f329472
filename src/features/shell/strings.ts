// The app shell's texts: top bar, account menu, footer and skip link.

export const SHELL_TEXT = {
  skipToContent: "Skip to content",
  brand: "Ledgerline",
  /** The logo link's accessible name: starts with the word mark it shows (WCAG 2.5.3). */
  home: "Ledgerline home",
  /** The logo link's name when the account's logo links to its own site (opens in a new tab). */
  logoLink: "Ledgerline, the account's website (opens in a new tab)",
  main: "Main",
  navigation: "Navigation",
  /** The compact navigation's button when no link is active. */
  menu: "Menu",
  accountMenu: "Account menu",
  /** The sign-out dialog's description when changes are still waiting in the outbox. */
  logoutWaiting: (changes: number, files = 0) => {
    const said = [
      changes > 0 ? (changes === 1 ? "1 change" : `${changes} changes`) : null,
      files > 0 ? (files === 1 ? "1 file" : `${files} files`) : null,
    ].filter(Boolean);
    const one = changes + files === 1;
    return `${said.join(" and ")} made on this device ${one ? "has" : "have"} not reached the server yet. Signing out deletes ${one ? "it" : "them"} from this device.`;
  },
  copyright: (year: number) => `© ${year} Ledgerline. All rights reserved.`,
  legalAndSupport: "Legal and support",
  terms: "Terms",
  privacyPolicy: "Privacy Policy",
  supportCenter: "Support Center",
};
