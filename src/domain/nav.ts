// Top bar links and account menu options per account type (spec part 1 section 2.3).
import type { AccountType } from "./accounts.ts";
import { EXTERNAL_LINKS } from "./links.ts";

export interface NavLink {
  label: string;
  to: string;
}

const link = (label: string, to: string): NavLink => ({ label, to });

export const NAV_LINKS: Record<AccountType, NavLink[]> = {
  admin: [link("Forms", "/admin/forms"), link("Reports", "/admin/reports"), link("Types", "/admin/types")],
  agent: [
    link("Distributions", "/distributions"),
    link("Transfer requests", "/transfer-requests"),
    link("Contacts", "/contacts"),
  ],
  ats: [link("Securities", "/securities"), link("Contacts", "/contacts")],
  investor: [link("Portfolio", "/portfolio"), link("Wallet", "/wallet"), link("Documents", "/investor-documents")],
  issuer: [
    link("Dashboard", "/dashboard"),
    link("Assets", "/assets"),
    link("Securities", "/securities"),
    link("Capitalization", "/capitalization"),
    link("Accreditations", "/accreditations"),
    link("Reports", "/reports"),
    link("Contacts", "/contacts"),
  ],
  broker: [
    link("Dashboard", "/dashboard"),
    link("Assets", "/assets"),
    link("Capitalization", "/capitalization"),
    link("Accreditations", "/accreditations"),
    link("Reports", "/reports"),
    link("Contacts", "/contacts"),
  ],
};

function segments(path: string): string[] {
  return (path.split(/[?#]/)[0] ?? "").split("/").filter(Boolean);
}

/** The link to highlight: the one matching the first path segment (the second for admin). */
export function activeNavLink(type: AccountType, pathname: string): NavLink | undefined {
  const index = type === "admin" ? 1 : 0;
  const current = segments(pathname)[index];
  if (current === undefined) return undefined;
  return NAV_LINKS[type].find((candidate) => segments(candidate.to)[index] === current);
}

export type MenuOption =
  | { kind: "switch-role"; label: "Switch Role"; href: string }
  | { kind: "settings"; label: "Settings"; to: string }
  | { kind: "support"; label: "Support"; href: string }
  | { kind: "logout"; label: "Logout" };

const SWITCH_ROLE: MenuOption = { kind: "switch-role", label: "Switch Role", href: "/authenticate/app-user" };
const SETTINGS: MenuOption = { kind: "settings", label: "Settings", to: "/settings/account" };
const LOGOUT: MenuOption = { kind: "logout", label: "Logout" };

/** Account menu options. Without user data only Logout is offered; admin never gets Settings. */
export function menuOptions(type: AccountType | undefined, hasUser: boolean): MenuOption[] {
  if (!hasUser || type === undefined) return [LOGOUT];
  const support: MenuOption = { kind: "support", label: "Support", href: supportUrl(type) };
  if (type === "admin") return [SWITCH_ROLE, support, LOGOUT];
  return [SWITCH_ROLE, SETTINGS, support, LOGOUT];
}

export function supportUrl(type: AccountType | undefined): string {
  return type === "investor" ? EXTERNAL_LINKS.supportInvestors : EXTERNAL_LINKS.support;
}

/** Settings tabs per account type (spec part 2, Settings). */
export function settingsTabs(type: AccountType): NavLink[] {
  const account = link("Account", "/settings/account");
  const delegates = link("Delegates", "/settings/delegates");
  const integrations = link("Integrations", "/settings/integrations");
  if (type === "investor") {
    return [account, link("Qualification Answers", "/settings/qualification-answers"), delegates, integrations];
  }
  // Activity (the account's audit trail, issue 19) is the issuer's addition to the spec's tabs.
  if (type === "issuer") return [account, delegates, integrations, link("Activity", "/settings/activity")];
  if (type === "broker") return [account, delegates, integrations];
  return [account, delegates];
}
