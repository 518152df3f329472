import { createFileRoute } from "@tanstack/react-router";
import { RoundPage } from "../../../../../features/rounds/index.ts";

export const Route = createFileRoute("/_app/_core/asset-class/$roundId/$view")({
  component: RoundRoute,
});

function RoundRoute() {
  const { roundId, view } = Route.useParams();
  return <RoundPage roundId={roundId} view={view} />;
}
