// The onboarding step process read model. It travels inside the distribution document as `process` (server:
// app_private.process_documents_of in sync/database/read-models/10_distributions.sql) instead of a collection of its
// own: RxDB's free tier opens at most 13 collections per page and the list is full. The field is not declared in the
// distribution schema on purpose (undeclared fields are stored as they come; declaring it would change the schema
// hash and need a version bump of a collection other screens share), so this file is its type and its reader.

import type { ProcessDoc } from "../../domain/onboarding.ts";

/** The process embedded in a distribution document (null when the server has not sent one). */
export function processOfDistribution(distribution: unknown): ProcessDoc | null {
  const process = (distribution as { process?: unknown } | null | undefined)?.process;
  if (!process || typeof process !== "object") return null;
  const doc = process as Partial<ProcessDoc>;
  if (typeof doc.id !== "string") return null;
  return { ...(doc as ProcessDoc), steps: Array.isArray(doc.steps) ? doc.steps : [] };
}
