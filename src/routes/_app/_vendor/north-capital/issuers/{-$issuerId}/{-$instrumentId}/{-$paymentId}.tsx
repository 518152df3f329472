import { createFileRoute } from "@tanstack/react-router";
import { PaymentProviderPage } from "../../../../../../../features/payments/index.ts";

export const Route = createFileRoute("/_app/_vendor/north-capital/issuers/{-$issuerId}/{-$instrumentId}/{-$paymentId}")(
  {
    component: PaymentProviderRoute,
  },
);

function PaymentProviderRoute() {
  const { issuerId, instrumentId, paymentId } = Route.useParams();
  return <PaymentProviderPage issuerId={issuerId} instrumentId={instrumentId} paymentId={paymentId} />;
}
