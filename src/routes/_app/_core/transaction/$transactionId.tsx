import { createFileRoute } from "@tanstack/react-router";
import { TransactionPage } from "../../../../features/transactions/index.ts";

export const Route = createFileRoute("/_app/_core/transaction/$transactionId")({
  component: function TransactionRoute() {
    const { transactionId } = Route.useParams();
    return <TransactionPage key={transactionId} transactionId={transactionId} />;
  },
});
