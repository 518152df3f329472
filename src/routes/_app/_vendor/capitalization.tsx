import { createFileRoute } from "@tanstack/react-router";
import { CapitalizationPage } from "../../../features/capitalization/CapitalizationPage.tsx";

export const Route = createFileRoute("/_app/_vendor/capitalization")({
  component: CapitalizationPage,
});
