// The one viewer hook: who is signed in, which account and role, and whether they may write (rule in domain/access.ts).
import { useRouteContext } from "@tanstack/react-router";
import { type Viewer, viewerOf } from "../domain/access.ts";

/** The viewer of the signed-in layout (the _app layout guarantees a user and a selected account). */
export function useViewer(): Viewer {
  const session = useRouteContext({ from: "/_app", select: (context) => context.session });
  return viewerOf(session);
}
