import { createFileRoute, Outlet } from "@tanstack/react-router";
import { requireAccountTypes, requireSession } from "../app/guards.ts";
import { LocalDataProvider } from "../data/LocalDataProvider.tsx";
import { ACCOUNT_GROUPS } from "../domain/accounts.ts";
import { FocusedFrame } from "../features/in-person/index.ts";

// The focused screen of an in-person session: signed in as a broker or issuer, the local data open, no shell.
export const Route = createFileRoute("/_inPerson")({
  beforeLoad: async () => {
    const context = await requireSession();
    requireAccountTypes(ACCOUNT_GROUPS.vendor)({ context });
    return context;
  },
  component: InPersonLayout,
});

function InPersonLayout() {
  const { session } = Route.useRouteContext();
  return (
    <LocalDataProvider userId={session?.user?.id} accountId={session?.account?.id}>
      <FocusedFrame>
        <Outlet />
      </FocusedFrame>
    </LocalDataProvider>
  );
}
