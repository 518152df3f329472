import { createFileRoute } from "@tanstack/react-router";
import { CapitalizationPage } from "../../../features/capitalization/index.ts";

export const Route = createFileRoute("/_app/_vendor/capitalization")({
  component: CapitalizationPage,
});
