import { createFileRoute } from "@tanstack/react-router";
import { AccountSettings } from "../../../features/settings/index.ts";

export const Route = createFileRoute("/_app/settings/account")({
  component: AccountSettings,
});
