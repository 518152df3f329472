import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { fetchUserAccounts } from "../data/accounts.ts";
import { AccountRolePage } from "../features/session/index.ts";

export const Route = createFileRoute("/account-role")({
  // role: comma-separated account types that filter the list.
  validateSearch: v.object({ role: v.optional(v.string()) }),
  loader: () => fetchUserAccounts(),
  staleTime: 0,
  component: RouteComponent,
});

function RouteComponent() {
  const data = Route.useLoaderData();
  const { role } = Route.useSearch();
  return <AccountRolePage data={data} roleFilter={role} />;
}
