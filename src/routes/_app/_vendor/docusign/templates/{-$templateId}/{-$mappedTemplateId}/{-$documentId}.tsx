import { createFileRoute } from "@tanstack/react-router";
import { SigningPage } from "../../../../../../../features/signing/index.ts";

export const Route = createFileRoute(
  "/_app/_vendor/docusign/templates/{-$templateId}/{-$mappedTemplateId}/{-$documentId}",
)({
  component: SigningRoute,
});

function SigningRoute() {
  const { templateId, mappedTemplateId, documentId } = Route.useParams();
  return <SigningPage templateId={templateId} mappedTemplateId={mappedTemplateId} documentId={documentId} />;
}
