import { createFileRoute } from "@tanstack/react-router";
import { NotAvailablePage } from "../../../../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute("/_app/_investor/offer-wall/$offerWallId/offering/$offeringId")({
  component: () => <NotAvailablePage title="Invest" />,
});
