import { createFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../../../../features/accounts/AccountPage.tsx";

export const Route = createFileRoute("/_app/_investorIssuer/distributor/$distributorId")({
  component: function DistributorRoute() {
    const { distributorId } = Route.useParams();
    return <AccountPage key={distributorId} accountId={distributorId} kind="distributor" />;
  },
});
