import { createFileRoute } from "@tanstack/react-router";
import { AdminHomePage } from "../../../../features/admin/index.ts";

export const Route = createFileRoute("/_app/_admin/admin/")({
  component: AdminHomePage,
});
