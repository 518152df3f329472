import { createFileRoute } from "@tanstack/react-router";
import { requireAccountTypes } from "../../app/guards.ts";
import { ACCOUNT_GROUPS } from "../../domain/accounts.ts";

export const Route = createFileRoute("/_app/_core")({
  beforeLoad: requireAccountTypes(ACCOUNT_GROUPS.core),
});
