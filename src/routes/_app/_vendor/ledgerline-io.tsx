import { createFileRoute } from "@tanstack/react-router";
import { LedgerlineIoPage } from "../../../features/integrations/index.ts";

export const Route = createFileRoute("/_app/_vendor/ledgerline-io")({
  component: LedgerlineIoPage,
});
