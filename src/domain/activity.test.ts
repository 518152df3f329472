import { describe, expect, it } from "vitest";
import { activityLine, actorParts, fallback, roleName } from "./activity.ts";

const names: Record<string, string> = {
  "00000000-0000-4000-8000-000000000004": "Harborview Placement",
  "00000000-0000-4000-8000-000000000005": "Series A",
};
const nameOf = (id: string) => names[id];
const emma = "Emma Lawson <emma@harborview.test>";

function shownText(line: { sentence: string; details: { label: string; value: string }[] }): string {
  return [line.sentence, ...line.details.flatMap((detail) => [detail.label, detail.value])].join(" ");
}

describe("activity sentences", () => {
  it("an invitation names who invited whom, where and for how much", () => {
    const line = activityLine(
      {
        kind: "command",
        action: "makeDistribution",
        actor: emma,
        details: {
          key: "k-1",
          variables: {
            input: {
              allocationId: "00000000-0000-4000-8000-000000000004",
              name: "Delia Ortiz",
              accountEmail: "delia@ortiz.test",
              amount: "1250",
            },
          },
        },
      },
      nameOf,
    );
    expect(line.sentence).toBe("Emma Lawson invited Delia Ortiz to Harborview Placement for 1,250.00 units");
    expect(line.details).toEqual([
      { label: "Allocation", value: "Harborview Placement" },
      { label: "Name", value: "Delia Ortiz" },
      { label: "Account email", value: "delia@ortiz.test" },
      { label: "Amount", value: "1,250.00" },
    ]);
  });

  it("a catalogue command reads as its sync line in the past tense, never the command name or JSON", () => {
    const line = activityLine({
      kind: "command",
      action: "makeCustomer",
      actor: emma,
      details: {
        variables: { input: { id: "00000000-0000-4000-8000-000000000009", name: "Ann Lee", email: "ann@x.test" } },
      },
    });
    expect(line.sentence).toBe("Emma Lawson added contact Ann Lee");
    expect(shownText(line)).not.toMatch(/makeCustomer|[{}"]|0000/);
    const sync = activityLine({ kind: "command", action: "northCapitalSync", actor: null, details: {} });
    expect(sync.sentence).toBe("Ledgerline synced with North Capital");
    const field = activityLine({
      kind: "command",
      action: "updateSigningFieldById",
      actor: emma,
      details: { variables: { input: { id: "00000000-0000-4000-8000-000000000001", patch: { mapping: "x" } } } },
    });
    expect(field.sentence).toBe("Emma Lawson mapped a signing field");
    const qualifications = activityLine({
      kind: "command",
      action: "makeDistributionQualifications",
      actor: emma,
      details: { variables: { input: { distributionId: "d", vendorQualificationIds: ["a", "b"] } } },
    });
    expect(qualifications.sentence).toBe("Emma Lawson added 2 qualifications");
    expect(shownText(qualifications)).not.toMatch(/vendorQualificationIds|distributionId/);
  });

  it("a key in snake_case reads as words", () => {
    const line = activityLine({
      kind: "command",
      action: "setAssetTypeAccountingType",
      actor: emma,
      details: { variables: { type: "e2e_notes", accountingType: "fund" } },
    });
    expect(line.sentence).toBe("Emma Lawson set accounting type of e2e notes");
    expect(line.details).toEqual([
      { label: "Type", value: "E2e notes" },
      { label: "Accounting type", value: "fund" },
    ]);
  });

  it("a command outside the catalogue reads as what it touched", () => {
    expect(fallback("updateDistributionById")).toBe("changed a distribution");
    expect(fallback("createAllocationNote")).toBe("added an allocation note");
    expect(fallback("recalculateEverything")).toBe("made a change");
    const line = activityLine({ kind: "command", action: "deleteFooBarById", actor: emma, details: null });
    expect(line.sentence).toBe("Emma Lawson removed a foo bar");
  });

  it("membership changes name roles as people say them", () => {
    expect(roleName("account_owner")).toBe("Owner");
    expect(roleName("account_admin")).toBe("Admin");
    expect(roleName("account_viewer")).toBe("Viewer");
    const changed = activityLine({
      kind: "membership",
      action: "role account_admin -> account_viewer",
      actor: emma,
      details: {
        memberUserId: "u",
        memberEmail: "dee@x.test",
        before: { role: "account_admin", status: "active" },
        after: { role: "account_viewer", status: "active" },
      },
    });
    expect(changed.sentence).toBe("Emma Lawson changed dee@x.test's role from Admin to Viewer");
    expect(changed.details).toEqual([
      { label: "Member", value: "dee@x.test" },
      { label: "Role", value: "Admin → Viewer" },
    ]);
    const added = activityLine({
      kind: "membership",
      action: "member added as account_viewer (invited)",
      actor: emma,
      details: { memberEmail: "dee@x.test", before: null, after: { role: "account_viewer", status: "invited" } },
    });
    expect(added.sentence).toBe("Emma Lawson added dee@x.test as Viewer");
    const owner = activityLine({
      kind: "ownership_transfer",
      action: "role account_admin -> account_owner",
      actor: emma,
      details: {
        memberEmail: "dee@x.test",
        before: { role: "account_admin", status: "active" },
        after: { role: "account_owner", status: "active" },
      },
    });
    expect(owner.sentence).toBe("Emma Lawson made dee@x.test the owner");
  });

  it("an in-person step is the investor's, hosted by the user of the host's account, at the device's time", () => {
    const line = activityLine({
      kind: "in_person",
      action: "completed a step in person",
      actor: "Marcus Reed <broker@demo.test>",
      details: {
        step: "Walk-in checks",
        hostAccountName: "Harborview Capital Markets LLC",
        deviceLabel: "Field tablet",
        doneAtDevice: "2026-03-04T15:20:00.000Z",
        stepId: "00000000-0000-4000-8000-000000000002",
      },
    });
    expect(line.sentence).toBe(
      "Completed “Walk-in checks” in person, hosted by Marcus Reed of Harborview Capital Markets LLC",
    );
    expect(line.details.map((d) => d.label)).toEqual(["Device", "On the device's clock"]);
    expect(line.details[1]?.value).toMatch(/^Mar 0[45] 2026 \d{1,2}:\d{2}[ap]m$/);
    expect(
      activityLine({ kind: "in_person", action: "started an in-person session", actor: "Marcus Reed", details: {} })
        .sentence,
    ).toBe("Marcus Reed started an in-person session on their device");
  });

  it("sign-ins and switches", () => {
    expect(activityLine({ kind: "sign_in", action: "signed in", actor: emma, details: {} }).sentence).toBe(
      "Emma Lawson signed in",
    );
    expect(
      activityLine(
        {
          kind: "account_switch",
          action: "switched account",
          actor: emma,
          details: { toAccountId: "00000000-0000-4000-8000-000000000005" },
        },
        nameOf,
      ).sentence,
    ).toBe("Emma Lawson switched to Series A");
    expect(actorParts("Ledgerline (server)")).toEqual({ name: "Ledgerline", email: null });
    expect(actorParts(emma)).toEqual({ name: "Emma Lawson", email: "emma@harborview.test" });
  });
});
