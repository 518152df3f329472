import { createFileRoute } from "@tanstack/react-router";
import { AgentTransfersPage } from "../../../features/transfers/index.ts";

export const Route = createFileRoute("/_app/_agent/transfer-requests")({
  component: AgentTransfersPage,
});
