import { createFileRoute } from "@tanstack/react-router";
import { NotAvailable } from "../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute("/_app/settings/account")({
  component: () => <NotAvailable />,
});
