// The `mapped_signing_templates` read model (a kind of `records`, parent signingTemplateId; server:
// sync/database/signing/20_read_models.sql, docs/SIGNING.md): a mapped template with its roles and fields (the
// mapping), its question sets and the state of the template it was copied from. Only the account's members receive it.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { flag, keyword, kindSchema, list, object, optionalUuid, text, timestamp, uuid } from "./fields.ts";

export const mappedSigningTemplateSchema = kindSchema({
  title: "mapped_signing_templates",
  description: "A mapped signing template with its roles, fields and question sets.",
  version: 0,
  properties: {
    signingTemplateId: uuid,
    accountId: uuid,
    name: text,
    locked: flag,
    active: flag,
    /** the mapped template was deleted (the server's `deleted`; RxDB reserves that name) */
    isDeleted: flag,
    templateCopyOn: timestamp,
    templateUpdatedOn: timestamp,
    qualificationStepType: keyword,
    vendorQualificationId: optionalUuid,
    template: object,
    roles: list,
    fields: list,
    questionSets: list,
  },
  required: ["signingTemplateId", "accountId"],
  indexes: ["signingTemplateId"],
});

export type MappedSigningTemplateDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof mappedSigningTemplateSchema>;

/** The template it was copied from (`template`). */
export interface MappedTemplateSource {
  id: string;
  name: string;
  modifiedOn: string;
  deleted: boolean;
  syncedOn: string | null;
}

/** A role of the mapped template (`roles[i]`): mapTo is 'not mapped' until mapped. */
export interface SigningRole {
  id: string;
  mappedSigningTemplateId: string;
  name: string;
  order: number;
  type: "signer" | "cc";
  mapTo: string;
  toName: string | null;
  toEmail: string | null;
}

/** A field of the mapped template (`fields[i]`): mapTo is a mapping field's `field` or 'not mapped'. */
export interface SigningField {
  id: string;
  mappedSigningTemplateId: string;
  signingDocumentId: string | null;
  name: string;
  role: string | null;
  type: "text" | "date" | "checkbox" | "signature" | "initial";
  page: number | null;
  mapTo: string;
  value: string | null;
  valueVariable: string | null;
}

/** A question set asked before signing (`questionSets[i]`). */
export interface MappedTemplateQuestionSet {
  id: string;
  mappedSigningTemplateId: string;
  onboardingQuestionSetId: string;
  executeOrder: number;
}
