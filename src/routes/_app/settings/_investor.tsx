import { createFileRoute } from "@tanstack/react-router";
import { requireAccountTypes } from "../../../app/guards.ts";

export const Route = createFileRoute("/_app/settings/_investor")({
  beforeLoad: requireAccountTypes(["investor"]),
});
