// Expected failures arrive as coded errors (SQLSTATE class LL, see docs/CONVENTIONS.md); this is the one place that
// turns a code into the text a user reads.
import { MESSAGES } from "./messages.ts";

const ERROR_TEXTS: Record<string, string> = {
  LL403: MESSAGES.operationNotAllowed,
};

interface CodedError {
  code?: string | null;
  message?: string | null;
}

/**
 * The text for a failed call: a mapped code wins; a coded server error (class LL) carries the spec's text in its
 * message; anything else (masked internal errors, network failures) shows the default text.
 */
export function describeError(error: CodedError | null | undefined): string {
  if (!error) return MESSAGES.defaultError;
  const mapped = error.code ? ERROR_TEXTS[error.code] : undefined;
  if (mapped) return mapped;
  if (error.code?.startsWith("LL") && error.message) return error.message;
  return MESSAGES.defaultError;
}
