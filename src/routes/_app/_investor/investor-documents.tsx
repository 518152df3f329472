import { createFileRoute } from "@tanstack/react-router";
import { InvestorDocumentsPage } from "../../../features/investor-documents/index.ts";

export const Route = createFileRoute("/_app/_investor/investor-documents")({
  component: InvestorDocumentsPage,
});
