// The accreditation screens' data: the verifications on the device (the `accreditations` kind) and what the outbox
// holds for them (a queued submission, a queued decision), read through the commands' pending lists
// (src/domain/commands/accreditation.ts), never by mutation name.
import { useMemo } from "react";
import { useModel } from "../../data/hooks.tsx";
import type { AccreditationDoc, AccreditationEvidence } from "../../data/models/accreditations.ts";
import { usePending } from "../../data/pending-hooks.ts";
import type { QueuedSubmission } from "./step-view.ts";

export type Verification = AccreditationDoc & { evidence?: AccreditationEvidence[] | null };

export function useStepVerifications(stepId: string): { rows: Verification[]; loading: boolean } {
  const query = useMemo(() => ({ selector: { stepId } }), [stepId]);
  const { rows, loading } = useModel("accreditations", query);
  return { rows: rows as unknown as Verification[], loading };
}

export function useAllVerifications(): { rows: Verification[]; loading: boolean } {
  const { rows, loading } = useModel("accreditations");
  return { rows: rows as unknown as Verification[], loading };
}

/** The newest submission of this step waiting in the outbox (or refused), with its command's key. */
export function useQueuedSubmission(stepId: string): (QueuedSubmission & { key: string }) | null {
  const entries = usePending("accreditation.verifications", stepId);
  return useMemo(() => {
    const mine = entries.filter((entry) => entry.op === "submit" && entry.parentId === stepId);
    const newest = mine[mine.length - 1];
    if (!newest) return null;
    return {
      key: newest.command.id,
      accreditationId: newest.id ?? null,
      status: newest.command.status as QueuedSubmission["status"],
      errorMessage: newest.command.errorMessage ?? null,
    };
  }, [entries, stepId]);
}

export interface QueuedDecision {
  approve: boolean;
  reason: string | null;
  status: "pending" | "accepted" | "rejected";
  errorMessage: string | null;
}

/** The reviewer's queued decisions, by verification. */
export function useQueuedDecisions(): Map<string, QueuedDecision> {
  const entries = usePending("accreditation.verifications");
  return useMemo(() => {
    const byId = new Map<string, QueuedDecision>();
    for (const entry of entries) {
      if (entry.op !== "review" || !entry.id) continue;
      byId.set(entry.id, {
        approve: entry.patch?.approve === true,
        reason: typeof entry.patch?.reason === "string" ? entry.patch.reason : null,
        status: entry.command.status as QueuedDecision["status"],
        errorMessage: entry.command.errorMessage ?? null,
      });
    }
    return byId;
  }, [entries]);
}
