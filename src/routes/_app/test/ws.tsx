import { createFileRoute } from "@tanstack/react-router";
import { NotAvailablePage } from "../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute("/_app/test/ws")({
  component: () => <NotAvailablePage title="WebSocket Test" />,
});
