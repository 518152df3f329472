import { createFileRoute } from "@tanstack/react-router";
import { DistributionsPage } from "../../../features/distributions/DistributionsPage.tsx";

export const Route = createFileRoute("/_app/_agentBrokerIssuer/distributions")({
  component: DistributionsPage,
});
