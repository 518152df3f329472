import { createFileRoute } from "@tanstack/react-router";
import { NotAvailablePage } from "../../../features/shell/index.ts";

export const Route = createFileRoute("/_app/_core/messages")({
  component: () => <NotAvailablePage title="Messages" />,
});
