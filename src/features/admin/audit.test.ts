// The Activity CSV (issue 37): the card's sentences and details, never the stored JSON, command names or ids.
import { describe, expect, it } from "vitest";
import { type AuditEvent, auditCsv } from "./audit.ts";

const ALLOCATION = "0b6c1a52-6f43-4d0e-9d36-1f0f2b9f7a11";
const ACCOUNT = "5d1e3f0a-2b4c-4d6e-8f10-a1b2c3d4e5f6";

function event(fields: Partial<AuditEvent>): AuditEvent {
  return {
    id: "9f8e7d6c-5b4a-4321-8765-0fedcba98765",
    kind: "command",
    action: "makeDistribution",
    accountId: ACCOUNT,
    accountName: "Harborview Capital",
    actor: "Emma Lawson <emma@harborview.test>",
    userId: "11111111-2222-4333-8444-555555555555",
    sessionId: "66666666-7777-4888-9999-000000000000",
    deviceId: "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
    ip: "203.0.113.9",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    details: null,
    createdOn: "2026-03-05T14:07:00.000Z",
    ...fields,
  };
}

describe("auditCsv", () => {
  it("writes the card's sentence, kind, person, device and details: no JSON, command names or ids", () => {
    const csv = auditCsv(
      [
        event({
          details: {
            variables: {
              input: { id: "c0ffee00-0000-4000-8000-000000000001", allocationId: ALLOCATION, name: "Delia Ortiz" },
            },
          },
        }),
        event({
          kind: "membership",
          action: "update",
          details: {
            memberEmail: "sam@harborview.test",
            before: { role: "account_viewer" },
            after: { role: "account_admin" },
          },
        }),
        event({ kind: "sign_in", action: "sign_in", details: { method: "password" } }),
      ],
      (id) => (id === ALLOCATION ? "Harborview Placement" : null),
    );
    const [header, ...lines] = csv.trimEnd().split("\r\n");
    expect(header).toBe("When,What,Kind,Who,Email,Account,Device,IP,User agent,Details");
    expect(csv).toContain("Emma Lawson invited Delia Ortiz to Harborview Placement");
    expect(csv).toContain("Allocation: Harborview Placement");
    expect(csv).toContain("Emma Lawson changed sam@harborview.test's role from Viewer to Admin");
    expect(csv).toContain("Role: Viewer → Admin");
    expect(csv).toContain(
      ",Changes,Emma Lawson,emma@harborview.test,Harborview Capital,Chrome 131 on Linux,203.0.113.9,",
    );
    expect(lines[2]).toContain("Emma Lawson signed in,Sign-ins,");
    expect(csv).toMatch(/^Mar 05 2026 \d{1,2}:\d{2}(am|pm),/m);
    expect(csv).not.toMatch(/[{}]|makeDistribution|account_(viewer|admin)|sign_in|variables/);
    expect(csv).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
  });
});
