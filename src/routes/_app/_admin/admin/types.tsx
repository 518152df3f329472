import { createFileRoute } from "@tanstack/react-router";
import { TypesPage } from "../../../../features/admin/index.ts";

export const Route = createFileRoute("/_app/_admin/admin/types")({
  component: TypesPage,
});
