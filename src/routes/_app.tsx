import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { requireSession } from "../app/guards.ts";
import { LocalDataProvider, openLocalDataLater } from "../data/LocalDataProvider.tsx";
import { openSessionFor } from "../features/in-person/index.ts";
import { AppShell } from "../features/shell/index.ts";

// Every signed-in screen: needs a session with a chosen account, and renders inside the shell. While an in-person
// session is open on this device (the investor holds it), every screen goes back to its focused screen.
export const Route = createFileRoute("/_app")({
  beforeLoad: async () => {
    const context = await requireSession();
    const inPerson = openSessionFor(context.session.user?.id, context.session.account?.id);
    if (inPerson) throw redirect({ to: "/in-person/$sessionId", params: { sessionId: inPerson.id }, replace: true });
    startLocalData(context.session.user?.id, context.session.account?.id);
    return context;
  },
  component: AppLayout,
});

/**
 * Opens the local data of the confirmed session once the first screen has painted (first-screen.ts), not once the shell has rendered (the
 * route's code may still load, and the router holds its loading state at least 600 ms): a fresh page load of a
 * screen then finds its database open and its first reads under way (issue 8), and the database's code and work do
 * not hold back the first paint of the shell and the screen's heading (issue 22 item 13). LocalDataProvider asks for
 * the same user and account and gets the same local data.
 */
function startLocalData(userId: string | undefined, accountId: string | undefined): void {
  if (!userId || !accountId) return;
  void openLocalDataLater(userId, accountId).catch(() => undefined);
}

function AppLayout() {
  const { session } = Route.useRouteContext();
  return (
    <LocalDataProvider userId={session?.user?.id} accountId={session?.account?.id}>
      <AppShell session={session}>
        <Outlet />
      </AppShell>
    </LocalDataProvider>
  );
}
