// Onboarding step form definitions (a kind of `records`; server: sync/database/admin/20_replica.sql), one document
// per version, replicated to platform admins: /admin/forms reads them offline.
import { type ExtractDocumentTypeFromTypedRxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { keyword, object, text, timestamp, uuid } from "./fields.ts";

export const formDefinitionSchema = toTypedRxJsonSchema({
  title: "form_definitions",
  description: "A version of an onboarding step form definition (never changed).",
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: uuid,
    key: keyword,
    version: { type: "integer" },
    name: text,
    stepType: keyword,
    renderAttributes: object,
    schema: object,
    createdOn: timestamp,
    updatedOn: timestamp,
  },
  required: ["id", "key", "version", "name", "stepType", "createdOn", "updatedOn"],
} as const);

export type FormDefinitionDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof formDefinitionSchema>;
