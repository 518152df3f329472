// The investor's documents page's own texts (the spec's messages stay in domain/messages.ts).

export const INVESTOR_DOCUMENTS_TEXT = {
  title: "Documents",
  intro: "Documents the issuers of your securities and holdings shared with you.",
  security: "Security",
  holding: "Holding",
  signed: "Signed documents",
  signedDocument: "Signed document",
  name: "Name",
  signedOn: "Signed on",
  download: "Download",
};
