import { createFileRoute } from "@tanstack/react-router";
import { SigningTestPage } from "../../../../../../features/signing/index.ts";

export const Route = createFileRoute("/_app/_vendor/docusign/test/$templateId/$mappedTemplateId")({
  component: SigningTestRoute,
});

function SigningTestRoute() {
  const { templateId, mappedTemplateId } = Route.useParams();
  return <SigningTestPage templateId={templateId} mappedTemplateId={mappedTemplateId} />;
}
