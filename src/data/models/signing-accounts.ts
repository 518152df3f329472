// The `signing_accounts` read model (a kind of `records`; server: sync/database/signing/20_read_models.sql,
// docs/SIGNING.md): the account's signing account at its provider (built-in or DocuSign) with its templates as last
// synced (each with its documents) and the choices a role or field may be mapped to. Only the account's members
// receive it.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { keyword, kindSchema, list, optionalText, text, uuid } from "./fields.ts";

export const signingAccountSchema = kindSchema({
  title: "signing_accounts",
  description: "A signing account with its templates and the mapping choices.",
  version: 0,
  properties: {
    accountId: uuid,
    provider: keyword,
    name: text,
    syncedOn: { type: ["string", "null"], maxLength: 40 },
    syncStatus: keyword,
    failure: optionalText,
    templates: list,
    mappingRoles: list,
    mappingFields: list,
  },
  required: ["accountId"],
  indexes: ["accountId"],
});

export type SigningAccountDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof signingAccountSchema>;

/** A document of a template (`templates[i].documents[j]`). */
export interface SigningDocument {
  id: string;
  signingTemplateId: string;
  providerDocumentId: string;
  name: string;
  order: number;
  pages: number | null;
}

/** A role or field as the provider reports it (`templates[i].roles`, `.fields`). */
export interface SigningTemplateRole {
  name: string;
  order: number;
  type?: "signer" | "cc";
}
export interface SigningTemplateField {
  name: string;
  role: string | null;
  type: "text" | "date" | "checkbox" | "signature" | "initial";
  documentId: string | null;
  page: number | null;
  required?: boolean;
}

/** A provider's template as last synced (`templates[i]`). */
export interface SigningTemplate {
  id: string;
  signingAccountId: string;
  providerTemplateId: string;
  name: string;
  description: string | null;
  templateUri: string | null;
  roles: SigningTemplateRole[];
  fields: SigningTemplateField[];
  /** when the template's content last changed (a mapped copy older than this shows 'Change detected in the template...') */
  modifiedOn: string;
  syncedOn: string | null;
  syncStatus: "loading" | "synced" | "error";
  failure: string | null;
  deleted: boolean;
  documents: SigningDocument[];
  createdOn: string;
  updatedOn: string;
}

/** What a role may be mapped to (`mappingRoles[i]`): investor, issuer, static. */
export interface MappingRole {
  id: string;
  role: string;
  description: string;
}

/** What a field may be mapped to (`mappingFields[i]`); testValue is the test page's mock value. */
export interface MappingField {
  id: string;
  field: string;
  description: string;
  testValue: string | null;
}
