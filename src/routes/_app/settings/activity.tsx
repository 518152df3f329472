import { createFileRoute } from "@tanstack/react-router";
import { requireAccountTypes } from "../../../app/guards.ts";
import { ActivityPage } from "../../../features/admin/index.ts";

export const Route = createFileRoute("/_app/settings/activity")({
  beforeLoad: requireAccountTypes(["issuer"]),
  component: ActivityPage,
});
