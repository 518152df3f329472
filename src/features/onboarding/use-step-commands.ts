// Step completions are commands (completeStep / completeChildStep / completeParentStep) kept in the durable outbox:
// a form filled offline stays on the device and is submitted on reconnect. This hook lays the outbox over the steps
// (the replica only ever shows what the server says): the newest command of each step, pending or rejected.
import { useCallback, useMemo } from "react";
import { useCommand, useLocalData, useOutbox } from "../../data/hooks.tsx";
import type { OutboxCommand } from "../../data/models/index.ts";
import type { StepDoc } from "../../domain/onboarding.ts";

const STEP_MUTATIONS = new Set(["completeStep", "completeChildStep", "completeParentStep"]);

export interface StepCommand {
  key: string;
  status: "pending" | "accepted" | "rejected";
  errorMessage: string | null;
  blob: Record<string, unknown>;
}

function stepIdOf(command: OutboxCommand): string | null {
  const input = (command.variables as { input?: { stepId?: unknown } } | undefined)?.input;
  return typeof input?.stepId === "string" ? input.stepId : null;
}

export function useStepCommands(): Map<string, StepCommand> {
  const { rows } = useOutbox();
  return useMemo(() => {
    const byStep = new Map<string, StepCommand>();
    for (const command of rows) {
      if (!STEP_MUTATIONS.has(command.mutation)) continue;
      const stepId = stepIdOf(command);
      if (!stepId) continue;
      const input = (command.variables as { input?: { blob?: Record<string, unknown> } }).input;
      byStep.set(stepId, {
        key: command.id,
        status: command.status as StepCommand["status"],
        errorMessage: command.errorMessage ?? null,
        blob: input?.blob ?? {},
      });
    }
    return byStep;
  }, [rows]);
}

/** Sends the completion of a step as a command; nested steps name their parent, parents use the parent variant. */
export function useCompleteStep() {
  const command = useCommand();
  const data = useLocalData();
  return useCallback(
    async (step: StepDoc, hasChildren: boolean, blob: Record<string, unknown>, replacing?: StepCommand) => {
      const input = step.parentId ? { blob, stepId: step.id, parentStepId: step.parentId } : { blob, stepId: step.id };
      if (replacing?.status === "rejected" && data) return data.outbox.resend(replacing.key, { input });
      if (step.parentId) return command("completeChildStep", { input });
      return hasChildren ? command("completeParentStep", { input }) : command("completeStep", { input });
    },
    [command, data],
  );
}

export function useDiscardStepCommand() {
  const data = useLocalData();
  return useCallback((key: string) => data?.outbox.discard(key), [data]);
}
