import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { AllocationPage, normalizeAllocationView } from "../../../../../features/allocations/index.ts";

const SearchSchema = v.object({ distribution: v.optional(v.string()) });

export const Route = createFileRoute("/_app/_vendor/distribute-allocation/$allocationId/{-$view}")({
  validateSearch: (search) => v.parse(SearchSchema, search),
  component: AllocationRoute,
});

function AllocationRoute() {
  const { allocationId, view } = Route.useParams();
  const { distribution } = Route.useSearch();
  return (
    <AllocationPage allocationId={allocationId} view={normalizeAllocationView(view)} distributionId={distribution} />
  );
}
