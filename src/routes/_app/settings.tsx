import { createFileRoute } from "@tanstack/react-router";
import { SettingsLayout } from "../../features/settings/index.ts";

export const Route = createFileRoute("/_app/settings")({
  component: SettingsLayout,
});
