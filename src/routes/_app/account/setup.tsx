import { createFileRoute } from "@tanstack/react-router";
import { NotAvailablePage } from "../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute("/_app/account/setup")({
  component: () => <NotAvailablePage title="Account Setup" />,
});
