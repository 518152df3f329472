import { createFileRoute } from "@tanstack/react-router";
import { AdminHomePage } from "../../../../features/admin/AdminHomePage.tsx";

export const Route = createFileRoute("/_app/_admin/admin/")({
  component: AdminHomePage,
});
