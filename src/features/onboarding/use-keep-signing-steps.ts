// While online, keeps a process's open signing steps on the device (data/signing-offline.ts: the template file and the
// values), so that each can be signed with no network later even when it was never shown online: on a host's device
// before an in-person session (features/in-person), and on the investor's own device, whose distribution page keeps
// its steps ahead of the current one (docs/SIGNING.md "Signing offline"). A signed one (complete) is forgotten, so a
// device holds no document longer than it needs.
import { useEffect } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { forgetSigningStep } from "../../data/signing-offline.ts";
import type { StepDoc } from "../../domain/onboarding.ts";
import { keepSigningForOffline } from "./SigningStepAction.tsx";

export function useKeepSigningSteps(steps: readonly StepDoc[]): void {
  const viewer = useViewer();
  const online = useOnline();
  const userId = viewer.session.user?.id;
  const signing = steps
    .filter((s) => s.type === "signing" && s.status !== "processing")
    .map((s) => `${s.id}:${s.status === "complete" ? "done" : "open"}`)
    .join(",");
  useEffect(() => {
    if (!userId || !signing) return;
    for (const entry of signing.split(",")) {
      const [stepId = "", state] = entry.split(":");
      if (state === "done") forgetSigningStep(userId, viewer.accountId, stepId).catch(() => undefined);
      else if (online) keepSigningForOffline(userId, viewer.accountId, stepId).catch(() => undefined);
    }
  }, [online, userId, viewer.accountId, signing]);
}
