// Onboarding step form definitions (a kind of `records`; server: sync/database/admin/20_replica.sql), one document
// per version, replicated to platform admins: /admin/forms reads them offline.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { keyword, kindSchema, object, text } from "./fields.ts";

export const formDefinitionSchema = kindSchema({
  title: "form_definitions",
  description: "A version of an onboarding step form definition (never changed).",
  version: 0,
  properties: {
    key: keyword,
    version: { type: "integer" },
    name: text,
    stepType: keyword,
    renderAttributes: object,
    schema: object,
  },
  required: ["key", "version", "name", "stepType"],
});

export type FormDefinitionDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof formDefinitionSchema>;
