import { createFileRoute } from "@tanstack/react-router";
import { NotAvailablePage } from "../../../../../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute(
  "/_app/_vendor/docusign/templates/{-$templateId}/{-$mappedTemplateId}/{-$documentId}",
)({
  component: () => <NotAvailablePage title="Signing" />,
});
