// "Documents Shared With Me" and "Documents Shared By Me" of one security or holding, with the upload button.
// Read from the local replica (works offline); an upload chosen offline waits on the device (WaitingUploads) and its
// document shows at once, "In Progress" until the file is uploaded.
import { useMemo, useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import { splitDocuments } from "../../domain/documents.ts";
import { Button, SectionTitle } from "../../ui/index.ts";
import { DocumentsTable } from "./DocumentsTable.tsx";
import { DOCUMENTS_TEXT } from "./strings.ts";
import { UploadDialog } from "./UploadDialog.tsx";
import { type DocumentType, documentsPlace } from "./upload.ts";
import { WaitingUploads } from "./WaitingUploads.tsx";

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
        actions={mayUpload && <Button onClick={() => setUploading(true)}>{DOCUMENTS_TEXT.uploadDocument}</Button>}
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
      <WaitingUploads place={documentsPlace(type, targetId)} online={online} />
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
