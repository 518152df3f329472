import { describe, expect, it } from "vitest";
import { latestVerification, stepView } from "./step-view.ts";

const step = (status: string, outputData: Record<string, unknown> = {}, retry = { retryCount: 0, retryLimit: 3 }) => ({
  id: "s1",
  status,
  outputData,
  ...retry,
});
const verification = (id: string, status: string, submittedOn: string, stepId = "s1") => ({
  id,
  stepId,
  status,
  submittedOn,
});

describe("the accreditation step's view", () => {
  it("shows the form on a fresh step", () => {
    expect(stepView(step("in_progress"), [], null)).toEqual({
      kind: "form",
      previous: null,
      error: null,
      canRetry: true,
    });
  });

  it("shows a queued submission until its verification reaches the device", () => {
    const queued = { accreditationId: "a1", status: "pending" as const };
    expect(stepView(step("in_progress"), [], queued).kind).toBe("queued");
    const accepted = { accreditationId: "a1", status: "accepted" as const };
    expect(stepView(step("in_progress"), [], accepted).kind).toBe("queued");
    const arrived = stepView(step("processing"), [verification("a1", "submitted", "2026-01-02")], accepted);
    expect(arrived).toEqual({ kind: "waiting", verification: verification("a1", "submitted", "2026-01-02") });
  });

  it("shows the server's refusal of a submission", () => {
    const refused = { accreditationId: "a1", status: "rejected" as const, errorMessage: "Nope" };
    expect(stepView(step("in_progress"), [], refused)).toEqual({ kind: "refused", submission: refused });
  });

  it("shows a rejection's reason with the form again, within the retry limit", () => {
    const rejected = verification("a1", "rejected", "2026-01-02");
    const view = stepView(step("failed", { accreditationId: "a1", error: "Letter too old" }), [rejected], null);
    expect(view).toEqual({ kind: "form", previous: rejected, error: "Letter too old", canRetry: true });
    const spent = stepView(step("failed", { error: "x" }, { retryCount: 3, retryLimit: 3 }), [rejected], null);
    expect(spent.kind === "form" && spent.canRetry).toBe(false);
  });

  it("shows the decision once the step is complete", () => {
    const approved = verification("a2", "approved", "2026-01-05");
    const view = stepView(
      step("complete", { accreditationId: "a2" }),
      [verification("a1", "rejected", "2026-01-02"), approved],
      null,
    );
    expect(view).toEqual({ kind: "decided", verification: approved });
  });

  it("takes the verification the step's output names, else the step's newest", () => {
    const rows = [
      verification("a1", "rejected", "2026-01-02"),
      verification("a2", "submitted", "2026-01-03"),
      verification("a3", "approved", "2026-01-09", "other-step"),
    ];
    expect(latestVerification(step("processing"), rows)?.id).toBe("a2");
    expect(latestVerification(step("failed", { accreditationId: "a1" }), rows)?.id).toBe("a1");
  });
});
