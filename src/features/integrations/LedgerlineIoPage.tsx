// Settings > Integrations > LedgerlineIO > Manage: the account's API keys and, below them, its webhooks.
import { css } from "../../../styled-system/css";
import { Breadcrumb, mutedText, Page, PageHeader } from "../../ui/index.ts";
import { ApiKeysSection } from "../api-keys/index.ts";
import { WebhooksSection } from "../webhooks/index.ts";
import { IO_TEXT as T } from "./io-strings.ts";

export function LedgerlineIoPage() {
  return (
    <Page maxWidth="60rem">
      <Breadcrumb
        items={[
          { display: T.integrations, link: "/settings/integrations" },
          { display: T.ledgerlineIo, active: true },
        ]}
      />
      <PageHeader title={T.ledgerlineIo}>
        <p className={mutedText}>{T.ledgerlineIoIntro}</p>
      </PageHeader>
      <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
        <ApiKeysSection />
        <WebhooksSection />
      </div>
    </Page>
  );
}
