// The shared collection of small and reference read models ("kinds"): one RxDB collection, `records`, holds the
// documents of every kind (docs/REPLICATION.md "Models without a collection of their own"). RxDB's free tier opens at
// most 13 collections per page; kinds take none of their own, so any number of small models fit.
//
// A record is the server's document as it is (same fields, read by the same hooks and queries) plus three fields of
// its own: `recordKey` (the primary key, `<kind>:<id>`: two kinds with the same id never collide), `recordKind` (the
// server model's name, the `t` of change events) and `recordParent` (the value of the kind's parent field, e.g. a
// broker invitation's roundId, or "" when it has none), plus `recordVersion` (the kind's schema version: a new version
// of a kind's schema drops its records of other versions and pulls them again, as a changed collection is). The indexes put `recordKind` first: every query of a kind
// reads only that kind's records; by parent (recordKind + recordParent) or in creation order (recordKind + createdOn).
// Fields not listed in a schema are still stored (there is no validator in production: fields.ts).
import { type ExtractDocumentTypeFromTypedRxJsonSchema, type RxJsonSchema, toTypedRxJsonSchema } from "rxdb";
import { accountDetailsSchema } from "./account-details.ts";
import { accreditationSchema } from "./accreditations.ts";
import { platformBookSchema } from "./admin-books.ts";
import { auditEventSchema } from "./audit-events.ts";
import { blockchainAddressSchema } from "./blockchain-addresses.ts";
import { brokerAllocationSchema } from "./broker-allocations.ts";
import { delegateInvitationSchema } from "./delegate-invitations.ts";
import { keyword, timestamp, uuid } from "./fields.ts";
import { formDefinitionSchema } from "./form-definitions.ts";
import { integrationSchema } from "./integrations.ts";
import { mappedSigningTemplateSchema } from "./mapped-signing-templates.ts";
import { onboardingQuestionSchema, onboardingQuestionSetSchema } from "./onboarding-questions.ts";
import { paymentAccountSchema } from "./payment-accounts.ts";
import { qualificationAnswerSchema } from "./qualification-answers.ts";
import { sentSigningDocumentSchema } from "./sent-signing-documents.ts";
import { signingAccountSchema } from "./signing-accounts.ts";
import { tokenSchema } from "./tokens.ts";
import { transferSchema } from "./transfers.ts";
import { usersAccountSchema } from "./users-accounts.ts";

const recordSchema = toTypedRxJsonSchema({
  title: "records",
  description: "The documents of every small read model (kind), keyed by kind and id.",
  version: 0,
  primaryKey: "recordKey",
  type: "object",
  properties: {
    recordKey: { type: "string", maxLength: 80 },
    recordKind: keyword,
    recordParent: { type: "string", maxLength: 40 },
    recordVersion: { type: "integer" },
    id: uuid,
    createdOn: timestamp,
  },
  required: ["recordKey", "recordKind", "recordParent", "id", "createdOn"],
  indexes: [
    ["recordKind", "recordParent"],
    ["recordKind", "createdOn"],
  ],
} as const);

export type RecordDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof recordSchema>;

/** A kind: the schema of its documents (their fields; the blank tombstone's required fields) and its parent field. */
interface KindDefinition {
  schema: { title: string; primaryKey: "id" };
  /** The field whose value is indexed as `recordParent` (queries by it read only that parent's records). */
  parent?: string;
}

/** Read models stored in `records` (name = server model name, the `t` of change events). */
export const RECORD_KINDS = {
  broker_allocations: { schema: brokerAllocationSchema, parent: "roundId" },
  tokens: { schema: tokenSchema, parent: "roundId" },
  integrations: { schema: integrationSchema },
  payment_accounts: { schema: paymentAccountSchema, parent: "accountId" },
  onboarding_question_sets: { schema: onboardingQuestionSetSchema, parent: "accountId" },
  onboarding_questions: { schema: onboardingQuestionSchema, parent: "accountId" },
  qualification_answers: { schema: qualificationAnswerSchema, parent: "vendorId" },
  signing_accounts: { schema: signingAccountSchema, parent: "accountId" },
  mapped_signing_templates: { schema: mappedSigningTemplateSchema, parent: "signingTemplateId" },
  sent_signing_documents: { schema: sentSigningDocumentSchema, parent: "mappedSigningTemplateId" },
  users_accounts: { schema: usersAccountSchema, parent: "accountId" },
  delegate_invitations: { schema: delegateInvitationSchema, parent: "accountId" },
  audit_events: { schema: auditEventSchema, parent: "accountId" },
  platform_books: { schema: platformBookSchema },
  form_definitions: { schema: formDefinitionSchema },
  blockchain_addresses: { schema: blockchainAddressSchema, parent: "accountId" },
  account_details: { schema: accountDetailsSchema, parent: "accountId" },
  transfers: { schema: transferSchema, parent: "holdingId" },
  accreditations: { schema: accreditationSchema, parent: "stepId" },
} as const satisfies Record<string, KindDefinition>;

export type RecordKind = keyof typeof RECORD_KINDS;

export function isRecordKind(name: string): name is RecordKind {
  return Object.hasOwn(RECORD_KINDS, name);
}

/** The primary key of a kind's document in `records`. */
export function recordKey(kind: RecordKind, id: string): string {
  return `${kind}:${id}`;
}

/** The version of a kind's schema: its records are stored with it (`recordVersion`). */
export const kindVersion = (kind: RecordKind): number => RECORD_KINDS[kind].schema.version;

/**
 * The identifier of a kind's replication (its checkpoint): a new schema version of the kind starts a new one, so its
 * records are pulled again from the start (replication.ts first removes the records of other versions).
 */
export function kindReplicationIdentifier(kind: RecordKind): string {
  const version = kindVersion(kind);
  return version === 0 ? `ll-pull-${kind}` : `ll-pull-${kind}-v${version}`;
}

const parentField = (kind: RecordKind): string | undefined => (RECORD_KINDS[kind] as KindDefinition).parent;

/** A pulled document (or tombstone) of a kind as it is stored in `records`. */
export function toRecord(kind: RecordKind, doc: Record<string, unknown>): Record<string, unknown> {
  const field = parentField(kind);
  const parent = field ? doc[field] : undefined;
  return {
    ...doc,
    recordKey: recordKey(kind, String(doc.id)),
    recordKind: kind,
    recordParent: typeof parent === "string" ? parent : "",
    recordVersion: kindVersion(kind),
    createdOn: typeof doc.createdOn === "string" ? doc.createdOn : "",
  };
}

const rows = new WeakMap<object, Record<string, unknown>>();

/** A stored record as the screens see the kind's document (without the record's own fields; one object per record). */
export function fromRecord<T>(record: T): T {
  const raw = record as unknown as Record<string, unknown>;
  let row = rows.get(raw);
  if (!row) {
    const { recordKey: _key, recordKind: _kind, recordParent: _parent, recordVersion: _version, ...doc } = raw;
    row = doc;
    rows.set(raw, row);
  }
  return row as T;
}

/**
 * A query of a kind's documents as a query of `records`: the kind's records only, and an equality on the kind's
 * parent field also as `recordParent` (so the index serves it). The rest of the selector and the sort apply to the
 * document's own fields, stored as they are.
 */
export function kindQuery<Q extends { selector?: Record<string, unknown> }>(kind: RecordKind, query: Q): Q {
  const selector: Record<string, unknown> = { recordKind: kind };
  const field = parentField(kind);
  const parent = field ? query.selector?.[field] : undefined;
  const equal =
    typeof parent === "string"
      ? parent
      : typeof parent === "object" && parent !== null && typeof (parent as { $eq?: unknown }).$eq === "string"
        ? ((parent as { $eq: string }).$eq as string)
        : undefined;
  if (equal !== undefined) selector.recordParent = equal;
  return { ...query, selector: { ...selector, ...(query.selector ?? {}) } };
}

export const RECORD_SCHEMA = recordSchema as unknown as RxJsonSchema<RecordDoc>;
