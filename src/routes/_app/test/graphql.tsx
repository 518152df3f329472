import { createFileRoute } from "@tanstack/react-router";
import { GraphqlTestPage } from "../../../features/devtools/index.ts";

export const Route = createFileRoute("/_app/test/graphql")({
  component: GraphqlTestPage,
});
