import { describe, expect, it } from "vitest";
import { canChangeBuyerStatus } from "./buyer-status.ts";

const issuer = { accountId: "i", accountType: "issuer", role: "account_admin" };
const broker = { accountId: "b", accountType: "broker", role: "account_owner" };
const open = { locked: false, issuanceStatus: null };

describe("canChangeBuyerStatus", () => {
  it("the round's issuer changes any open distribution of its round, a broker's allocation included", () => {
    expect(canChangeBuyerStatus(issuer, open, "b")).toBe(true);
    expect(canChangeBuyerStatus(issuer, open, "i")).toBe(true);
  });
  it("a broker only in allocations it owns", () => {
    expect(canChangeBuyerStatus(broker, open, "b")).toBe(true);
    expect(canChangeBuyerStatus(broker, open, "i")).toBe(false);
  });
  it("never a viewer, never a locked or issued distribution", () => {
    expect(canChangeBuyerStatus({ ...issuer, role: "account_viewer" }, open, "i")).toBe(false);
    expect(canChangeBuyerStatus(issuer, { locked: true }, "i")).toBe(false);
    expect(canChangeBuyerStatus(broker, { issuanceStatus: "issued" }, "b")).toBe(false);
    expect(canChangeBuyerStatus({ ...broker, accountType: "agent" }, open, "b")).toBe(false);
  });
});
