// Inputs read before SQL: a BigFloat, BigInt, Date, Datetime or UUID value that PostgreSQL could not read ("1,000",
// "", "12abc", "2024-13-45", "not-a-uuid") is refused while GraphQL coerces the variables, where the error still
// knows the input field (errors.ts turns it into LL422 with the field's message, field-messages.ts); text holding
// U+0000 (which PostgreSQL cannot store) is refused with the path of the variable that holds it. What is
// syntactically a number or a date but not an allowed one (NaN, Infinity, 1e309, 'infinity') is the database's
// rule (its domain types) and passes through to it.
import { GraphQLError } from "postgraphile/graphql";
import { fieldLabel, NUL_TEXT, syntaxMessage } from "./field-messages.ts";

/** The extension key of an input check's error (read by errors.ts). */
export const INPUT_CHECK = "ledgerlineInputCheck";

export type InputCheck = { kind: "required" } | { kind: "syntax"; type: string } | { kind: "nul" };

const SPECIAL = /^\s*[+-]?(nan|infinity|inf)\s*$/i;
const CHECKS: Record<string, (text: string) => boolean> = {
  BigFloat: (text) => /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text) || SPECIAL.test(text),
  BigInt: (text) => /^\s*[+-]?\d+\s*$/.test(text),
  UUID: (text) => /^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i.test(text.trim()),
  Date: (text) => {
    const value = text.trim();
    if (/^[+-]?infinity$/i.test(value)) return true;
    const match = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  },
  // ISO 8601 as clients and PostgreSQL's own output write it ('2024-01-01', '2024-01-01T10:00:00Z',
  // '2026-11-22 14:36:37.15+00', '1850-01-01 05:53:28+05:53:28').
  Datetime: (text) =>
    /^[+-]?infinity$/i.test(text.trim()) ||
    /^\d{4,}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([ T]([01]\d|2[0-4]):[0-5]\d(:[0-5]\d(\.\d+)?)?)?\s*(Z|[+-]\d{2}(:?\d{2}(:?\d{2})?)?)?( BC)?$/i.test(
      text.trim(),
    ),
};

/** Whether `text` is a value of the checked scalar `type` (BigFloat, BigInt, UUID, Date, Datetime). */
export function inputIsValid(type: string, text: string): boolean {
  const check = CHECKS[type];
  return text.trim() !== "" && (!check || check(text));
}

/**
 * The error a scalar's parse throws. graphql-js reports it as it is for a literal in the query, and wraps it (with
 * the variable's path in the message) for a variable: errors.ts reads the check from the INPUT_CHECK property (not
 * enumerable, so it never reaches an answer) and names the field.
 */
function refusal(check: InputCheck): GraphQLError {
  const message =
    check.kind === "syntax" ? syntaxMessage(check.type) : check.kind === "nul" ? NUL_TEXT : "A value is required.";
  const error = new GraphQLError(message, { extensions: { code: "LL422" } });
  Object.defineProperty(error, INPUT_CHECK, { value: check, enumerable: false });
  return error;
}

function checked(type: string, text: string): string {
  if (text.trim() === "") throw refusal({ kind: "required" });
  const check = CHECKS[type];
  if (check && !check(text)) throw refusal({ kind: "syntax", type });
  return text;
}

/** The path of the first string holding U+0000 in the variables ("input.asset.name"), or null. */
export function nulPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key];
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export function nulMessage(path: readonly string[]): string {
  const field = [...path].reverse().find((segment) => !/^\d+$/.test(segment));
  return field && path.length > 1 ? `${fieldLabel(field)}: ${NUL_TEXT}` : NUL_TEXT;
}

interface CodecLike {
  name: string;
  domainOfCodec?: CodecLike;
}

/** The base scalars' checks by the PostgreSQL type under a domain (units, money, day, moment ... : 0810, 0811). */
const CHECK_BY_PG_TYPE: Record<string, string> = {
  numeric: "BigFloat",
  int8: "BigInt",
  uuid: "UUID",
  date: "Date",
  timestamptz: "Datetime",
  timestamp: "Datetime",
};

/** GraphQL scalar name of each domain over a checked type -> the base scalar's check name. */
function domainChecks(build: GraphileBuild.Build): Map<string, string> {
  const found = new Map<string, string>();
  const codecs = Object.values(build.input.pgRegistry.pgCodecs) as unknown as CodecLike[];
  for (const codec of codecs) {
    if (!codec.domainOfCodec) continue;
    let base = codec.domainOfCodec;
    while (base.domainOfCodec) base = base.domainOfCodec;
    const check = CHECK_BY_PG_TYPE[base.name];
    const typeName = build.getGraphQLTypeNameByPgCodec(codec as never, "input");
    if (check && typeName) found.set(typeName, check);
  }
  return found;
}

export const InputChecksPlugin: GraphileConfig.Plugin = {
  name: "LedgerlineInputChecksPlugin",
  version: "1.0.0",
  schema: {
    hooks: {
      GraphQLScalarType(config, build) {
        const checkName = config.name in CHECKS ? config.name : domainChecks(build).get(config.name);
        if (!checkName) return config;
        const { parseValue, parseLiteral } = config;
        return {
          ...config,
          parseValue(value: unknown) {
            if (typeof value === "string" || typeof value === "number") {
              const text = checked(checkName, String(value));
              return parseValue ? parseValue(text) : text;
            }
            return parseValue ? parseValue(value) : value;
          },
          parseLiteral(ast, variables) {
            if (ast.kind === "StringValue") checked(checkName, ast.value);
            return parseLiteral ? parseLiteral(ast, variables) : undefined;
          },
        };
      },
    },
  },
  grafast: {
    middleware: {
      execute(next, event) {
        const path = nulPath(event.args.variableValues ?? {});
        if (!path) return next();
        return { errors: [new GraphQLError(nulMessage(path), { extensions: { code: "LL422" } })] };
      },
    },
  },
};
