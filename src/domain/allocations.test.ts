import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
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
});
