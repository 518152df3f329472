// /reports: "Download Reports" with Cap Table, Schedule of purchasers and Contacts. Online the server makes the CSV;
// offline the device makes the same file from its replicas (same columns and order, src/domain/reports.ts and
// register.ts). "As of" (default today) dates the cap table and the schedule of purchasers: the register rebuilt from
// the ledger (docs/REGISTER.md). Issuers also get the control report and the "OCF package" (Open Cap Format 1.2.0
// zip), both made by the server only, and, owners and admins, the package's import.
import { useEffect, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { downloadPath, saveCsv } from "../../app/file-download.ts";
import { useCheckedField } from "../../app/use-checked-field.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import type { AssetDoc, HoldingDoc, RoundDoc, SecurityDoc, TransactionDoc } from "../../data/models/index.ts";
import { capTableHoldings } from "../../domain/allocations.ts";
import { parseAsOf, purchasersCsv, registerCapTableCsv } from "../../domain/register.ts";
import { type CapTableLine, capTableCsv, contactsCsv, reportDay } from "../../domain/reports.ts";
import { Card, DateInput, EmptyState, mutedText, Page, PageHeader } from "../../ui/index.ts";
import { ControlCard } from "./ControlCard.tsx";
import { OcfImport } from "./OcfImport.tsx";
import { ReportHeading } from "./ReportHeading.tsx";
import { registerLinesOnDevice } from "./register-lines.ts";
import { OCF_TEXT, REPORTS_TEXT } from "./strings.ts";

type ReportKey = "cap-table" | "purchasers" | "contacts";

const REPORTS: readonly { key: ReportKey; title: string; description: string }[] = [
  { key: "cap-table", title: REPORTS_TEXT.capTable, description: REPORTS_TEXT.capTableDescription },
  { key: "purchasers", title: REPORTS_TEXT.purchasers, description: REPORTS_TEXT.purchasersDescription },
  { key: "contacts", title: REPORTS_TEXT.contacts, description: REPORTS_TEXT.contactsDescription },
];

const todayIso = () => new Date().toISOString().slice(0, 10);
const today = () => todayIso().replaceAll("-", "_");

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface OcfSummary {
  issuances: number;
  stakeholders: number;
  stockClasses: number;
  omitted: string[];
}

/** The OCF package card: the server's summary of what the package holds and what OCF cannot express. */
function OcfCard({ online, version }: { online: boolean; version: number }) {
  const [summary, setSummary] = useState<OcfSummary | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    fetch(`/api/v2/reports/ocf/summary?v=${version}`, { credentials: "same-origin", cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then((body) => live && setSummary(body as OcfSummary | null))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [online, version]);
  return (
    <Card testId="report-ocf">
      <ReportHeading
        title={OCF_TEXT.title}
        description={OCF_TEXT.description}
        offline={!online}
        onDownload={() => downloadPath("/api/v2/reports/ocf")}
      />
      {!online && <p className={mutedText}>{OCF_TEXT.offline}</p>}
      {online && summary && (
        <div data-testid="ocf-summary" className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
          <p className={css({ fontSize: "sm" })}>
            {OCF_TEXT.summary(summary.issuances, summary.stakeholders, summary.stockClasses)}
          </p>
          {summary.omitted.length > 0 && (
            <>
              <p className={css({ fontSize: "sm", fontWeight: "600" })}>{OCF_TEXT.notExported}</p>
              <ul className={css({ fontSize: "sm", color: "fg.muted", pl: "5", listStyleType: "disc" })}>
                {summary.omitted.map((line) => (
                  <li key={line}>{capitalise(line.replace(/^Not exported: /, ""))}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Card>
  );
}

export function ReportsPage() {
  const online = useOnline();
  const viewer = useViewer();
  const issuer = viewer.accountType === "issuer";
  const [ocfVersion, setOcfVersion] = useState(0);
  const { rows: holdings } = useModel("holdings");
  const { rows: rounds } = useModel("rounds");
  const { rows: assets } = useModel("assets");
  const { rows: securities } = useModel("securities");
  const { rows: allocations } = useModel("allocations");
  const { rows: customers } = useModel("customers");
  const { rows: transactions } = useModel("transactions");
  const asOf = useCheckedField<string | null>(todayIso);

  const capTable = useMemo(() => {
    const roundById = new Map((rounds as RoundDoc[]).map((r) => [r.id, r]));
    const assetById = new Map((assets as AssetDoc[]).map((a) => [a.id, a]));
    const securityById = new Map((securities as SecurityDoc[]).map((s) => [s.id, s]));
    const owners = new Set(allocations.map((a) => a.ownerId));
    return capTableHoldings(holdings as HoldingDoc[], owners).map((h): CapTableLine => {
      const round = roundById.get(h.roundId);
      return {
        investor: h.investor?.name ?? "",
        investorEmail: h.investor?.email ?? "",
        asset: (round && assetById.get(round.assetId)?.name) ?? "",
        round: round?.name ?? "",
        security: securityById.get(h.securityId)?.name ?? "",
        units: h.amount,
        purchasePrice: h.purchasePrice ?? round?.price ?? "",
        issuedOn: reportDay(h.issuedOn),
      };
    });
  }, [holdings, rounds, assets, securities, allocations]);

  /** The register as of a day other than today, made on the device from its ledger entries (offline). */
  const registerOnDevice = (day: string) =>
    registerLinesOnDevice(
      {
        holdings: holdings as HoldingDoc[],
        transactions: transactions as TransactionDoc[],
        rounds: rounds as RoundDoc[],
        assets: assets as AssetDoc[],
        securities: securities as SecurityDoc[],
        allocationOwners: new Set(allocations.map((a) => a.ownerId)),
      },
      day,
    );

  const downloadReport = (key: ReportKey) => {
    if (key === "contacts") {
      if (online) return downloadPath("/api/v2/reports/contacts");
      return saveCsv(
        `contacts_${today()}.csv`,
        contactsCsv(
          customers.map((c) => ({ contactName: c.name ?? "", accountName: c.investor?.name ?? "", email: c.email })),
        ),
      );
    }
    if (!asOf.value) return asOf.setError(REPORTS_TEXT.asOfInvalid);
    const checked = parseAsOf(asOf.value, todayIso());
    if (!checked.ok) return asOf.setError(checked.message);
    const day = checked.day;
    const isToday = day === todayIso();
    if (online)
      return downloadPath(
        key === "cap-table" && isToday ? "/api/v2/reports/cap-table" : `/api/v2/reports/${key}?asOf=${day}`,
      );
    const stamp = day.replaceAll("-", "_");
    if (key === "cap-table")
      return saveCsv(
        `cap_table_${stamp}.csv`,
        isToday ? capTableCsv(capTable) : registerCapTableCsv(registerOnDevice(day)),
      );
    saveCsv(`schedule_of_purchasers_${stamp}.csv`, purchasersCsv(registerOnDevice(day)));
  };

  return (
    <Page maxWidth="60rem">
      <PageHeader title={REPORTS_TEXT.title} />
      {REPORTS.length === 0 ? (
        <EmptyState text={REPORTS_TEXT.none} />
      ) : (
        <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
          {!online && <p className={mutedText}>{REPORTS_TEXT.offline}</p>}
          <Card testId="report-as-of">
            <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: "4" })}>
              <div className={css({ w: "48" })}>
                <DateInput label={REPORTS_TEXT.asOf} name="as-of" {...asOf.bind} />
              </div>
              <p className={mutedText}>{REPORTS_TEXT.asOfHint}</p>
            </div>
          </Card>
          {REPORTS.map((r) => (
            <Card key={r.key} testId={`report-${r.key}`}>
              <ReportHeading title={r.title} description={r.description} onDownload={() => downloadReport(r.key)} />
            </Card>
          ))}
          {issuer && <ControlCard online={online} download={downloadPath} />}
          {issuer && <OcfCard online={online} version={ocfVersion} />}
          {issuer && viewer.canWrite && <OcfImport onImported={() => setOcfVersion((v) => v + 1)} />}
        </div>
      )}
    </Page>
  );
}
