import { createFileRoute } from "@tanstack/react-router";
import { RoundPage } from "../../../../../features/rounds/index.ts";

// /asset-class/{round_id} (spec part 1 section 2.7: a holding row opens it): the round in the account type's default
// view.
export const Route = createFileRoute("/_app/_core/asset-class/$roundId/")({
  component: RoundDefaultRoute,
});

function RoundDefaultRoute() {
  const { roundId } = Route.useParams();
  return <RoundPage roundId={roundId} view="" />;
}
