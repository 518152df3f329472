// What a GraphQL client sees of an error. Coded errors (SQLSTATE class LL, raised by our SQL functions) pass through
// with extensions.code in every mode; a row-level-security or grant refusal becomes LL403 'Operation not allowed';
// an update or delete by key that finds no row becomes LL404 '<Thing> not found.' (refusals.ts); an ordinary input
// mistake becomes a coded error with the field's message, whether GraphQL refused a missing or null required value
// in the variables (required-values.ts), input-checks.ts caught it before SQL (the message names the input field)
// or PostgreSQL refused it (invalid syntax, NUL, too long, out of range, check, foreign key, not null, unique:
// field-messages.ts has the texts). Anything else is masked in production (logged with an id) and
// shown with its SQLSTATE in development. Production also drops graphql-js's "Did you mean ...?" suggestions, which
// would name the schema's fields that introspection hides.
import { defaultMaskError } from "postgraphile/grafserv";
import { GraphQLError } from "postgraphile/graphql";
import {
  checkMessage,
  fieldLabel,
  NUL_TEXT,
  OUT_OF_RANGE_TEXT,
  requiredMessage,
  STILL_REFERENCED_TEXT,
  syntaxMessage,
  TOO_LONG_TEXT,
} from "./field-messages.ts";
import { INPUT_CHECK, type InputCheck } from "./input-checks.ts";
import { noRowRefusal } from "./refusals.ts";
import { variableRefusal } from "./required-values.ts";

const NOT_ALLOWED = "Operation not allowed";

interface DatabaseErrorLike {
  code?: unknown;
  message: string;
  table?: string;
  column?: string;
  constraint?: string;
  detail?: string;
}

/** The error again, where it was (nodes, source, positions, path, cause), with another message and extensions. */
export function restated(error: GraphQLError, message: string, extensions: GraphQLError["extensions"]): GraphQLError {
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions,
  });
}

function withCode(error: GraphQLError, message: string, code: string): GraphQLError {
  return restated(error, message, { ...error.extensions, code });
}

/** ` Did you mean "allAssets", "asset"?` and the like, as graphql-js appends them. */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

export function withoutSuggestions(message: string): string {
  return message.replace(SUGGESTION, "");
}

/** The input field a variable coercion error names: 'Variable "$input" got invalid value "" at "input.asset.total"'. */
function inputPath(message: string): string[] {
  const match = / at "([^"]+)";/.exec(message);
  if (!match?.[1]) return [];
  return match[1].split(/\.|\[\d+\]/).filter((segment) => segment !== "");
}

function inputCheckError(error: GraphQLError, check: InputCheck): GraphQLError {
  const refusal = variableRefusal(error, check);
  if (refusal) return refused(error, refusal);
  const path = inputPath(error.message);
  const field = path.length > 1 ? path[path.length - 1] : undefined;
  const owner = path.length > 2 ? path[path.length - 2] : undefined;
  let message: string;
  if (check.kind === "required") message = field ? requiredMessage(owner, field) : "A value is required.";
  else if (check.kind === "nul") message = field ? `${fieldLabel(field)}: ${NUL_TEXT}` : NUL_TEXT;
  else message = syntaxMessage(check.type, field);
  return restated(error, message, { code: "LL422", ...(field ? { field } : {}) });
}

/** LL422 with the field's text for a value graphql-js refused in the variables (required-values.ts). */
function refused(error: GraphQLError, refusal: { field?: string; message: string }): GraphQLError {
  return restated(error, refusal.message, { code: "LL422", ...(refusal.field ? { field: refusal.field } : {}) });
}

/** The coded answer for what PostgreSQL refused about the input, or null for anything else. */
function databaseRefusal(original: DatabaseErrorLike): { code: string; message: string } | null {
  const state = typeof original.code === "string" ? original.code : "";
  switch (state) {
    case "22P02": // invalid_text_representation: 'invalid input syntax for type numeric: "1,000"'
    case "22007": // invalid_datetime_format
    case "22008": {
      // datetime_field_overflow
      const type = /for type ([a-z ]+)/.exec(original.message)?.[1] ?? (state === "22P02" ? "value" : "date");
      return { code: "LL422", message: syntaxMessage(type, original.column) };
    }
    case "22021": // character_not_in_repertoire (NUL in text)
    case "22P05": // untranslatable_character (\u0000 in jsonb)
      return { code: "LL422", message: NUL_TEXT };
    case "22001": // string_data_right_truncation
      return {
        code: "LL422",
        message: original.column ? `${fieldLabel(original.column)}: ${TOO_LONG_TEXT}` : TOO_LONG_TEXT,
      };
    case "22003": // numeric_value_out_of_range
      return { code: "LL422", message: OUT_OF_RANGE_TEXT };
    case "23502": // not_null_violation (column and table are fields of the error)
      return { code: "LL422", message: requiredMessage(original.table, original.column ?? "value") };
    case "23514": // check_violation
      return { code: "LL422", message: checkMessage(original.table, original.constraint ?? "") };
    case "23503": {
      // foreign_key_violation: a missing referenced row, or a row still referenced
      const key = /Key \(([^)]+)\)=/.exec(original.detail ?? "")?.[1];
      if (/still referenced/.test(original.detail ?? "") || /^update or delete on/.test(original.message))
        return { code: "LL409", message: STILL_REFERENCED_TEXT };
      // The detail names the key only when the role may read it; the constraint '<table>_<column>_fkey' always does.
      const table = original.table ?? "";
      const constraint = original.constraint ?? "";
      const column =
        key ?? (constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1).replace(/_fkey$/, "") : null);
      return { code: "LL404", message: `${fieldLabel(column ?? "referenced record")} not found.` };
    }
    case "23505": {
      // unique_violation
      const key = /Key \(([^)]+)\)=/.exec(original.detail ?? "")?.[1];
      const what = key && !key.includes(",") ? fieldLabel(key).toLowerCase() : "these values";
      return { code: "LL409", message: `A record with this ${what} already exists.` };
    }
    default:
      return null;
  }
}

export function codedError(error: GraphQLError): GraphQLError | null {
  const original = error.originalError as DatabaseErrorLike | undefined;
  const check = (original as unknown as Record<string, unknown> | undefined)?.[INPUT_CHECK] as InputCheck | undefined;
  if (check) return inputCheckError(error, check);
  if (typeof error.extensions?.code === "string" && error.extensions.code.startsWith("LL")) return error;
  // A required value missing or null in the variables: the field's text, never graphql-js's wording.
  const required = variableRefusal(error);
  if (required) return refused(error, required);
  if (!original) return null;
  const code = typeof original.code === "string" ? original.code : undefined;
  if (code?.startsWith("LL")) return withCode(error, original.message, code);
  if (code === "42501") return withCode(error, NOT_ALLOWED, "LL403");
  if (/^Attempted to update a record, but no new values were specified/.test(original.message))
    return withCode(error, "Nothing to change: the patch names no field.", "LL422");
  const noRow = noRowRefusal(original.message);
  if (noRow) return withCode(error, noRow, "LL404");
  const refusal = databaseRefusal(original);
  if (refusal) return withCode(error, refusal.message, refusal.code);
  // graphql-js's own refusal of an input (a variable of the wrong shape, an unknown input field): the request's
  // mistake, not the server's.
  if (original instanceof GraphQLError && /^Variable "\$[^"]+" got invalid value/.test(error.message))
    return withCode(error, error.message, "LL422");
  return null;
}

export function makeMaskError(production: boolean): (error: GraphQLError) => GraphQLError {
  return (error) => {
    const coded = codedError(error);
    if (coded) return production ? withMessage(coded, withoutSuggestions(coded.message)) : coded;
    if (production) {
      const masked = defaultMaskError(error);
      return withMessage(masked, withoutSuggestions(masked.message));
    }
    const original = error.originalError as DatabaseErrorLike | undefined;
    if (original && typeof original.code === "string") return withCode(error, original.message, original.code);
    return original ? withCode(error, original.message, "INTERNAL") : error;
  };
}

function withMessage(error: GraphQLError, message: string): GraphQLError {
  if (message === error.message) return error;
  return restated(error, message, error.extensions);
}
