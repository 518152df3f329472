import { createFileRoute } from "@tanstack/react-router";
import { GraphqlTestPage } from "../../../features/devtools/GraphqlTestPage.tsx";

export const Route = createFileRoute("/_app/test/graphql")({
  component: GraphqlTestPage,
});
