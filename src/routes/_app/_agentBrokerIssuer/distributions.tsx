import { createFileRoute } from "@tanstack/react-router";
import { DistributionsPage } from "../../../features/distributions/index.ts";

export const Route = createFileRoute("/_app/_agentBrokerIssuer/distributions")({
  component: DistributionsPage,
});
