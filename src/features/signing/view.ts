// What the signing screens show (spec part 2 section 3, the signing entities), read from the replicas by
// use-signing.ts. The screens depend on these shapes only.

export type SyncState = "sync" | "loading" | "error";

export interface SigningAccountView {
  id: string;
  name: string;
  provider: string;
  syncedOn: string | null;
  syncState: SyncState;
  failure: string | null;
}

export interface SigningDocumentView {
  id: string;
  name: string;
}

export interface SigningTemplateView {
  id: string;
  name: string;
  description: string | null;
  updatedOn: string | null;
  syncedOn: string | null;
  deleted: boolean;
  templateUri: string | null;
  /** the template's own sync: loading while the provider (or the uploaded PDF) is read */
  syncStatus: "loading" | "synced" | "error";
  failure: string | null;
  documents: SigningDocumentView[];
}

export interface SigningRoleView {
  id: string;
  name: string;
  mapTo: string;
  type: string | null;
  toName: string | null;
  toEmail: string | null;
}

export interface SigningFieldView {
  id: string;
  name: string;
  documentId: string | null;
  role: string | null;
  type: string | null;
  mapTo: string | null;
  value: string | null;
  valueVariable: string | null;
}

export interface SentDocumentView {
  id: string;
  documentUri: string | null;
  documentId: string | null;
  status: string;
  sentOn: string | null;
  sentTo: string | null;
}

export interface QuestionSetLinkView {
  id: string;
  questionSetId: string;
  name: string;
}

export interface MappedTemplateView {
  id: string;
  name: string;
  locked: boolean;
  active: boolean;
  deleted: boolean;
  templateCopyOn: string | null;
  templateUpdatedOn: string | null;
  signingTemplateId: string;
  qualificationStepType: "email" | "inline";
  /** added to the account's qualifications (a vendor qualification) */
  inQualifications: boolean;
  roles: SigningRoleView[];
  fields: SigningFieldView[];
  sentDocuments: SentDocumentView[];
  questionSets: QuestionSetLinkView[];
  /** a creation queued on this device and not yet replicated (or refused) */
  pending: { status: "pending" | "accepted" | "rejected"; errorMessage?: string | null } | null;
}

export interface MappingFieldView {
  id: string;
  description: string;
  testValue: string | null;
}

export interface MappingRoleView {
  id: string;
  description?: string | null;
}

export interface QuestionSetOption {
  id: string;
  name: string;
}
