import { createFileRoute } from "@tanstack/react-router";
import { TypesPage } from "../../../../features/admin/TypesPage.tsx";

export const Route = createFileRoute("/_app/_admin/admin/types")({
  component: TypesPage,
});
