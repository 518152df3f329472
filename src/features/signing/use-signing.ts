// The signing screens' data (view.ts shapes), read from the replicas: the account's signing account with its
// templates and the mapping choices (kind `signing_accounts`), its mapped templates with roles, fields and question
// sets (kind `mapped_signing_templates`), the documents sent for signature (kind `sent_signing_documents`) and the
// account's question sets (kind `onboarding_question_sets`). Edits go through the outbox as commands; their
// declarations (src/domain/commands/signing.ts) put them on the signing pending lists, and this hook lays the queued
// ones (pending, or accepted and not yet replicated) over the rows they touch, and marks each touched row (pending,
// syncing, refused). Syncing the template
// list needs the network (the screen disables it offline); a template's PDF can be chosen offline: it waits in the
// device's file queue and createSigningTemplate waits behind it until it is uploaded (issue 31 item 3).
import { useCallback, useMemo } from "react";
import { useViewer } from "../../app/viewer.ts";
import { queueUpload } from "../../data/file-hooks.ts";
import { useCommand, useModel } from "../../data/hooks.tsx";
import type {
  MappedSigningTemplateDoc,
  SigningField,
  SigningRole,
} from "../../data/models/mapped-signing-templates.ts";
import type { SentSigningDocumentDoc } from "../../data/models/sent-signing-documents.ts";
import type {
  MappingField,
  MappingRole,
  SigningAccountDoc,
  SigningTemplate,
} from "../../data/models/signing-accounts.ts";
import { type PendingEntry, usePending } from "../../data/pending-hooks.ts";
import type { PendingOps } from "../../domain/commands/lists.ts";
import { signingTemplatePlace, templateFileProblem } from "../../domain/import-files.ts";
import { pickableMappingFields } from "./signing-rules.ts";
import type {
  MappedTemplateView,
  MappingFieldView,
  MappingRoleView,
  QuestionSetOption,
  SentDocumentView,
  SigningAccountView,
  SigningTemplateView,
  SyncState,
} from "./view.ts";

export type Mark = { status: "pending" | "accepted" | "rejected"; errorMessage?: string | null };

type MappedPatch = Partial<{
  name: string;
  locked: boolean;
  active: boolean;
  qualificationStepType: "email" | "inline";
}>;

export interface SigningData {
  loading: boolean;
  account: SigningAccountView | null;
  syncState: SyncState;
  templates: SigningTemplateView[];
  mappedTemplates: MappedTemplateView[];
  mappingFields: MappingFieldView[];
  pickableFields: MappingFieldView[];
  mappingRoles: MappingRoleView[];
  questionSets: QuestionSetOption[];
  /** false while the account has no question sets to offer */
  questionSetsAvailable: boolean;
  /** The newest queued `op` of this account on row `id` of a signing list, with its mark. */
  markOf<L extends SigningList>(list: L, op: PendingOps[L], id: string): Mark | null;
  sync(): Promise<unknown>;
  /** Built-in provider: upload a PDF template (kept on the device until uploaded); null when it has no upload. */
  upload: ((file: File) => Promise<void>) | null;
  /** The filled PDF with mock values, null when the provider has none. */
  previewUrl: ((mappedTemplateId: string) => string) | null;
  createMapped(templateId: string, name: string): Promise<unknown>;
  updateMapped(id: string, patch: MappedPatch): Promise<unknown>;
  deleteMapped(id: string): Promise<unknown>;
  addToQualifications(id: string): Promise<unknown>;
  updateRole(id: string, patch: { mapTo: string; toName: string | null; toEmail: string | null }): Promise<unknown>;
  updateField(id: string, patch: { mapTo: string; value: string | null }): Promise<unknown>;
  addQuestionSet(mappedTemplateId: string, questionSetId: string): Promise<unknown>;
  removeQuestionSet(id: string): Promise<unknown>;
}

/** The pending lists the signing commands declare (src/domain/commands/signing.ts). */
type SigningList =
  | "signing.account"
  | "signing.mappedTemplates"
  | "signing.roles"
  | "signing.fields"
  | "mappedTemplate.questionSets";

interface MappedInput {
  id?: string;
  templateId?: string;
  name?: string;
}

/** Queued and not yet seen in the replicas: its effect is laid over the rows. */
const live = (entry: PendingEntry) => entry.mark.status === "pending" || entry.mark.status === "accepted";
const markOfEntry = (entry: PendingEntry): Mark => ({
  status: entry.mark.status,
  errorMessage: entry.command.errorMessage,
});

function syncStateOf(status: string | undefined, queued: boolean): SyncState {
  if (queued || status === "loading") return "loading";
  if (status === "error") return "error";
  return "sync";
}

function templateView(template: SigningTemplate): SigningTemplateView {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    updatedOn: template.modifiedOn,
    syncedOn: template.syncedOn,
    deleted: template.deleted,
    templateUri: template.templateUri,
    syncStatus: template.syncStatus ?? "synced",
    failure: template.failure ?? null,
    documents: (template.documents ?? []).map((d) => ({ id: d.id, name: d.name })),
  };
}

function sentView(doc: SentSigningDocumentDoc): SentDocumentView {
  const sentTo = doc.sentTo as { name?: string | null } | null | undefined;
  return {
    id: doc.id,
    documentUri: doc.documentUri ?? null,
    documentId: doc.documentId ?? null,
    status: doc.status ?? "created",
    sentOn: doc.sentOn ?? null,
    sentTo: sentTo?.name ?? null,
  };
}

export function useSigning(): SigningData {
  const { accountId } = useViewer();
  const send = useCommand();
  const accounts = useModel("signing_accounts");
  const mapped = useModel("mapped_signing_templates");
  const sent = useModel("sent_signing_documents");
  const sets = useModel("onboarding_question_sets");
  const accountSync = usePending("signing.account");
  const mappedChanges = usePending("signing.mappedTemplates");
  const roleChanges = usePending("signing.roles");
  const fieldChanges = usePending("signing.fields");
  const setChanges = usePending("mappedTemplate.questionSets");

  const view = useMemo(() => {
    const pending: { [L in SigningList]: PendingEntry<L>[] } = {
      "signing.account": accountSync,
      "signing.mappedTemplates": mappedChanges,
      "signing.roles": roleChanges,
      "signing.fields": fieldChanges,
      "mappedTemplate.questionSets": setChanges,
    };
    /** This account's entries of `list` with `op` (the device may hold another account's queued commands). */
    const own = <L extends SigningList>(list: L, op: PendingOps[L]): PendingEntry<L>[] =>
      (pending[list] as PendingEntry<L>[]).filter((e) => e.op === op && e.command.accountId === accountId);
    const markOf = <L extends SigningList>(list: L, op: PendingOps[L], id: string): Mark | null => {
      const entry = own(list, op).findLast((e) => e.id === id);
      return entry ? markOfEntry(entry) : null;
    };
    const queued = <L extends SigningList>(list: L, op: PendingOps[L]) => own(list, op).filter(live);

    const accountDoc = (accounts.rows as unknown as SigningAccountDoc[]).find((a) => a.accountId === accountId);
    const syncQueued = accountDoc ? markOf("signing.account", "sync", accountDoc.id)?.status === "pending" : false;
    const account: SigningAccountView | null = accountDoc
      ? {
          id: accountDoc.id,
          name: accountDoc.name ?? "",
          provider: accountDoc.provider ?? "builtin",
          syncedOn: accountDoc.syncedOn ?? null,
          syncState: syncStateOf(accountDoc.syncStatus, syncQueued),
          failure: accountDoc.failure ?? null,
        }
      : null;
    const templates = ((accountDoc?.templates ?? []) as unknown as SigningTemplate[]).map(templateView);
    const mappingFields: MappingFieldView[] = ((accountDoc?.mappingFields ?? []) as unknown as MappingField[]).map(
      (f) => ({ id: f.field, description: f.description, testValue: f.testValue }),
    );
    const mappingRoles: MappingRoleView[] = ((accountDoc?.mappingRoles ?? []) as unknown as MappingRole[]).map((r) => ({
      id: r.role,
      description: r.description,
    }));

    const questionSetRows = (
      sets.rows as unknown as Array<{ id: string; accountId: string; name: string; active?: boolean }>
    ).filter((s) => s.accountId === accountId);
    const setName = (id: string) => questionSetRows.find((s) => s.id === id)?.name ?? id;

    const sentByTemplate = new Map<string, SentDocumentView[]>();
    for (const doc of sent.rows as unknown as SentSigningDocumentDoc[]) {
      const list = sentByTemplate.get(doc.mappedSigningTemplateId) ?? [];
      list.push(sentView(doc));
      sentByTemplate.set(doc.mappedSigningTemplateId, list);
    }

    // the replicas, with the queued edits laid over them
    const patchesOf = (entries: readonly PendingEntry[]) => {
      const patches = new Map<string, Record<string, unknown>>();
      for (const e of entries) patches.set(e.id ?? "", { ...patches.get(e.id ?? ""), ...e.patch });
      return patches;
    };
    const rolePatches = patchesOf(queued("signing.roles", "edit"));
    const fieldPatches = patchesOf(queued("signing.fields", "edit"));
    const mappedPatches = patchesOf(queued("signing.mappedTemplates", "edit"));
    const deletedIds = new Set(queued("signing.mappedTemplates", "remove").map((e) => e.id));
    const removedSets = new Set(queued("mappedTemplate.questionSets", "remove").map((e) => e.id));

    const mappedTemplates: MappedTemplateView[] = (mapped.rows as unknown as MappedSigningTemplateDoc[])
      .filter((m) => m.accountId === accountId && !deletedIds.has(m.id))
      .map((m) => {
        const patch = mappedPatches.get(m.id) ?? {};
        const roles = ((m.roles ?? []) as unknown as SigningRole[]).map((r) => ({
          id: r.id,
          name: r.name,
          type: r.type,
          mapTo: r.mapTo,
          toName: r.toName,
          toEmail: r.toEmail,
          ...(rolePatches.get(r.id) as Partial<SigningRole> | undefined),
        }));
        const fields = ((m.fields ?? []) as unknown as SigningField[]).map((f) => ({
          id: f.id,
          name: f.name,
          documentId: f.signingDocumentId,
          role: f.role,
          type: f.type,
          mapTo: f.mapTo,
          value: f.value,
          valueVariable: f.valueVariable,
          ...(fieldPatches.get(f.id) as Partial<SigningField> | undefined),
        }));
        const attached = ((m.questionSets ?? []) as unknown as Array<{ id: string; onboardingQuestionSetId: string }>)
          .filter((q) => !removedSets.has(q.id))
          .map((q) => ({
            id: q.id,
            questionSetId: q.onboardingQuestionSetId,
            name: setName(q.onboardingQuestionSetId),
          }));
        for (const e of queued("mappedTemplate.questionSets", "add")) {
          const link = e.row as { onboardingQuestionSetId: string } | undefined;
          if (!link || e.parentId !== m.id || attached.some((q) => q.id === e.id)) continue;
          attached.push({
            id: e.id ?? e.command.id,
            questionSetId: link.onboardingQuestionSetId,
            name: setName(link.onboardingQuestionSetId),
          });
        }
        return {
          id: m.id,
          name: (patch.name as string | undefined) ?? m.name ?? "",
          locked: (patch.locked as boolean | undefined) ?? Boolean(m.locked),
          active: (patch.active as boolean | undefined) ?? Boolean(m.active),
          deleted: Boolean(m.isDeleted),
          templateCopyOn: m.templateCopyOn ?? null,
          templateUpdatedOn: m.templateUpdatedOn ?? null,
          signingTemplateId: m.signingTemplateId,
          qualificationStepType:
            ((patch.qualificationStepType as string | undefined) ?? m.qualificationStepType) === "email"
              ? "email"
              : "inline",
          inQualifications: Boolean(m.vendorQualificationId),
          roles,
          fields,
          sentDocuments: sentByTemplate.get(m.id) ?? [],
          questionSets: attached,
          pending: null,
        };
      });
    // a mapped template created on this device and not yet replicated: the queued ones, then the refused ones
    const created = own("signing.mappedTemplates", "add");
    const rejected = (entry: PendingEntry) => entry.mark.status === "rejected";
    for (const e of [...created.filter(live), ...created.filter(rejected)]) {
      const input = (e.row ?? {}) as MappedInput;
      if (!input.id || !input.templateId || mappedTemplates.some((m) => m.id === input.id)) continue;
      mappedTemplates.push({
        id: input.id,
        name: input.name ?? "",
        locked: false,
        active: false,
        deleted: false,
        templateCopyOn: null,
        templateUpdatedOn: null,
        signingTemplateId: input.templateId,
        qualificationStepType: "inline",
        inQualifications: false,
        roles: [],
        fields: [],
        sentDocuments: [],
        questionSets: [],
        pending: markOfEntry(e),
      });
    }

    return {
      loading: accounts.loading || mapped.loading,
      account,
      syncState: account?.syncState ?? "sync",
      templates,
      mappedTemplates,
      mappingFields,
      pickableFields: pickableMappingFields(mappingFields),
      mappingRoles,
      questionSets: questionSetRows.filter((s) => s.active !== false).map((s) => ({ id: s.id, name: s.name })),
      questionSetsAvailable: questionSetRows.length > 0,
      markOf,
    };
  }, [accountId, accounts, mapped, sent, sets, accountSync, mappedChanges, roleChanges, fieldChanges, setChanges]);

  const accountKey = view.account?.id;
  const provider = view.account?.provider;
  const sync = useCallback(
    () => (accountKey ? send("docusignSyncTemplateList", { input: { accountId: accountKey } }) : Promise.resolve()),
    [send, accountKey],
  );
  const upload = useCallback(
    async (file: File) => {
      // Kept on the device (checked: a PDF of at most 100 MB), uploaded when online; the template is made once the
      // server has the file. Throws FileRefusedError / StorageFullError with the text to show, nothing kept.
      await queueUpload({
        file,
        place: signingTemplatePlace(accountId),
        mutation: "createSigningTemplate",
        variables: (slotKey) => ({
          input: { id: crypto.randomUUID(), fileKey: slotKey, name: file.name.replace(/\.pdf$/i, "") },
        }),
        holdsCommand: true,
        check: async (chosen) => templateFileProblem(chosen),
      });
    },
    [accountId],
  );

  return {
    ...view,
    sync,
    upload: provider === "builtin" ? upload : null,
    previewUrl:
      provider === "builtin" ? (id: string) => `/api/v2/signing/test/${encodeURIComponent(id)}/preview.pdf` : null,
    createMapped: (templateId, name) =>
      send("createMappedSigningTemplate", { input: { id: crypto.randomUUID(), templateId, name } }),
    updateMapped: (id, patch) => send("updateMappedSigningTemplateById", { input: { id, patch } }),
    deleteMapped: (id) => send("deleteMappedSigningTemplateById", { input: { id } }),
    addToQualifications: (id) => send("addMappedSigningTemplateToQualifications", { input: { id } }),
    updateRole: (id, patch) => send("updateSigningRoleById", { input: { id, patch } }),
    updateField: (id, patch) => send("updateSigningFieldById", { input: { id, patch } }),
    addQuestionSet: (mappedSigningTemplateId, onboardingQuestionSetId) =>
      send("createMappedSigningTemplateQuestionSet", {
        input: {
          mappedSigningTemplateQuestionSet: {
            id: crypto.randomUUID(),
            mappedSigningTemplateId,
            onboardingQuestionSetId,
          },
        },
      }),
    removeQuestionSet: (id) => send("deleteMappedSigningTemplateQuestionSetById", { input: { id } }),
  };
}
