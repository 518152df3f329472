import { createFileRoute } from "@tanstack/react-router";
import { IntegrationsPage } from "../../../../features/integrations/index.ts";

export const Route = createFileRoute("/_app/settings/_core/integrations")({
  component: IntegrationsPage,
});
