import { createFileRoute } from "@tanstack/react-router";
import { AccountSetupPage } from "../../../features/account-setup/index.ts";

export const Route = createFileRoute("/_app/account/setup")({
  component: AccountSetupPage,
});
