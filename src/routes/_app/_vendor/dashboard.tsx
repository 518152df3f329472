import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../../features/dashboard/index.ts";

export const Route = createFileRoute("/_app/_vendor/dashboard")({
  component: DashboardPage,
});
