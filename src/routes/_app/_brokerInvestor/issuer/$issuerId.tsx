import { createFileRoute } from "@tanstack/react-router";
import { NotAvailablePage } from "../../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute("/_app/_brokerInvestor/issuer/$issuerId")({
  component: () => <NotAvailablePage title="Issuer" />,
});
