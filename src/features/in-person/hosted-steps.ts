// What the focused screen shows of the distribution's process: the steps open when the session started (and their
// nested steps), in the process's order, as they are now; and the steps done in person, for the host's step list.
// A step whose completion waits in the outbox counts as done there: withQueuedDone (domain/onboarding.ts).

import type { InPersonMark } from "../../domain/in-person.ts";
import type { ProcessDoc, StepDoc } from "../../domain/onboarding.ts";

/** The process restricted to the session's steps (nested steps follow their parent). All of it when none were named. */
export function sessionProcess(process: ProcessDoc, stepIds: readonly string[]): ProcessDoc {
  if (stepIds.length === 0) return process;
  const kept = new Set(stepIds);
  return {
    ...process,
    steps: process.steps.filter((s) => kept.has(s.id) || (s.parentId != null && kept.has(s.parentId))),
  };
}

/** The steps open now (not complete), the session's steps when it starts. */
export function openStepIds(process: ProcessDoc | null): string[] {
  return (process?.steps ?? []).filter((s) => s.status !== "complete" && !s.parentId).map((s) => s.id);
}

/** The server's record of a step done in person (read model field `inPerson`), or null. */
export function inPersonOf(step: StepDoc): InPersonMark | null {
  const mark = (step as { inPerson?: InPersonMark | null }).inPerson;
  return mark && typeof mark === "object" ? mark : null;
}
