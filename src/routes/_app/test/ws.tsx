import { createFileRoute } from "@tanstack/react-router";
import { WsTestPage } from "../../../features/devtools/WsTestPage.tsx";

export const Route = createFileRoute("/_app/test/ws")({
  component: WsTestPage,
});
