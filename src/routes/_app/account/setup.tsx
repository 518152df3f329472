import { createFileRoute } from "@tanstack/react-router";
import { AccountSetupPage } from "../../../features/account-setup/AccountSetupPage.tsx";

export const Route = createFileRoute("/_app/account/setup")({
  component: AccountSetupPage,
});
