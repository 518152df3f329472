import { createFileRoute } from "@tanstack/react-router";
import { WsTestPage } from "../../../features/devtools/index.ts";

export const Route = createFileRoute("/_app/test/ws")({
  component: WsTestPage,
});
