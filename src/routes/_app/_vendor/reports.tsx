import { createFileRoute } from "@tanstack/react-router";
import { ReportsPage } from "../../../features/reports/index.ts";

export const Route = createFileRoute("/_app/_vendor/reports")({
  component: ReportsPage,
});
