import { createFileRoute } from "@tanstack/react-router";
import { DelegatesPage } from "../../../features/delegates/index.ts";

export const Route = createFileRoute("/_app/settings/delegates")({
  component: DelegatesPage,
});
