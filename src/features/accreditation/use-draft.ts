// The investor's draft of an accreditation submission, kept on the device (data/drafts.ts) until it is submitted:
// the chosen method and the evidence files chosen so far (their slot keys in the file queue, names, sizes, types).
import { useCallback, useEffect, useState } from "react";
import { readDraft, removeDraft, writeDraft } from "../../data/drafts.ts";
import type { EvidenceFile } from "./submit.ts";

export interface Draft {
  method: string | null;
  files: EvidenceFile[];
}

const EMPTY: Draft = { method: null, files: [] };
const draftKey = (stepId: string) => `accreditation:${stepId}`;

/** The draft (null while it is read), a change that is kept at once, and its removal. */
export function useDraft(stepId: string) {
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    let live = true;
    readDraft<Draft>(draftKey(stepId))
      .then((stored) => live && setDraft(stored ?? EMPTY))
      .catch(() => live && setDraft(EMPTY));
    return () => {
      live = false;
    };
  }, [stepId]);
  const update = useCallback(
    (change: (current: Draft) => Draft) =>
      setDraft((current) => {
        const next = change(current ?? EMPTY);
        void writeDraft(draftKey(stepId), next).catch(() => undefined);
        return next;
      }),
    [stepId],
  );
  const clear = useCallback(async () => {
    await removeDraft(draftKey(stepId)).catch(() => undefined);
    setDraft(EMPTY);
  }, [stepId]);
  return { draft, update, clear };
}
