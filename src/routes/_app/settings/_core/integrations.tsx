import { createFileRoute } from "@tanstack/react-router";
import { NotAvailable } from "../../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute("/_app/settings/_core/integrations")({
  component: () => <NotAvailable />,
});
