import { describe, expect, it } from "vitest";
import { type ProcessDoc, type StepDoc, withQueuedDone } from "../../domain/onboarding.ts";
import { inPersonOf, openStepIds, sessionProcess } from "./hosted-steps.ts";

const step = (id: string, order: number, status: string, parentId: string | null = null) =>
  ({ id, order, status, parentId, type: "custom" }) as unknown as StepDoc;

const process = {
  id: "p",
  steps: [
    step("a", 1, "complete"),
    step("b", 2, "in_progress"),
    step("b1", 1, "in_progress", "b"),
    step("c", 3, "not_started"),
    step("d", 4, "not_started"),
  ],
} as unknown as ProcessDoc;

describe("the focused screen's steps", () => {
  it("are the top steps open at the start, with their nested steps", () => {
    expect(openStepIds(process)).toEqual(["b", "c", "d"]);
    expect(openStepIds(null)).toEqual([]);
    expect(sessionProcess(process, ["b", "d"]).steps.map((s) => s.id)).toEqual(["b", "b1", "d"]);
    expect(sessionProcess(process, []).steps).toHaveLength(5);
  });

  it("count a step whose completion waits in the outbox as done; a refused one stays open", () => {
    const queued = new Map([
      ["b", { status: "pending" as const }],
      ["c", { status: "rejected" as const }],
      ["d", { status: "accepted" as const }],
    ]);
    expect(withQueuedDone(process, queued).steps.map((s) => [s.id, s.status])).toEqual([
      ["a", "complete"],
      ["b", "complete"],
      ["b1", "in_progress"],
      ["c", "not_started"],
      ["d", "complete"],
    ]);
  });

  it("read who did a step in person from the read model", () => {
    expect(inPersonOf(step("x", 1, "complete"))).toBeNull();
    const mark = { hostName: "Ben", doneAtDevice: "2026-11-29T14:00:00Z", receivedAt: null };
    expect(inPersonOf({ ...step("x", 1, "complete"), inPerson: mark } as unknown as StepDoc)).toEqual(mark);
  });
});
