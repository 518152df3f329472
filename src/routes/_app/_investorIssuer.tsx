import { createFileRoute } from "@tanstack/react-router";
import { requireAccountTypes } from "../../features/session/guards.ts";

export const Route = createFileRoute("/_app/_investorIssuer")({
  beforeLoad: requireAccountTypes(["investor", "issuer"]),
});
