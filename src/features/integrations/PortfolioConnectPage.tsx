// Settings > Integrations > Portfolio > Manage: the investor's personal key and, below it, the downloads.
import { ApiKeysSection } from "../api-keys/index.ts";
import { PortfolioDownloads } from "../portfolio-export/index.ts";
import { IO_TEXT as T } from "./io-strings.ts";
import { ManagePage } from "./ManagePage.tsx";

export function PortfolioConnectPage() {
  return (
    <ManagePage title={T.portfolio} intro={T.portfolioIntro}>
      <ApiKeysSection personal />
      <PortfolioDownloads />
    </ManagePage>
  );
}
