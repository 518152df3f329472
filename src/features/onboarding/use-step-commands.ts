// Step completions are commands (completeStep / completeChildStep / completeParentStep) kept in the durable outbox:
// a form filled offline stays on the device and is submitted on reconnect. This hook lays the outbox over the steps
// (the replica only ever shows what the server says): the newest command of each step, pending or rejected.
import { useCallback, useMemo } from "react";
import { hostedInput, useHostedSession } from "../../app/hosted-session.ts";
import { useCommand, useLocalData } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import type { StepDoc } from "../../domain/onboarding.ts";

export interface StepCommand {
  key: string;
  status: "pending" | "accepted" | "rejected";
  errorMessage: string | null;
  blob: Record<string, unknown>;
}

export function useStepCommands(): Map<string, StepCommand> {
  const completions = usePending("onboarding.steps");
  return useMemo(() => {
    const byStep = new Map<string, StepCommand>();
    for (const { id, row, command } of completions) {
      if (!id) continue;
      byStep.set(id, {
        key: command.id,
        status: command.status as StepCommand["status"],
        errorMessage: command.errorMessage ?? null,
        blob: row ?? {},
      });
    }
    return byStep;
  }, [completions]);
}

/**
 * Sends the completion of a step as a command; nested steps name their parent, parents use the parent variant. In an
 * in-person session (app/hosted-session.ts) one command, completeStepInPerson, says which of the three it is.
 */
export function useCompleteStep() {
  const command = useCommand();
  const data = useLocalData();
  const hosted = useHostedSession();
  return useCallback(
    async (step: StepDoc, hasChildren: boolean, blob: Record<string, unknown>, replacing?: StepCommand) => {
      const input = { blob, stepId: step.id };
      const child = step.parentId ? { ...input, parentStepId: step.parentId } : null;
      if (hosted) {
        const { sessionId, doneAtDevice } = hostedInput(hosted);
        const inPerson = {
          ...(child ?? input),
          sessionId,
          doneAtDevice,
          ...(!child && hasChildren ? { parentOnly: true } : {}),
        };
        if (replacing?.status === "rejected" && data) return data.outbox.resend(replacing.key, { input: inPerson });
        return command("completeStepInPerson", { input: inPerson });
      }
      if (replacing?.status === "rejected" && data) return data.outbox.resend(replacing.key, { input: child ?? input });
      if (child) return command("completeChildStep", { input: child });
      return hasChildren ? command("completeParentStep", { input }) : command("completeStep", { input });
    },
    [command, data, hosted],
  );
}

export function useDiscardStepCommand() {
  const data = useLocalData();
  return useCallback((key: string) => data?.outbox.discard(key), [data]);
}
