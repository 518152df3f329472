import { createFileRoute } from "@tanstack/react-router";
import { FormsPage } from "../../../../features/admin/index.ts";

export const Route = createFileRoute("/_app/_admin/admin/forms")({
  component: FormsPage,
});
