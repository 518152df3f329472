// Settings > Integrations (investor): the OFX download and the statement of holdings as of a date.
import { Card, mutedText } from "../../ui/index.ts";
import { PORTFOLIO_DOWNLOADS_TEXT } from "./strings.ts";

export function PortfolioDownloads() {
  return (
    <Card title={PORTFOLIO_DOWNLOADS_TEXT.title} testId="portfolio-downloads">
      <p className={mutedText}>{PORTFOLIO_DOWNLOADS_TEXT.intro}</p>
    </Card>
  );
}
