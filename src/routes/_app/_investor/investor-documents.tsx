import { createFileRoute } from "@tanstack/react-router";
import { InvestorDocumentsPage } from "../../../features/investor-documents/InvestorDocumentsPage.tsx";

export const Route = createFileRoute("/_app/_investor/investor-documents")({
  component: InvestorDocumentsPage,
});
