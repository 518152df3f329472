// The signing page's address: /docusign/templates/{template_id?}/{mapped_template_id?}/{document_id?}, and the date
// format of its lists.
const ROUTE = "/docusign/templates/{-$templateId}/{-$mappedTemplateId}/{-$documentId}" as const;

export interface SigningPath {
  templateId?: string;
  mappedTemplateId?: string;
  documentId?: string;
}

export function signingLink(path: SigningPath) {
  return {
    to: ROUTE,
    params: { templateId: path.templateId, mappedTemplateId: path.mappedTemplateId, documentId: path.documentId },
  };
}

export const LIST_FORMAT = "MMM DD YYYY h:mma" as const;
