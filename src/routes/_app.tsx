import { createFileRoute, Outlet } from "@tanstack/react-router";
import { LocalDataProvider } from "../data/hooks.tsx";
import { requireSession } from "../features/session/guards.ts";
import { AppShell } from "../features/shell/AppShell.tsx";

// Every signed-in screen: needs a session with a chosen account, and renders inside the shell.
export const Route = createFileRoute("/_app")({
  beforeLoad: requireSession,
  component: AppLayout,
});

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
