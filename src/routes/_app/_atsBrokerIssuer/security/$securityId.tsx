import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "../../../../features/securities/index.ts";

export const Route = createFileRoute("/_app/_atsBrokerIssuer/security/$securityId")({
  component: SecurityRoute,
});

function SecurityRoute() {
  const { securityId } = Route.useParams();
  return <SecurityPage securityId={securityId} />;
}
