import { createFileRoute } from "@tanstack/react-router";
import { TransactionsPage } from "../../../features/transactions/TransactionsPage.tsx";

export const Route = createFileRoute("/_app/_core/transactions")({
  component: TransactionsPage,
});
