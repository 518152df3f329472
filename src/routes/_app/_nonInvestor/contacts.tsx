import { createFileRoute } from "@tanstack/react-router";
import { ContactsPage } from "../../../features/contacts/index.ts";

export const Route = createFileRoute("/_app/_nonInvestor/contacts")({
  component: ContactsPage,
});
