// Settings > Integrations (investor): the OFX download and the statement of holdings as of a day. Both files are
// made by the server (sync/portfolio), so they need a connection; the statement's day is checked here with the
// server's own rule (src/domain/portfolio-downloads.ts) before the download starts.
import { css } from "../../../styled-system/css";
import { downloadPath } from "../../app/file-download.ts";
import { useCheckedField } from "../../app/use-checked-field.ts";
import { useOnline } from "../../app/useOnline.ts";
import { checkStatementDate, PORTFOLIO_OFX_PATH, statementUrl } from "../../domain/portfolio-downloads.ts";
import { Button, Card, DateInput, mutedText } from "../../ui/index.ts";
import { PORTFOLIO_DOWNLOADS_TEXT as TEXT } from "./strings.ts";

/** The server's statements are dated in UTC: today is the UTC day. */
const utcToday = () => new Date().toISOString().slice(0, 10);

const section = css({ display: "flex", flexDirection: "column", gap: "2" });
const heading = css({ fontSize: "sm", fontWeight: "700" });

export function PortfolioDownloads() {
  const online = useOnline();
  const asOf = useCheckedField<string | null>(utcToday);

  const downloadStatement = () => {
    const checked = checkStatementDate(asOf.value, utcToday());
    if (!checked.ok) return asOf.setError(checked.message);
    asOf.setError(undefined);
    downloadPath(statementUrl(checked.date));
  };

  return (
    <Card title={TEXT.title} testId="portfolio-downloads">
      <p className={mutedText}>{TEXT.intro}</p>
      {!online && (
        <p className={mutedText} role="status">
          {TEXT.offline}
        </p>
      )}
      <div className={section}>
        <h3 className={heading}>{TEXT.ofxTitle}</h3>
        <p className={mutedText}>{TEXT.ofxDescription}</p>
        <div>
          <Button variant="outline" disabled={!online} onClick={() => downloadPath(PORTFOLIO_OFX_PATH)}>
            {TEXT.ofxButton}
          </Button>
        </div>
      </div>
      <div className={section}>
        <h3 className={heading}>{TEXT.statementTitle}</h3>
        <p className={mutedText}>{TEXT.statementDescription}</p>
        <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: "3" })}>
          <DateInput label={TEXT.statementDate} name="statement-date" {...asOf.bind} />
          <Button variant="outline" disabled={!online} onClick={downloadStatement}>
            {TEXT.statementButton}
          </Button>
        </div>
      </div>
    </Card>
  );
}
