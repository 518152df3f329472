import { createFileRoute } from "@tanstack/react-router";
import { PortfolioConnectPage } from "../../../features/integrations/index.ts";

export const Route = createFileRoute("/_app/_investor/portfolio-connect")({
  component: PortfolioConnectPage,
});
