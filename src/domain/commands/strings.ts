// What a stored command is, as the user who made it would say it ("Add contact Ann Lee"), from its declaration's
// `describe` (the areas' modules, command.ts): the sync review lists queued and refused changes by these
// (src/features/sync/SyncIndicator.tsx). Every declaration has one.
import { COMMANDS, isCommandName } from "./catalogue.ts";

type Input = Record<string, unknown>;

/** "makeCustomer" -> "Make customer": the last resort for a command stored by another version of the app. */
function spokenName(mutation: string): string {
  const words = mutation.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a stored command is, from its mutation and variables (`{ input }`), as the user would say it. */
export function describeCommand(mutation: string, variables: unknown): string {
  const raw = (variables as { input?: unknown } | null | undefined)?.input;
  const input = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Input) : {};
  if (!isCommandName(mutation)) return spokenName(mutation);
  try {
    return COMMANDS[mutation].describe(input);
  } catch {
    return spokenName(mutation);
  }
}
