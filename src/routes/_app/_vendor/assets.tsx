import { createFileRoute } from "@tanstack/react-router";
import { AssetsPage } from "../../../features/assets/index.ts";

export const Route = createFileRoute("/_app/_vendor/assets")({
  component: AssetsPage,
});
