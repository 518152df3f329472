import { createFileRoute } from "@tanstack/react-router";
import { NotAvailablePage } from "../../../../../../../features/shell/NotAvailablePage.tsx";

export const Route = createFileRoute("/_app/_vendor/north-capital/issuers/{-$issuerId}/{-$instrumentId}/{-$paymentId}")(
  {
    component: () => <NotAvailablePage title="Payment Provider" />,
  },
);
