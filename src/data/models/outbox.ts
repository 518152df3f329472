import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { keyword, optionalText, timestamp, uuid } from "./fields.ts";

/**
 * A command waiting for (or answered by) the server: the GraphQL mutation's name and variables, its idempotency key
 * (`id`), who made it (user and account: it is only ever sent under that same user and account), the device and the
 * device's sequence number (the order commands are sent and applied in), and its status:
 *   pending   stored, not yet answered (sent or not: a resend is harmless, the server applies a key once)
 *   accepted  applied by the server; kept until the replicas show its effect, then purged
 *   rejected  refused with a coded error; kept with the reason until edited and resent, or discarded
 * Client-only: never replicated.
 */
export const outboxSchema = toTypedRxJsonSchema({
  title: "outbox",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    mutation: { type: "string", maxLength: 100 },
    variables: { type: "object" },
    userId: uuid,
    accountId: uuid,
    deviceId: { type: "string", maxLength: 64 },
    seq: { type: "integer", minimum: 0, maximum: 1e15, multipleOf: 1 },
    createdOn: timestamp,
    status: keyword,
    errorCode: optionalText,
    errorMessage: optionalText,
    attempts: { type: "integer" },
    answeredOn: { type: ["string", "null"] },
    /** the key of the rejected command this one corrects (resend after an edit) */
    replaces: { type: ["string", "null"] },
  },
  required: [
    "id",
    "mutation",
    "variables",
    "userId",
    "accountId",
    "deviceId",
    "seq",
    "createdOn",
    "status",
    "attempts",
  ],
  indexes: ["seq", ["status", "seq"]],
} as const);

export type OutboxCommand = ExtractDocumentTypeFromTypedRxJsonSchema<typeof outboxSchema>;
