// A list of documents (spec part 1 sections 2.8, 2.9): name, created date, type, uploaded by; owners also see the
// upload status (followed live through the replica) and "Shared With", others "Shared Via". Download only when
// uploaded, and only online; owners who may write can delete (queued in the outbox).
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { DocumentDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import { type SharingLike, sharingNames, uploadStatusText } from "../../domain/documents.ts";
import { formatDate } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import {
  Button,
  ConfirmDialog,
  DataTableHead,
  dataTable,
  dataTableCard,
  dateCell,
  EmptyState,
  linkClass,
  mutedText,
  StatusBadge,
  SyncMark,
} from "../../ui/index.ts";
import { DOCUMENTS_TEXT } from "./strings.ts";

export function DocumentsTable({
  label,
  documents,
  owner,
  viewerType,
  canDelete,
  uploaderNames,
}: {
  label: string;
  documents: WithPending<DocumentDoc>[];
  /** Documents the selected account uploaded. */
  owner: boolean;
  viewerType: string;
  canDelete: boolean;
  uploaderNames: Map<string, string>;
}) {
  const online = useOnline();
  const send = useCommand();
  const [deleting, setDeleting] = useState<DocumentDoc | null>(null);
  if (documents.length === 0) return <EmptyState text={MESSAGES.noDocuments} />;
  return (
    <div className={dataTableCard}>
      <table className={dataTable} aria-label={label}>
        <DataTableHead
          headers={[
            DOCUMENTS_TEXT.name,
            DOCUMENTS_TEXT.created,
            DOCUMENTS_TEXT.type,
            DOCUMENTS_TEXT.uploadedBy,
            owner && DOCUMENTS_TEXT.uploadStatus,
            owner ? DOCUMENTS_TEXT.sharedWith : DOCUMENTS_TEXT.sharedVia,
            { title: DOCUMENTS_TEXT.actions, hidden: true },
          ]}
        />
        <tbody>
          {documents.map((document) => {
            const uploaded = document.uploadStatus === "uploaded";
            return (
              <tr key={document.id} data-testid="document-row">
                <td className={css({ fontWeight: "600" })}>
                  {document.name}
                  <SyncMark mark={document._pending} />
                </td>
                <td className={dateCell}>{formatDate(document.createdOn, "MMM Do YYYY")}</td>
                <td
                  className={css({ textTransform: "uppercase", fontSize: "xs", fontWeight: "600", color: "fg.muted" })}
                >
                  {document.extension}
                </td>
                <td>{uploaderNames.get(document.uploadedById ?? "") ?? "—"}</td>
                {owner && (
                  <td data-testid="upload-status">
                    <StatusBadge
                      status={document.uploadStatus ?? "pending"}
                      label={uploadStatusText(document.uploadStatus)}
                    />
                  </td>
                )}
                <td>{sharingNames(document.sharings as SharingLike[], viewerType, owner) || "—"}</td>
                <td className={css({ textAlign: "right", whiteSpace: "nowrap" })}>
                  {uploaded &&
                    (online ? (
                      <a
                        href={`/api/v2/documents/${document.id}/download`}
                        download
                        className={linkClass}
                        aria-label={DOCUMENTS_TEXT.downloadLabel(document.name)}
                      >
                        {DOCUMENTS_TEXT.download}
                      </a>
                    ) : (
                      <span className={mutedText} title={MESSAGES.uploadOffline}>
                        {DOCUMENTS_TEXT.downloadNeedsConnection}
                      </span>
                    ))}
                  {owner && canDelete && !document._pending?.deleted && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className={css({ ml: "2" })}
                      onClick={() => setDeleting(document)}
                      aria-label={DOCUMENTS_TEXT.deleteLabel(document.name)}
                    >
                      {DOCUMENTS_TEXT.delete}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {deleting && (
        <ConfirmDialog
          title={DOCUMENTS_TEXT.deleteDocument}
          description={DOCUMENTS_TEXT.confirmDelete(deleting.name)}
          cancelLabel={DOCUMENTS_TEXT.cancel}
          confirmLabel={DOCUMENTS_TEXT.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const input = { documentId: deleting.id };
            void (deleting.type === "holding"
              ? send("deleteHoldingDocument", { input })
              : send("deleteSecurityDocument", { input }));
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
