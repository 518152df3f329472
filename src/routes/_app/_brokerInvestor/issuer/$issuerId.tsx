import { createFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../../../../features/accounts/index.ts";

export const Route = createFileRoute("/_app/_brokerInvestor/issuer/$issuerId")({
  component: function IssuerRoute() {
    const { issuerId } = Route.useParams();
    return <AccountPage key={issuerId} accountId={issuerId} kind="issuer" />;
  },
});
