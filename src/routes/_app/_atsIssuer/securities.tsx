import { createFileRoute } from "@tanstack/react-router";
import { SecuritiesPage } from "../../../features/securities/index.ts";

export const Route = createFileRoute("/_app/_atsIssuer/securities")({
  component: SecuritiesPage,
});
