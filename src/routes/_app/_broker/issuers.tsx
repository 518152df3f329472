import { createFileRoute } from "@tanstack/react-router";
import { IssuersPage } from "../../../features/accounts/index.ts";

export const Route = createFileRoute("/_app/_broker/issuers")({
  component: IssuersPage,
});
