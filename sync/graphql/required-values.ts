// A required value that is missing, null or empty answers LL422 with the field's text (the spec's 'X is required'
// where it has one, field-messages.ts requiredInputMessage), never graphql-js's wording ('Field "amount" of required
// type "BigFloat!" was not provided.', 'Expected value of type "BigFloat!", found null.', 'Variable "$x" of
// required type "BigFloat!" was not provided.'), however the value was sent:
//   - written in the query: graphql-js's validation rules ValuesOfCorrectTypeRule and ProvidedRequiredArgumentsRule
//     are wrapped (requiredValuesRule) so their refusals of a missing or null value, and the input checks'
//     refusals of an empty or malformed literal (input-checks.ts), name the field. Validation errors are answered
//     as they are, in every mode (grafserv does not pass them through maskError), so this runs in development
//     and production alike (RequiredValuesPlugin);
//   - in variables (an online request or the command endpoint): graphql-js's coercion errors are turned into the
//     same answers by errors.ts (requiredVariableMessage), which reads the path from the message and where the
//     variable is used from the operation's text.
// The field is found by its path of names: the mutation, its argument, the input fields down to the value
// (['makeRound', 'input', 'name']).
import {
  type ASTNode,
  type ASTVisitor,
  GraphQLError,
  Kind,
  ProvidedRequiredArgumentsRule,
  parse,
  type Source,
  type ValidationContext,
  type ValidationRule,
  ValuesOfCorrectTypeRule,
  visit,
} from "postgraphile/graphql";
import { fieldLabel, NUL_TEXT, requiredInputMessage, syntaxMessage } from "./field-messages.ts";
import { INPUT_CHECK, type InputCheck } from "./input-checks.ts";

type Ancestor = ASTNode | readonly ASTNode[];

/** The names of the fields, arguments and input fields from the operation down to a node. */
function namesOf(ancestors: readonly (Ancestor | undefined)[]): string[] {
  const names: string[] = [];
  for (const node of ancestors) {
    if (!node || Array.isArray(node)) continue;
    const named = node as ASTNode;
    if (named.kind === Kind.FIELD || named.kind === Kind.ARGUMENT || named.kind === Kind.OBJECT_FIELD)
      names.push(named.name.value);
  }
  return names;
}

function refusal(message: string, names: readonly string[], nodes: ASTNode | undefined): GraphQLError {
  const field = names.length > 1 ? names[names.length - 1] : undefined;
  return new GraphQLError(message, { nodes, extensions: { code: "LL422", ...(field ? { field } : {}) } });
}

function checkMessage(check: InputCheck, names: readonly string[]): string {
  const field = names.length > 1 ? names[names.length - 1] : undefined;
  if (check.kind === "required") return field ? requiredInputMessage(names) : "A value is required.";
  if (check.kind === "nul") return field ? `${fieldLabel(field)}: ${NUL_TEXT}` : NUL_TEXT;
  return syntaxMessage(check.type, field);
}

const MISSING_FIELD = /^Field "[^".]+\.([^"]+)" of required type "[^"]+" was not provided\.$/;
const NULL_VALUE = /^Expected value of type "[^"]+!", found null\.$/;
const MISSING_ARGUMENT = /^Field "[^"]+" argument "([^"]+)" of type "[^"]+" is required, but it was not provided\.$/;

/**
 * A validation rule whose refusals of a missing, null, empty or malformed value name the field. The wrapped rule's
 * visitor runs as before; each of its calls is told the node it is at, so a refusal can be placed.
 */
export function requiredValuesRule(rule: ValidationRule): ValidationRule {
  return (context: ValidationContext) => {
    let at: { names: string[]; node: ASTNode } | null = null;
    const placed = Object.create(context) as ValidationContext;
    placed.reportError = (error: GraphQLError) => {
      const names = at?.names ?? [];
      const node = at?.node;
      const check = (error as unknown as Record<string, unknown>)[INPUT_CHECK] as InputCheck | undefined;
      const missingField = MISSING_FIELD.exec(error.message)?.[1];
      const missingArgument = MISSING_ARGUMENT.exec(error.message)?.[1];
      if (check) context.reportError(refusal(checkMessage(check, names), names, node));
      else if (missingField) {
        const path = [...names, missingField];
        context.reportError(refusal(requiredInputMessage(path), path, node));
      } else if (missingArgument) {
        const path = [...names, missingArgument];
        context.reportError(refusal(requiredInputMessage(path), path, node));
      } else if (NULL_VALUE.test(error.message)) context.reportError(refusal(requiredInputMessage(names), names, node));
      else context.reportError(error);
    };
    const visitor = rule(placed) as Record<string, unknown>;
    const wrapped: Record<string, unknown> = {};
    for (const [kind, handler] of Object.entries(visitor)) {
      const enter = typeof handler === "function" ? handler : (handler as { enter?: unknown })?.enter;
      const leave = typeof handler === "function" ? undefined : (handler as { leave?: unknown })?.leave;
      const track =
        (fn: unknown) =>
        (node: ASTNode, key: unknown, parent: Ancestor | undefined, path: unknown, ancestors: readonly Ancestor[]) => {
          at = { names: namesOf([...ancestors, parent, node.kind === Kind.FIELD ? node : undefined]), node };
          return (fn as (...args: unknown[]) => unknown).call(visitor, node, key, parent, path, ancestors);
        };
      wrapped[kind] = {
        ...(typeof enter === "function" ? { enter: track(enter) } : {}),
        ...(typeof leave === "function" ? { leave: track(leave) } : {}),
      };
    }
    return wrapped as ASTVisitor;
  };
}

/** The validation rules with graphql-js's two refusals of required values wrapped (requiredValuesRule). */
export function withRequiredValues(rules: readonly ValidationRule[]): ValidationRule[] {
  return rules.map((rule) =>
    rule === ValuesOfCorrectTypeRule || rule === ProvidedRequiredArgumentsRule ? requiredValuesRule(rule) : rule,
  );
}

/** Where `$variable` is first used in the operation: the names down to it (['makeRound', 'input']). */
function usageOf(source: Source | undefined, variable: string): string[] | null {
  if (!source) return null;
  let found: string[] | null = null;
  try {
    visit(parse(source), {
      enter(node, _key, parent, _path, ancestors) {
        if (node.kind === Kind.VARIABLE_DEFINITION) return false;
        if (found || node.kind !== Kind.VARIABLE || node.name.value !== variable) return undefined;
        found = namesOf([...(ancestors as readonly Ancestor[]), parent as Ancestor | undefined]);
        return undefined;
      },
    });
  } catch {
    return null;
  }
  return found;
}

const VARIABLE_MISSING =
  /^Variable "\$([^"]+)" of (?:required|non-null) type "[^"]+" (?:was not provided|must not be null)\.$/;
const VARIABLE_INVALID = /^Variable "\$([^"]+)" got invalid value .*?(?: at "([^"]+)")?; (.*)$/s;
const FIELD_MISSING = /^Field "([^"]+)" of required type "[^"]+" was not provided\.$/;
const NOT_NULL = /^Expected non-nullable type "[^"]+" not to be null\.$/;

/** The names down to a value of a variable: where the variable is used, then the path inside it. */
function variableNames(error: GraphQLError, variable: string, inside: string | undefined): string[] {
  const usage = usageOf(error.source, variable) ?? [variable];
  const below = (inside ?? variable)
    .split(/\.|\[\d+\]/)
    .filter((segment) => segment !== "")
    .slice(1);
  return [...usage, ...below];
}

/**
 * The field and text for graphql-js's refusal of a variable's value when it is a missing or null required value,
 * or an input check's refusal (input-checks.ts) of a value inside a variable; null for any other error.
 */
export function variableRefusal(error: GraphQLError, check?: InputCheck): { field?: string; message: string } | null {
  const missing = VARIABLE_MISSING.exec(error.message);
  if (missing?.[1]) {
    const names = variableNames(error, missing[1], undefined);
    return { field: names[names.length - 1], message: requiredInputMessage(names) };
  }
  const invalid = VARIABLE_INVALID.exec(error.message);
  if (!invalid?.[1]) return null;
  const names = variableNames(error, invalid[1], invalid[2]);
  const reason = invalid[3] ?? "";
  const missingField = FIELD_MISSING.exec(reason)?.[1];
  if (missingField) names.push(missingField);
  else if (!check && !NOT_NULL.test(reason)) return null;
  const field = names.length > 1 ? names[names.length - 1] : undefined;
  return { field, message: check ? checkMessage(check, names) : requiredInputMessage(names) };
}

export const RequiredValuesPlugin: GraphileConfig.Plugin = {
  name: "LedgerlineRequiredValuesPlugin",
  version: "1.0.0",
  grafserv: {
    middleware: {
      setPreset(next, event) {
        const rules = withRequiredValues(event.validationRules);
        event.validationRules.splice(0, event.validationRules.length, ...rules);
        return next();
      },
    },
  },
};
