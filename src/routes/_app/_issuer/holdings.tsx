import { createFileRoute } from "@tanstack/react-router";
import { HoldingsPage } from "../../../features/holdings/index.ts";

export const Route = createFileRoute("/_app/_issuer/holdings")({
  component: HoldingsPage,
});
