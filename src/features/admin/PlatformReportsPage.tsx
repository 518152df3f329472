// /admin/reports: the platform reports (accounts by type and status, users and memberships, commands accepted and
// rejected by code, mail delivery, sync health), each made by the server (platformReport) when downloaded and saved
// as CSV on the device. They need the server: offline the buttons are off and the page says why.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { graphql } from "../../data/graphql.ts";
import { toCsv } from "../../domain/csv.ts";
import { Button, Card, ErrorBlock, mutedText, Page, PageHeader } from "../../ui/index.ts";
import { useOnline } from "../shell/useOnline.ts";
import { fileDay, saveCsv } from "./audit.ts";
import { ADMIN_TEXT, PLATFORM_REPORTS_TEXT } from "./strings.ts";

type Row = Record<string, unknown>;

/** The report's rows as CSV: the columns in the order of the first row's keys (every row has the same keys). */
export function reportCsv(rows: readonly Row[]) {
  const header = Object.keys(rows[0] ?? {});
  return toCsv(
    header,
    rows.map((row) => header.map((key) => row[key] ?? "")),
  );
}

export function PlatformReportsPage() {
  const online = useOnline();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(kind: string) {
    setBusy(kind);
    setError(null);
    try {
      const answer = await graphql<{ platformReport: Row[] }>(
        "query PlatformReport($kind: String!) { platformReport(kind: $kind) }",
        { kind },
      );
      saveCsv(`platform_${kind}_${fileDay()}.csv`, reportCsv(answer.platformReport));
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : ADMIN_TEXT.loadFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Page>
      <PageHeader title={PLATFORM_REPORTS_TEXT.title} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <p className={mutedText}>{online ? PLATFORM_REPORTS_TEXT.description : ADMIN_TEXT.offline}</p>
        {error && <ErrorBlock text={error} />}
        <div
          className={css({
            display: "grid",
            gap: "4",
            gridTemplateColumns: { base: "1fr", md: "repeat(2, minmax(0, 1fr))", xl: "repeat(3, minmax(0, 1fr))" },
          })}
        >
          {PLATFORM_REPORTS_TEXT.reports.map((report) => (
            <Card key={report.kind} title={report.title} testId={`platform-report-${report.kind}`}>
              <p className={mutedText}>{report.description}</p>
              <div>
                <Button
                  size="sm"
                  onClick={() => download(report.kind)}
                  disabled={!online}
                  loading={busy === report.kind}
                >
                  {PLATFORM_REPORTS_TEXT.download}
                </Button>
              </div>
            </Card>
          ))}
        </div>
      </div>
    </Page>
  );
}
