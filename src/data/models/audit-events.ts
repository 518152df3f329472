// The audit trail's window on the device (a kind of `records`, parent accountId; server:
// sync/database/audit/20_replica.sql, docs/ADMIN.md "Offline"): the latest 500 events of the account for its owners
// and admins (Settings > Activity), of the platform for admins (the admin home). Older events are read online.
import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { keyword, object, optionalText, optionalUuid, text, timestamp, uuid } from "./fields.ts";

export const auditEventSchema = toTypedRxJsonSchema({
  title: "audit_events",
  description: "An event of the audit trail (append-only on the server).",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    kind: keyword,
    action: text,
    userId: optionalUuid,
    accountId: optionalUuid,
    sessionId: optionalUuid,
    deviceId: optionalText,
    ip: optionalText,
    userAgent: optionalText,
    details: object,
    actor: optionalText,
    accountName: optionalText,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "kind", "action", "createdOn"],
} as const);

export type AuditEventDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof auditEventSchema>;
