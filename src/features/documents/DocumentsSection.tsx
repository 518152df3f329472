// "Documents Shared With Me" and "Documents Shared By Me" of one security or holding, with the upload button.
// Read from the local replica (works offline); uploading needs a connection and says so.
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import { splitDocuments } from "../../domain/documents.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button, SectionTitle } from "../../ui/index.ts";
import { DocumentsTable } from "./DocumentsTable.tsx";
import { DOCUMENTS_TEXT } from "./strings.ts";
import { UploadDialog } from "./UploadDialog.tsx";
import type { DocumentType } from "./upload.ts";

/** Account types that may upload documents of each type (document_sharing_allowed_shares). */
const UPLOADERS: Record<DocumentType, readonly string[]> = {
  security: ["issuer", "ats"],
  holding: ["issuer", "broker"],
};

export function DocumentsSection({ type, targetId }: { type: DocumentType; targetId: string }) {
  const viewer = useViewer();
  const online = useOnline();
  const [uploading, setUploading] = useState(false);
  const selector = useMemo(
    () => ({ selector: type === "security" ? { securityId: targetId } : { holdingId: targetId } }),
    [type, targetId],
  );
  const documents = useModel("documents", selector);
  const accounts = useModel("accounts");
  const uploaderNames = useMemo(
    () => new Map(accounts.rows.map((account) => [account.id, account.name])),
    [accounts.rows],
  );
  const { byMe, withMe } = useMemo(() => {
    const sorted = [...documents.rows].sort((a, b) => (b.createdOn ?? "").localeCompare(a.createdOn ?? ""));
    return splitDocuments(sorted, viewer.accountId);
  }, [documents.rows, viewer.accountId]);
  const mayUpload = viewer.canWrite && UPLOADERS[type].includes(viewer.accountType);
  return (
    <>
      <SectionTitle>{DOCUMENTS_TEXT.documentsSharedWithMe}</SectionTitle>
      <DocumentsTable
        label={DOCUMENTS_TEXT.documentsSharedWithMe}
        documents={withMe}
        owner={false}
        viewerType={viewer.accountType}
        canDelete={false}
        uploaderNames={uploaderNames}
      />
      <SectionTitle
        actions={
          mayUpload && (
            <div className={css({ display: "flex", alignItems: "center", gap: "3" })}>
              {!online && <span className={css({ fontSize: "sm", color: "fg.muted" })}>{MESSAGES.uploadOffline}</span>}
              <Button onClick={() => setUploading(true)} disabled={!online}>
                {DOCUMENTS_TEXT.uploadDocument}
              </Button>
            </div>
          )
        }
      >
        {DOCUMENTS_TEXT.documentsSharedByMe}
      </SectionTitle>
      <DocumentsTable
        label={DOCUMENTS_TEXT.documentsSharedByMe}
        documents={byMe}
        owner
        viewerType={viewer.accountType}
        canDelete={viewer.canWrite}
        uploaderNames={uploaderNames}
      />
      {uploading && (
        <UploadDialog
          type={type}
          targetId={targetId}
          accountType={viewer.accountType}
          onClose={() => setUploading(false)}
        />
      )}
    </>
  );
}
