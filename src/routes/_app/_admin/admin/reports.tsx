import { createFileRoute } from "@tanstack/react-router";
import { PlatformReportsPage } from "../../../../features/admin/index.ts";

export const Route = createFileRoute("/_app/_admin/admin/reports")({
  component: PlatformReportsPage,
});
