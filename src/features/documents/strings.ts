// The documents section's own texts: the shared-with-me and shared-by-me tables and the upload dialog (the spec's
// messages stay in domain/messages.ts).

export const DOCUMENTS_TEXT = {
  documentsSharedWithMe: "Documents Shared With Me",
  documentsSharedByMe: "Documents Shared By Me",
  actions: "Actions",
  deleteDocument: "Delete document",
  name: "Name",
  created: "Created",
  type: "Type",
  uploadedBy: "Uploaded by",
  uploadStatus: "Upload status",
  uploadDocument: "Upload document",
  csvTsvPdfXls: "csv, tsv, pdf, xls or txt, up to 100MB.",
  documentName: "Document name",
  shareWith: "Share with",
  sharedWith: "Shared With",
  sharedVia: "Shared Via",
  download: "⤓ Download",
  downloadNeedsConnection: "Download needs a connection",
  delete: "Delete",
  cancel: "Cancel",
  upload: "Upload",
  file: "File",
  downloadLabel: (name: string) => `Download ${name}`,
  deleteLabel: (name: string) => `Delete ${name}`,
  confirmDelete: (name: string) => `Are you sure you want to delete ${name}?`,
};
