// Settings > Integrations > Portfolio > Manage: the investor's personal key and, below it, the downloads.
import { css } from "../../../styled-system/css";
import { Breadcrumb, mutedText, Page, PageHeader } from "../../ui/index.ts";
import { ApiKeysSection } from "../api-keys/index.ts";
import { PortfolioDownloads } from "../portfolio-export/index.ts";
import { IO_TEXT as T } from "./io-strings.ts";

export function PortfolioConnectPage() {
  return (
    <Page maxWidth="60rem">
      <Breadcrumb
        items={[
          { display: T.integrations, link: "/settings/integrations" },
          { display: T.portfolio, active: true },
        ]}
      />
      <PageHeader title={T.portfolio}>
        <p className={mutedText}>{T.portfolioIntro}</p>
      </PageHeader>
      <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
        <ApiKeysSection personal />
        <PortfolioDownloads />
      </div>
    </Page>
  );
}
