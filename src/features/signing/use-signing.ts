// The signing screens' data (view.ts shapes), read from the replicas: the account's signing account with its
// templates (kind `signing_accounts`), its mapped templates with roles, fields and question sets (kind
// `mapped_signing_templates`) and the documents sent for signature (kind `sent_signing_documents`); edits go
// through the outbox as commands; the marks of queued and refused commands are laid over the rows they touch.
import { useMemo } from "react";
import { useOutbox } from "../../data/hooks.tsx";
import { pickableMappingFields } from "./signing-rules.ts";
import type {
  MappedTemplateView,
  MappingFieldView,
  MappingRoleView,
  QuestionSetOption,
  SigningAccountView,
  SigningTemplateView,
  SyncState,
} from "./view.ts";

export type Mark = { status: "pending" | "accepted" | "rejected"; errorMessage?: string | null };

export interface SigningData {
  loading: boolean;
  account: SigningAccountView | null;
  syncState: SyncState;
  templates: SigningTemplateView[];
  mappedTemplates: (MappedTemplateView & { pending?: Mark | null })[];
  mappingFields: MappingFieldView[];
  pickableFields: MappingFieldView[];
  mappingRoles: MappingRoleView[];
  questionSets: QuestionSetOption[];
  /** false while question sets are not replicated on this device */
  questionSetsAvailable: boolean;
  markOf(mutation: string, id: string): Mark | null;
  sync(): Promise<unknown>;
  /** Built-in provider: upload a PDF template (needs the network); null when the provider has no upload. */
  upload: ((file: File) => Promise<void>) | null;
  /** The filled PDF with mock values (built-in provider), null when the provider has none. */
  previewUrl: ((mappedTemplateId: string) => string) | null;
  createMapped(templateId: string, name: string): Promise<unknown>;
  updateMapped(
    id: string,
    patch: Partial<{ name: string; locked: boolean; active: boolean; qualificationStepType: "email" | "inline" }>,
  ): Promise<unknown>;
  deleteMapped(id: string): Promise<unknown>;
  updateRole(id: string, patch: { mapTo: string; toName: string | null; toEmail: string | null }): Promise<unknown>;
  updateField(id: string, patch: { mapTo: string; value: string | null }): Promise<unknown>;
  addQuestionSet(mappedTemplateId: string, questionSetId: string): Promise<unknown>;
  removeQuestionSet(id: string): Promise<unknown>;
}

export function useSigning(): SigningData {
  const { rows: outbox } = useOutbox();
  return useMemo(() => {
    const markOf = (mutation: string, id: string): Mark | null => {
      const command = [...outbox]
        .reverse()
        .find((c) => c.mutation === mutation && (c.variables as { input?: { id?: string } }).input?.id === id);
      return command ? { status: command.status as Mark["status"], errorMessage: command.errorMessage } : null;
    };
    const none = async () => undefined;
    const mappingFields: MappingFieldView[] = [];
    return {
      loading: false,
      account: null,
      syncState: "sync",
      templates: [],
      mappedTemplates: [],
      mappingFields,
      pickableFields: pickableMappingFields(mappingFields),
      mappingRoles: [],
      questionSets: [],
      questionSetsAvailable: false,
      markOf,
      sync: none,
      upload: null,
      previewUrl: null,
      createMapped: none,
      updateMapped: none,
      deleteMapped: none,
      updateRole: none,
      updateField: none,
      addQuestionSet: none,
      removeQuestionSet: none,
    };
  }, [outbox]);
}
