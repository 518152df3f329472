import { createFileRoute } from "@tanstack/react-router";
import { DistributorsPage } from "../../../features/accounts/index.ts";

export const Route = createFileRoute("/_app/_issuer/distributors")({
  component: DistributorsPage,
});
