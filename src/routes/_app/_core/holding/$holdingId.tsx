import { createFileRoute } from "@tanstack/react-router";
import { HoldingPage } from "../../../../features/holdings/index.ts";

export const Route = createFileRoute("/_app/_core/holding/$holdingId")({
  component: HoldingRoute,
});

function HoldingRoute() {
  const { holdingId } = Route.useParams();
  return <HoldingPage holdingId={holdingId} />;
}
