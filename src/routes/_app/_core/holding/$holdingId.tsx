import { createFileRoute } from "@tanstack/react-router";
import { NotAvailablePage } from "../../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute("/_app/_core/holding/$holdingId")({
  component: () => <NotAvailablePage title="Holding" />,
});
