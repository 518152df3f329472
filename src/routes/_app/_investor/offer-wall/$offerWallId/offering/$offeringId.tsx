import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { InvestSearchSchema } from "../../../../../../domain/invest-search.ts";
import { InvestPage } from "../../../../../../features/invest/index.ts";

export const Route = createFileRoute("/_app/_investor/offer-wall/$offerWallId/offering/$offeringId")({
  validateSearch: (search) => v.parse(InvestSearchSchema, search),
  component: InvestRoute,
});

function InvestRoute() {
  const { offeringId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InvestPage
      offeringId={offeringId}
      search={search}
      onSearchChange={(next) => navigate({ search: next, replace: true })}
    />
  );
}
