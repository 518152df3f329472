// What a GraphQL client sees of an error. Coded errors (SQLSTATE class LL, raised by our SQL functions) pass through
// with extensions.code in every mode; a row-level-security or grant refusal becomes LL403 'Operation not allowed';
// anything else is masked in production (logged with an id) and shown with its SQLSTATE in development.
import { defaultMaskError } from "postgraphile/grafserv";
import { GraphQLError } from "postgraphile/graphql";

export const NOT_ALLOWED = "Operation not allowed";

interface DatabaseErrorLike {
  code?: unknown;
  message: string;
}

// PostGraphile's update/delete-by-key finds no row when RLS hides it from the caller: a refusal, not a crash.
const hiddenRowRefusal = /^No values were (updated|deleted) in collection/;

function withCode(error: GraphQLError, message: string, code: string): GraphQLError {
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}

export function codedError(error: GraphQLError): GraphQLError | null {
  if (typeof error.extensions?.code === "string" && error.extensions.code.startsWith("LL")) return error;
  const original = error.originalError as DatabaseErrorLike | undefined;
  if (!original) return null;
  const code = typeof original.code === "string" ? original.code : undefined;
  if (code?.startsWith("LL")) return withCode(error, original.message, code);
  if (code === "42501" || hiddenRowRefusal.test(original.message)) return withCode(error, NOT_ALLOWED, "LL403");
  return null;
}

export function makeMaskError(production: boolean): (error: GraphQLError) => GraphQLError {
  return (error) => {
    const coded = codedError(error);
    if (coded) return coded;
    if (production) return defaultMaskError(error);
    const original = error.originalError as DatabaseErrorLike | undefined;
    if (original && typeof original.code === "string") return withCode(error, original.message, original.code);
    return original ? withCode(error, original.message, "INTERNAL") : error;
  };
}
