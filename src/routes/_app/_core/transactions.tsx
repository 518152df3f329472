import { createFileRoute } from "@tanstack/react-router";
import { TransactionsPage } from "../../../features/transactions/index.ts";

export const Route = createFileRoute("/_app/_core/transactions")({
  component: TransactionsPage,
});
