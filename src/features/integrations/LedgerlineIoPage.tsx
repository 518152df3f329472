// Settings > Integrations > LedgerlineIO > Manage: the account's API keys and, below them, its webhooks.
import { ApiKeysSection } from "../api-keys/index.ts";
import { WebhooksSection } from "../webhooks/index.ts";
import { IO_TEXT as T } from "./io-strings.ts";
import { ManagePage } from "./ManagePage.tsx";

export function LedgerlineIoPage() {
  return (
    <ManagePage title={T.ledgerlineIo} intro={T.ledgerlineIoIntro}>
      <ApiKeysSection />
      <WebhooksSection />
    </ManagePage>
  );
}
