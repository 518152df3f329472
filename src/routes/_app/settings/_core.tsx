import { createFileRoute } from "@tanstack/react-router";
import { ACCOUNT_GROUPS } from "../../../domain/accounts.ts";
import { requireAccountTypes } from "../../../features/session/guards.ts";

export const Route = createFileRoute("/_app/settings/_core")({
  beforeLoad: requireAccountTypes(ACCOUNT_GROUPS.core),
});
