import { createFileRoute } from "@tanstack/react-router";
import { ReportsPage } from "../../../features/reports/ReportsPage.tsx";

export const Route = createFileRoute("/_app/_vendor/reports")({
  component: ReportsPage,
});
