// /holding/{holding_id}: breadcrumbs by account type (investors: Portfolio > round > Holding; others: Assets >
// asset > round > Holding), the holding card, its dividends (paid-out total; the issuer's owners and admins record
// payments: DividendsCard) and its documents (upload, download and sharing: src/features/documents).
import { css } from "../../../styled-system/css";
import { useDocument } from "../../data/hooks.tsx";
import type { AssetDoc, RoundDoc, SecurityDoc } from "../../data/models/index.ts";
import { percentOfRaise, totalValue } from "../../domain/capital.ts";
import { formatDate, formatMoney, formatNumber, formatPercent } from "../../domain/format.ts";
import {
  Breadcrumb,
  type BreadcrumbItem,
  Card,
  EmptyState,
  LoadingIndicator,
  mutedText,
  Page,
  PageHeader,
  Stat,
  StatRow,
} from "../../ui/index.ts";
import { useMaybeDocument } from "../allocations/use-allocation.ts";
import { DocumentsSection } from "../documents/DocumentsSection.tsx";
import { useViewer } from "../session/viewer.ts";
import { DividendsCard } from "./DividendsCard.tsx";

function holdingBreadcrumb(
  accountType: string,
  round: { id: string; name: string } | null,
  asset: { name: string } | null,
): BreadcrumbItem[] {
  if (accountType === "investor") {
    return [
      { display: "Portfolio", link: "/portfolio" },
      { display: round?.name ?? "Round" },
      { display: "Holding", active: true },
    ];
  }
  return [
    { display: "Assets", link: "/assets" },
    { display: asset?.name ?? "Asset", link: "/assets" },
    { display: round?.name ?? "Round", link: round ? `/asset-class/${round.id}/manage` : undefined },
    { display: "Holding", active: true },
  ];
}

export function HoldingPage({ holdingId }: { holdingId: string }) {
  const actor = useViewer();
  const holding = useDocument("holdings", holdingId);
  const round = useMaybeDocument("rounds", holding === undefined ? undefined : (holding?.roundId ?? null)) as
    | RoundDoc
    | null
    | undefined;
  const asset = useMaybeDocument("assets", round === undefined ? undefined : (round?.assetId ?? null)) as
    | AssetDoc
    | null
    | undefined;
  const security = useMaybeDocument("securities", holding === undefined ? undefined : (holding?.securityId ?? null)) as
    | SecurityDoc
    | null
    | undefined;

  if (holding === undefined) return <LoadingIndicator />;
  if (!holding) {
    return (
      <Page>
        <PageHeader title="Holding" />
        <EmptyState text="No holdings found." />
      </Page>
    );
  }
  const price = holding.purchasePrice ?? round?.price ?? null;
  const pct = security?.total ? percentOfRaise(holding.amount, security.total) : null;
  // Only the issuer sees holdings of its own rounds; its viewers read, owners and admins write (as the server allows).
  const canRecordDividends = actor.accountType === "issuer" && actor.canWrite;
  return (
    <Page>
      <Breadcrumb items={holdingBreadcrumb(actor.accountType, round ?? null, asset ?? null)} />
      <PageHeader title={security?.name ?? "Holding"} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
        <Card title={holding.investor?.name ?? "Holding"} testId="holding-card">
          <StatRow>
            <Stat label="UNITS" value={formatNumber(holding.amount)} testId="holding-units" />
            <Stat label="PURCHASE PRICE" value={formatMoney(price)} />
            <Stat label="TOTAL VALUE" value={price ? formatMoney(totalValue(holding.amount, price)) : "N/A"} />
            <Stat label="PERCENT OF RAISE" value={pct ? formatPercent(pct) : "N/A"} />
            <Stat label="ISSUED ON" value={formatDate(holding.issuedOn ?? null, "MMM Do YYYY")} />
          </StatRow>
          <p className={mutedText}>
            {round?.name} · {asset?.name} · {holding.investor?.email}
          </p>
        </Card>
        <DividendsCard holding={holding} canRecord={canRecordDividends} />
        <Card title="Documents">
          <DocumentsSection type="holding" targetId={holding.id} />
        </Card>
      </div>
    </Page>
  );
}
