import { createFileRoute } from "@tanstack/react-router";
import { NotAvailablePage } from "../../../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute("/_app/_vendor/distribute-allocation/$allocationId/{-$view}")({
  component: () => <NotAvailablePage title="Allocation" />,
});
