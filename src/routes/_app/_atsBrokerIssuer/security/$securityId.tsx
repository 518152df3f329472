import { createFileRoute } from "@tanstack/react-router";
import { SecurityPage } from "../../../../features/securities/SecurityPage.tsx";

export const Route = createFileRoute("/_app/_atsBrokerIssuer/security/$securityId")({
  component: SecurityRoute,
});

function SecurityRoute() {
  const { securityId } = Route.useParams();
  return <SecurityPage securityId={securityId} />;
}
