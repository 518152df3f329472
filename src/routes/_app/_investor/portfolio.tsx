import { createFileRoute } from "@tanstack/react-router";
import { PortfolioPage } from "../../../features/portfolio/PortfolioPage.tsx";

export const Route = createFileRoute("/_app/_investor/portfolio")({
  component: PortfolioPage,
});
