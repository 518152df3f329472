import { createFileRoute } from "@tanstack/react-router";
import { InvestorPage } from "../../../../features/accounts/index.ts";

export const Route = createFileRoute("/_app/_core/investor/$investorId")({
  component: function InvestorRoute() {
    const { investorId } = Route.useParams();
    return <InvestorPage key={investorId} investorId={investorId} />;
  },
});
