// The command catalogue, shared by the device and the server (docs/REPLICATION.md "Commands"): the union of the
// areas' declarations (declarations.ts; one per command: name, effect on the device, description, sample,
// command.ts) joined with the valibot schema of each command's variables (generated from schema.graphql: inputs.ts).
// The outbox checks a command against its schema before storing it (src/data/outbox.ts) and the command endpoint
// checks it again before running it (sync/replication/commands.ts): both answer a wrong shape with LL422 naming the
// field. Screens send commands through useCommand (src/data/hooks.tsx), typed from here: a misspelt name or a wrong
// variable type does not compile.
import * as v from "valibot";
import type { CommandDeclaration, Effect } from "./command.ts";
import { type CommandName, DECLARATIONS } from "./declarations.ts";
import { type CommandEffect, conventionalEffect } from "./effects.ts";
import { VARIABLES } from "./inputs.ts";
import { isListEffect, type ListEffect } from "./lists.ts";

export type { CommandDeclaration } from "./command.ts";
export { COMMAND_NAMES, type CommandName } from "./declarations.ts";
export type { CommandEffect } from "./effects.ts";

/** The variables a command takes, as its schema types them (what a screen passes). */
export type CommandVariables<N extends CommandName> = v.InferInput<(typeof VARIABLES)[N]>;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * The variables of exactly one command: a call with a union of names (`kind === "a" ? "makeX" : "makeY"`) would take
 * either command's variables for both, so it does not compile; such a screen calls each name on its own line.
 */
export type VariablesOf<N extends CommandName> = [N] extends [UnionToIntersection<N>] ? CommandVariables<N> : never;

interface CommandEntry<N extends CommandName> {
  variables: (typeof VARIABLES)[N];
  effect: Effect;
  describe: CommandDeclaration["describe"];
}

export const COMMANDS: { readonly [N in CommandName]: CommandEntry<N> } = Object.fromEntries(
  DECLARATIONS.map((declaration) => [
    declaration.name,
    { variables: VARIABLES[declaration.name], effect: declaration.effect, describe: declaration.describe },
  ]),
) as unknown as { [N in CommandName]: CommandEntry<N> };

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/**
 * The pending effect of a stored command: the catalogue's, or for a mutation outside it (a command stored by an
 * older version of the app) the CRUD convention's.
 */
export function commandEffect(mutation: string, variables: Record<string, unknown>): CommandEffect | null {
  const effect = isCommandName(mutation) ? COMMANDS[mutation].effect : "convention";
  if (effect === null || isListEffect(effect)) return null;
  return effect === "convention" ? conventionalEffect(mutation, variables) : effect(variables);
}

/** The pending list a stored command touches, as its declaration says (null for none, or outside the catalogue). */
export function commandListEffect(mutation: string): ListEffect | null {
  const effect = isCommandName(mutation) ? COMMANDS[mutation].effect : null;
  return isListEffect(effect) ? effect : null;
}

/** A wrong shape: the field (dotted path in the variables, "" for the variables themselves) and the message. */
export interface CommandProblem {
  field: string;
  message: string;
  /** A required value is missing or null (the server answers it with the field's 'X is required' text). */
  required: boolean;
}

/** The first problem of the command's variables against its schema, null when they fit (or the name is unknown). */
export function commandProblem(mutation: string, variables: unknown): CommandProblem | null {
  if (!isCommandName(mutation)) return null;
  const result = v.safeParse(COMMANDS[mutation].variables as v.GenericSchema, variables, { abortEarly: true });
  if (result.success) return null;
  const issue = result.issues[0];
  const field = (issue.path ?? []).map((item) => String(item.key)).join(".");
  const unknownField = issue.type === "strict_object" && issue.expected === "never";
  const required = !unknownField && issue.kind === "schema" && ["undefined", "null"].includes(issue.received);
  const what = unknownField
    ? "is not a field of this command"
    : issue.received === "undefined" && issue.kind === "schema" && issue.expected?.startsWith('"')
      ? "is required"
      : issue.message;
  return { field, message: `Invalid ${mutation}: ${field || "variables"} ${what}.`, required };
}

/** A command refused before it is stored or run: its variables do not fit the catalogue's schema (LL422). */
export class InvalidCommandError extends Error {
  readonly code = "LL422";
  readonly field: string;
  constructor(problem: CommandProblem) {
    super(problem.message);
    this.name = "InvalidCommandError";
    this.field = problem.field;
  }
}

/** Throws InvalidCommandError when the variables do not fit the command's schema; an unknown name throws too. */
export function assertCommand(mutation: string, variables: unknown): void {
  if (!isCommandName(mutation))
    throw new InvalidCommandError({ field: "", message: `Unknown command: ${mutation}`, required: false });
  const problem = commandProblem(mutation, variables);
  if (problem) throw new InvalidCommandError(problem);
}
