import { createFileRoute } from "@tanstack/react-router";
import { ReviewPage } from "../../../features/accreditation/index.ts";

export const Route = createFileRoute("/_app/_vendor/accreditations")({
  component: ReviewPage,
});
