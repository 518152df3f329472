import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ALLOCATION_EDIT_BLOCKED,
  ALLOCATION_STATUS_LABELS,
  allocationEditBlock,
  allocationStatusOptions,
  canEditAllocation,
  capitalRaised,
  capTableHoldings,
  distributionQualificationLabel,
  distributionStatusLabel,
  distributionSummary,
  fieldErrors,
  InviteSchema,
  incomingCapital,
  planBulkUpdate,
  qualificationLabel,
  stakeholderSummary,
} from "./allocations.ts";
import { toString as decimalText } from "./decimal.ts";

describe("allocation rules", () => {
  const owner = { accountId: "a", role: "account_owner" };
  it("only a non-viewer owner edits, and only while drafted, open, active or closed", () => {
    expect(canEditAllocation(owner, { ownerId: "a", status: "active" })).toBe(true);
    expect(canEditAllocation(owner, { ownerId: "a", status: "closed" })).toBe(true);
    expect(canEditAllocation(owner, { ownerId: "a", status: "stale" })).toBe(false);
    expect(canEditAllocation(owner, { ownerId: "b", status: "open" })).toBe(false);
    expect(canEditAllocation({ accountId: "a", role: "account_viewer" }, { ownerId: "a", status: "open" })).toBe(false);
  });

  it("names the actual reason an allocation cannot be edited (issue 22 item 6)", () => {
    const viewer = { accountId: "a", role: "account_viewer" };
    // A viewer of the owning account is refused for its role, not told it is not the owner.
    expect(allocationEditBlock(viewer, { ownerId: "a", status: "open" })).toBe("viewer");
    expect(ALLOCATION_EDIT_BLOCKED.viewer).toBe("Operation not allowed: account viewers cannot change allocations.");
    expect(allocationEditBlock(owner, { ownerId: "b", status: "open" })).toBe("notOwner");
    expect(ALLOCATION_EDIT_BLOCKED.notOwner).toContain("only the owner of this allocation");
    expect(allocationEditBlock(owner, { ownerId: "a", status: "stale" })).toBe("status");
    expect(allocationEditBlock({ accountId: "a", role: "account_admin" }, { ownerId: "a", status: "drafted" })).toBe(
      null,
    );
  });

  it("reads open and active allocations with one term, the edit form's Active (issue 22 item 6)", () => {
    expect(ALLOCATION_STATUS_LABELS.open).toBe("Active");
    expect(ALLOCATION_STATUS_LABELS.active).toBe("Active");
    // An open allocation's form offers the spec's four labels once, keeping the value open.
    const open = allocationStatusOptions("open");
    expect(open.map((o) => o.label)).toEqual(["Drafted", "Active", "Closed", "Stale"]);
    expect(open.find((o) => o.label === "Active")?.value).toBe("open");
    expect(allocationStatusOptions("active").find((o) => o.label === "Active")?.value).toBe("active");
    expect(allocationStatusOptions("archived")[0]).toEqual({ value: "archived", label: "archived" });
  });

  it("labels distribution states as users read them", () => {
    expect(distributionStatusLabel({ status: "open" })).toBe("Onboarding");
    expect(distributionStatusLabel({ status: "closed" })).toBe("Pending");
    expect(distributionStatusLabel({ status: "closed", issuanceStatus: "issued", locked: true })).toBe("Issued");
  });

  it("bulk update skips rows at the target status and reports locked ones", () => {
    const plan = planBulkUpdate(
      [
        { id: "1", name: "Ann", status: "open", locked: false },
        { id: "2", name: "Bob", status: "closed", locked: false },
        { id: "3", name: "Cy", status: "open", locked: true },
      ],
      "closed",
    );
    expect(plan).toEqual({
      update: ["1"],
      skipped: ["2"],
      lockedMessages: ["Cannot update status on locked distribution: Cy"],
    });
  });

  it("summarises distributions exactly", () => {
    const s = distributionSummary([{ amount: "0.1" }, { amount: "0.2" }, { amount: "1000000" }]);
    expect(s.count).toBe(3);
    expect(decimalText(s.units)).toBe("1000000.3");
  });

  it("leaves a distribution that came by transfer out of the count and the units", () => {
    const s = distributionSummary([
      { amount: "100", byTransfer: false },
      { amount: "2.5" },
      { amount: "40", byTransfer: true },
    ]);
    expect(s.count).toBe(2);
    expect(decimalText(s.units)).toBe("102.5");
    expect(distributionSummary([{ amount: "40", byTransfer: true }]).count).toBe(0);
  });

  it("qualification labels", () => {
    expect(qualificationLabel(0, 0, false)).toBe("No Qualifications");
    expect(qualificationLabel(0, 3, false)).toBe("Not Started");
    expect(qualificationLabel(0, 3, true)).toBe("Not Finished");
    expect(qualificationLabel(1, 3, true)).toBe("1 of 3");
    expect(qualificationLabel(3, 3, true)).toBe("Finished");
    expect(distributionQualificationLabel({})).toBe("No Qualifications");
    expect(
      distributionQualificationLabel({ qualifications: [{ complete: false }, { complete: false }], process: null }),
    ).toBe("Not Started");
    expect(
      distributionQualificationLabel({
        qualifications: [{ complete: true }, { complete: false }, { complete: false }],
        process: { status: "in_progress" },
      }),
    ).toBe("1 of 3");
    expect(
      distributionQualificationLabel({ qualifications: [{ complete: true }], process: { status: "complete" } }),
    ).toBe("Finished");
  });

  it("invite form: email, amount > 0, optional name", () => {
    const bad = v.safeParse(InviteSchema, { email: "", amount: "0" });
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(fieldErrors(bad.issues)).toEqual({
        email: "Email is required.",
        amount: "Amount must be greater than 0.",
      });
    expect(v.safeParse(InviteSchema, { email: "a@b.co", amount: "12.5" }).success).toBe(true);
  });
});

describe("cap table and capital", () => {
  const h = (investorId: string, amount: string, purchasePrice = "1.25") => ({
    id: `${investorId}-${amount}`,
    amount,
    purchasePrice,
    investorId,
    roundId: "r",
    securityId: "s",
  });

  it("excludes zero, negative and allocation-owned entries; counts stakeholders and units", () => {
    const rows = capTableHoldings(
      [h("a", "100"), h("a", "50"), h("b", "0"), h("c", "-5"), h("alloc", "10")],
      new Set(["alloc"]),
    );
    expect(rows.map((r) => r.amount)).toEqual(["100", "50"]);
    const summary = stakeholderSummary(rows);
    expect(summary.stakeholders).toBe(1);
    expect(decimalText(summary.units)).toBe("150");
  });

  it("capital raised = sum of units x purchase price (hand-computed: 3 x 0.1 + 40000 x 1.25 = 50000.3)", () => {
    expect(decimalText(capitalRaised([h("a", "3", "0.1"), h("b", "40000", "1.25")]))).toBe("50000.3");
  });

  it("incoming capital: committed = units x price, expected = committed - paid in", () => {
    const result = incomingCapital(
      [
        { id: "1", amount: "40000", paidInCapital: "10000.50" },
        { id: "2", amount: "3", paidInCapital: null },
      ],
      "1.25",
    );
    expect(decimalText(result.rows[0]!.committed)).toBe("50000");
    expect(decimalText(result.rows[0]!.expected)).toBe("39999.5");
    expect(decimalText(result.committed)).toBe("50003.75");
    expect(decimalText(result.paidIn)).toBe("10000.5");
    expect(decimalText(result.expected)).toBe("40003.25");
  });

  it("incoming capital: a distribution by transfer owes nothing and stays out of the totals", () => {
    const sold = { id: "1", amount: "40000", paidInCapital: "10000.50" };
    const before = incomingCapital([sold], "1.25");
    const after = incomingCapital([sold, { id: "2", amount: "800", paidInCapital: null, byTransfer: true }], "1.25");
    expect(after.rows).toHaveLength(2);
    const transferred = after.rows[1]!;
    expect(transferred.byTransfer).toBe(true);
    expect(decimalText(transferred.units)).toBe("800");
    expect(decimalText(transferred.committed)).toBe("0");
    expect(decimalText(transferred.expected)).toBe("0");
    expect(decimalText(after.committed)).toBe(decimalText(before.committed));
    expect(decimalText(after.committed)).toBe("50000");
    expect(decimalText(after.paidIn)).toBe("10000.5");
    expect(decimalText(after.expected)).toBe("39999.5");
  });
});
