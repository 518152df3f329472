import { describe, expect, it } from "vitest";
import { canWrite, decideSessionAccess, decideTypeAccess, roleAllowed, viewerOf } from "./access.ts";
import { selectableAccounts } from "./account-choice.ts";
import { ACCOUNT_GROUPS, type AccountType } from "./accounts.ts";
import { claimStatus } from "./claim.ts";
import { activeNavLink, menuOptions, NAV_LINKS, settingsTabs, supportUrl } from "./nav.ts";
import type { Session } from "./session.ts";

function session(type: AccountType, role: "account_owner" | "account_viewer" = "account_owner"): Session {
  return {
    user: { id: "u1", firstName: "Ada", lastName: "Lovelace" },
    account: { id: "a1", name: "Acme", type, slug: null, setup: true },
    userAccount: { id: "ua1", role, status: "active" },
  };
}

describe("route access", () => {
  it("sends visitors without a session to /login and users without an account to account selection", () => {
    expect(decideSessionAccess(null)).toEqual({ kind: "redirect", to: "/login" });
    expect(decideSessionAccess({ user: { id: "u" }, account: null, userAccount: null })).toEqual({
      kind: "redirect",
      to: "/account-role",
    });
    expect(decideSessionAccess(session("issuer"))).toEqual({ kind: "allow" });
  });

  it("redirects a disallowed account type to its own home", () => {
    const homes: Record<AccountType, string> = {
      issuer: "/dashboard",
      broker: "/dashboard",
      agent: "/distributions",
      ats: "/securities",
      investor: "/portfolio",
      admin: "/admin/",
    };
    for (const [type, home] of Object.entries(homes) as [AccountType, string][]) {
      const allowed = type === "admin" ? (["issuer"] as const) : (["admin"] as const);
      expect(decideTypeAccess(session(type), allowed)).toEqual({ kind: "redirect", to: home });
    }
    expect(decideTypeAccess(session("broker"), ACCOUNT_GROUPS.vendor)).toEqual({ kind: "allow" });
    expect(decideTypeAccess(session("investor"), ACCOUNT_GROUPS.nonInvestor)).toEqual({
      kind: "redirect",
      to: "/portfolio",
    });
  });

  it("checks roles without redirecting", () => {
    expect(roleAllowed(session("issuer", "account_viewer"), ["account_owner", "account_admin"])).toBe(false);
    expect(roleAllowed(session("issuer"), ["account_owner"])).toBe(true);
    expect(roleAllowed(null, ["account_owner"])).toBe(false);
  });
});

describe("top bar", () => {
  it("lists the links of each type", () => {
    expect(NAV_LINKS.issuer.map((l) => l.to)).toEqual([
      "/dashboard",
      "/assets",
      "/securities",
      "/capitalization",
      "/accreditations",
      "/reports",
      "/contacts",
    ]);
    expect(NAV_LINKS.broker.map((l) => l.label)).toEqual([
      "Dashboard",
      "Assets",
      "Capitalization",
      "Accreditations",
      "Reports",
      "Contacts",
    ]);
    expect(NAV_LINKS.investor.map((l) => l.label)).toEqual(["Portfolio", "Wallet", "Documents"]);
    expect(NAV_LINKS.admin.map((l) => l.label)).toEqual(["Forms", "Reports", "Types"]);
  });

  it("highlights by the first path segment, the second for admin", () => {
    expect(activeNavLink("issuer", "/assets")?.label).toBe("Assets");
    expect(activeNavLink("issuer", "/asset-class/r1/manage")).toBeUndefined();
    expect(activeNavLink("investor", "/investor-documents")?.label).toBe("Documents");
    expect(activeNavLink("admin", "/admin/reports")?.label).toBe("Reports");
    expect(activeNavLink("admin", "/admin/")).toBeUndefined();
  });

  it("offers menu options per type, only Logout without user data", () => {
    const labels = (type: AccountType | undefined, hasUser = true) => menuOptions(type, hasUser).map((o) => o.label);
    expect(labels("admin")).toEqual(["Switch Role", "Support", "Logout"]);
    expect(labels("investor")).toEqual(["Switch Role", "Settings", "Support", "Logout"]);
    expect(labels("issuer")).toContain("Settings");
    expect(labels("issuer", false)).toEqual(["Logout"]);
    expect(labels(undefined)).toEqual(["Logout"]);
    expect(supportUrl("investor")).not.toBe(supportUrl("issuer"));
  });

  it("gives each type its settings tabs", () => {
    expect(settingsTabs("agent").map((t) => t.label)).toEqual(["Account", "Delegates"]);
    expect(settingsTabs("investor").map((t) => t.label)).toEqual([
      "Account",
      "Qualification Answers",
      "Delegates",
      "Integrations",
    ]);
    expect(settingsTabs("broker").map((t) => t.label)).toEqual(["Account", "Delegates", "Integrations"]);
    expect(settingsTabs("issuer").map((t) => t.label)).toEqual(["Account", "Delegates", "Integrations", "Activity"]);
  });
});

describe("account selection", () => {
  const choice = (name: string, type: AccountType) => ({
    id: `ua-${name}`,
    role: "account_owner" as const,
    account: { id: name, name, slug: null, type },
  });
  const choices = [choice("zeta", "issuer"), choice("Alpha", "investor"), choice("beta", "broker")];

  it("sorts by name, ignoring case", () => {
    expect(selectableAccounts(choices).map((c) => c.account.name)).toEqual(["Alpha", "beta", "zeta"]);
  });

  it("filters by the comma-separated role parameter", () => {
    expect(selectableAccounts(choices, "issuer, broker").map((c) => c.account.name)).toEqual(["beta", "zeta"]);
    expect(selectableAccounts(choices, "").length).toBe(3);
  });

  it("reads the claim status, defaulting to no-token", () => {
    expect(claimStatus("expired-token")).toBe("expired-token");
    expect(claimStatus("bogus")).toBe("no-token");
    expect(claimStatus(undefined)).toBe("no-token");
  });
});

describe("viewer and the can-write rule", () => {
  it("lets owners and admins write, never viewers or a missing role", () => {
    expect(canWrite("account_owner")).toBe(true);
    expect(canWrite("account_admin")).toBe(true);
    expect(canWrite("account_viewer")).toBe(false);
    expect(canWrite(null)).toBe(false);
    expect(canWrite(undefined)).toBe(false);
  });

  it("answers account, type, role and can-write from the session", () => {
    expect(viewerOf(session("broker"))).toMatchObject({
      accountId: "a1",
      accountType: "broker",
      role: "account_owner",
      canWrite: true,
    });
    const viewer = viewerOf(session("issuer", "account_viewer"));
    expect(viewer).toMatchObject({ accountType: "issuer", role: "account_viewer", canWrite: false });
    expect(viewer.session.account?.name).toBe("Acme");
  });

  it("reads a session without a membership as a viewer who cannot write", () => {
    const viewer = viewerOf({ user: { id: "u" }, account: null, userAccount: null });
    expect(viewer).toMatchObject({ accountId: "", accountType: "", role: "account_viewer", canWrite: false });
    expect(viewerOf(null).canWrite).toBe(false);
  });
});
