import { createFileRoute } from "@tanstack/react-router";
import { InPersonScreen } from "../../features/in-person/index.ts";

export const Route = createFileRoute("/_inPerson/in-person/$sessionId")({
  component: InPersonRoute,
});

function InPersonRoute() {
  const { sessionId } = Route.useParams();
  const { session } = Route.useRouteContext();
  return <InPersonScreen sessionId={sessionId} userId={session.user?.id ?? ""} accountId={session.account?.id ?? ""} />;
}
