import { createFileRoute } from "@tanstack/react-router";
import { WalletPage } from "../../../features/wallet/index.ts";

export const Route = createFileRoute("/_app/_investor/wallet")({
  component: WalletPage,
});
