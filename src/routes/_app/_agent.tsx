import { createFileRoute } from "@tanstack/react-router";
import { requireAccountTypes } from "../../app/guards.ts";

export const Route = createFileRoute("/_app/_agent")({
  beforeLoad: requireAccountTypes(["agent"]),
});
