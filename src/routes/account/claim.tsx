import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { ClaimPage } from "../../features/session/index.ts";

export const Route = createFileRoute("/account/claim")({
  validateSearch: v.object({ status: v.optional(v.string()), email_id: v.optional(v.string()) }),
  component: ClaimPage,
});
