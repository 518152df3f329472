import { createFileRoute } from "@tanstack/react-router";
import { IssuersPage } from "../../../features/accounts/IssuersPage.tsx";

export const Route = createFileRoute("/_app/_broker/issuers")({
  component: IssuersPage,
});
