import { createFileRoute } from "@tanstack/react-router";
import { ActivityPage } from "../../../features/admin/ActivityPage.tsx";
import { requireAccountTypes } from "../../../features/session/guards.ts";

export const Route = createFileRoute("/_app/settings/activity")({
  beforeLoad: requireAccountTypes(["issuer"]),
  component: ActivityPage,
});
