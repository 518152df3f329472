import { createFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../../../../features/accounts/index.ts";

export const Route = createFileRoute("/_app/_investorIssuer/distributor/$distributorId")({
  component: function DistributorRoute() {
    const { distributorId } = Route.useParams();
    return <AccountPage key={distributorId} accountId={distributorId} kind="distributor" />;
  },
});
