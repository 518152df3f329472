import { createFileRoute } from "@tanstack/react-router";
import { PortfolioPage } from "../../../features/portfolio/index.ts";

export const Route = createFileRoute("/_app/_investor/portfolio")({
  component: PortfolioPage,
});
