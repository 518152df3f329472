import { createFileRoute } from "@tanstack/react-router";
import { DistributionPage } from "../../../../features/onboarding/index.ts";

export const Route = createFileRoute("/_app/_investor/distribution/$distributionId")({
  component: DistributionRoute,
});

function DistributionRoute() {
  const { distributionId } = Route.useParams();
  return <DistributionPage distributionId={distributionId} />;
}
