// /admin/reports: the platform reports (accounts by type and status, users and memberships, commands accepted and
// rejected by code, mail delivery, sync health) saved as CSV on the device. Four are books of the replica (the
// server's platformReport rows, kept current by the pull): downloaded offline too, saying when the server made them.
// Users and memberships (one row per membership: too many for every admin device) is made by the server
// (platformReport) when downloaded: offline its button is off and the card says why.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { saveCsv } from "../../app/file-download.ts";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";
import { toCsv } from "../../domain/csv.ts";
import { formatDate } from "../../domain/format.ts";
import { Button, Card, ErrorBlock, mutedText, Page, PageHeader } from "../../ui/index.ts";
import { type BookName, useBook } from "./admin-data.ts";
import { fileDay } from "./audit.ts";
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

const ON_DEVICE: Record<string, BookName | undefined> = {
  accounts: "accounts",
  commands: "commands",
  mail: "mail",
  sync: "sync",
};

export function PlatformReportsPage() {
  const online = useOnline();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const books = {
    accounts: useBook<Row[]>("accounts"),
    commands: useBook<Row[]>("commands"),
    mail: useBook<Row[]>("mail"),
    sync: useBook<Row[]>("sync"),
  } as Record<string, ReturnType<typeof useBook<Row[]>> | undefined>;

  async function download(kind: string) {
    const book = books[kind];
    if (ON_DEVICE[kind] && book?.data) {
      saveCsv(`platform_${kind}_${fileDay()}.csv`, reportCsv(book.data));
      return;
    }
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
        <p className={mutedText}>{PLATFORM_REPORTS_TEXT.description}</p>
        {error && <ErrorBlock text={error} />}
        <div
          className={css({
            display: "grid",
            gap: "4",
            gridTemplateColumns: { base: "1fr", md: "repeat(2, minmax(0, 1fr))", xl: "repeat(3, minmax(0, 1fr))" },
          })}
        >
          {PLATFORM_REPORTS_TEXT.reports.map((report) => {
            const book = ON_DEVICE[report.kind] ? books[report.kind] : undefined;
            const available = book ? Boolean(book.data) : online;
            return (
              <Card key={report.kind} title={report.title} testId={`platform-report-${report.kind}`}>
                <p className={mutedText}>{report.description}</p>
                <p className={mutedText} data-testid="report-source">
                  {book
                    ? book.updatedOn
                      ? PLATFORM_REPORTS_TEXT.asOf(formatDate(book.updatedOn, "MMM DD YYYY h:mma"))
                      : ADMIN_TEXT.notYetOnDevice
                    : online
                      ? PLATFORM_REPORTS_TEXT.serverOnlyOnline
                      : PLATFORM_REPORTS_TEXT.serverOnly}
                </p>
                <div>
                  <Button
                    size="sm"
                    onClick={() => download(report.kind)}
                    disabled={!available}
                    loading={busy === report.kind}
                  >
                    {PLATFORM_REPORTS_TEXT.download}
                  </Button>
                </div>
              </Card>
            );
          })}
        </div>
      </div>
    </Page>
  );
}
