// Documents of a security or holding (shared with me, shared by me, upload).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { DiscardFileButton } from "./DiscardFileButton.tsx";
export { DocumentsSection } from "./DocumentsSection.tsx";
export { DocumentsTable } from "./DocumentsTable.tsx";
export { RefusedFileActions } from "./RefusedFileActions.tsx";
export { formatFileSize, WaitingUploads } from "./WaitingUploads.tsx";
