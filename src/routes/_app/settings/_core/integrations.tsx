import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { IntegrationsPage } from "../../../../features/integrations/index.ts";

/** ?type= opens the page of the integrations holding that type (the payment provider page links there). */
const search = v.object({ type: v.optional(v.string()) });

export const Route = createFileRoute("/_app/settings/_core/integrations")({
  validateSearch: search,
  component: IntegrationsPage,
});
