// The audit trail's window on the device (a kind of `records`, parent accountId; server:
// sync/database/audit/20_replica.sql, docs/ADMIN.md "Offline"): the latest 500 events of the account for its owners
// and admins (Settings > Activity), of the platform for admins (the admin home). Older events are read online.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { keyword, kindSchema, object, optionalText, optionalUuid, text } from "./fields.ts";

export const auditEventSchema = kindSchema({
  title: "audit_events",
  description: "An event of the audit trail (append-only on the server).",
  version: 0,
  properties: {
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
  },
  required: ["kind", "action"],
  withUpdatedOn: false,
});

export type AuditEventDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof auditEventSchema>;
