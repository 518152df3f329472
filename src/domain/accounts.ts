// Account types, roles, the groups the route table uses, and each type's home (spec part 1 sections 2.1-2.2).

export const ACCOUNT_TYPES = ["admin", "agent", "ats", "investor", "issuer", "broker"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_ROLES = ["account_owner", "account_admin", "account_viewer"] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Groups named in spec part 2 section 1. */
export const ACCOUNT_GROUPS = {
  all: ACCOUNT_TYPES,
  vendor: ["broker", "issuer"],
  core: ["broker", "issuer", "investor"],
  nonInvestor: ["admin", "agent", "ats", "issuer", "broker"],
} as const satisfies Record<string, readonly AccountType[]>;

const HOME_PATHS: Record<AccountType, string> = {
  issuer: "/dashboard",
  broker: "/dashboard",
  agent: "/distributions",
  ats: "/securities",
  investor: "/portfolio",
  admin: "/admin/",
};

export function homePath(type: AccountType): string {
  return HOME_PATHS[type];
}

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  admin: "Admin",
  agent: "Agent",
  ats: "ATS",
  investor: "Investor",
  issuer: "Issuer",
  broker: "Broker",
};
