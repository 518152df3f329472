import { createFileRoute } from "@tanstack/react-router";
import { ContactsPage } from "../../../features/contacts/ContactsPage.tsx";

export const Route = createFileRoute("/_app/_nonInvestor/contacts")({
  component: ContactsPage,
});
