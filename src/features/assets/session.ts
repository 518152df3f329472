// The selected account and whether it may write (owner or admin), read from the signed-in layout's context.
import { useRouteContext } from "@tanstack/react-router";
import type { Session } from "../../domain/session.ts";

interface Viewer {
  accountId: string;
  accountType: string;
  canWrite: boolean;
}

function viewerOf(session: Session | null | undefined): Viewer {
  const role = session?.userAccount?.role;
  return {
    accountId: session?.account?.id ?? "",
    accountType: session?.account?.type ?? "",
    canWrite: role === "account_owner" || role === "account_admin",
  };
}

export function useViewer(): Viewer {
  const session = useRouteContext({ from: "/_app", select: (context) => context.session });
  return viewerOf(session);
}
