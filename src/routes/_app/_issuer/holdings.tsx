import { createFileRoute } from "@tanstack/react-router";
import { NotAvailablePage } from "../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute("/_app/_issuer/holdings")({
  component: () => <NotAvailablePage title="Holdings" />,
});
