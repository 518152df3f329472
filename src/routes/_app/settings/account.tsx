import { createFileRoute } from "@tanstack/react-router";
import { AccountSettings } from "../../../features/settings/AccountSettings.tsx";

export const Route = createFileRoute("/_app/settings/account")({
  component: AccountSettings,
});
