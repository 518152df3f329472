import { createFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../../../../features/accounts/index.ts";

// The spec's /broker/{issuer_id}: the same issuer page reached from a broker's context.
export const Route = createFileRoute("/_app/_brokerInvestor/broker/$issuerId")({
  component: function BrokerIssuerRoute() {
    const { issuerId } = Route.useParams();
    return <AccountPage key={issuerId} accountId={issuerId} kind="issuer" />;
  },
});
