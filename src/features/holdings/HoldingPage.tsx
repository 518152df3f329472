// /holding/{holding_id}: breadcrumbs by account type (investors: Portfolio > round > Holding; others: Assets >
// asset > round > Holding), the holding card, its dividends (paid-out total; the issuer's owners and admins record
// payments: DividendsCard), its transfer requests (features/transfers) and its documents (upload, download and sharing: src/features/documents).
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { useDocument } from "../../data/hooks.tsx";
import type { AssetDoc, RoundDoc, SecurityDoc } from "../../data/models/index.ts";
import { percentOfRaise, totalValue } from "../../domain/capital.ts";
import { formatDate, formatMoney, formatNumber, formatPercent } from "../../domain/format.ts";
import {
  Breadcrumb,
  type BreadcrumbItem,
  Card,
  EmptyPage,
  LoadingIndicator,
  mutedText,
  Page,
  PageHeader,
  Stat,
  StatRow,
} from "../../ui/index.ts";
import { useMaybeDocument } from "../allocations/index.ts";
import { DocumentsSection } from "../documents/index.ts";
import { TransfersCard } from "../transfers/index.ts";
import { DividendsCard } from "./DividendsCard.tsx";
import { HOLDINGS_TEXT } from "./strings.ts";

function holdingBreadcrumb(
  accountType: string,
  round: { id: string; name: string } | null,
  asset: { name: string } | null,
): BreadcrumbItem[] {
  if (accountType === "investor") {
    return [
      { display: HOLDINGS_TEXT.portfolio, link: "/portfolio" },
      { display: round?.name ?? HOLDINGS_TEXT.round },
      { display: HOLDINGS_TEXT.holding, active: true },
    ];
  }
  return [
    { display: HOLDINGS_TEXT.assets, link: "/assets" },
    { display: asset?.name ?? HOLDINGS_TEXT.asset, link: "/assets" },
    { display: round?.name ?? HOLDINGS_TEXT.round, link: round ? `/asset-class/${round.id}/manage` : undefined },
    { display: HOLDINGS_TEXT.holding, active: true },
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
    return <EmptyPage title={HOLDINGS_TEXT.holding} text={HOLDINGS_TEXT.noHoldingsFound} />;
  }
  const price = holding.purchasePrice ?? round?.price ?? null;
  const pct = security?.total ? percentOfRaise(holding.amount, security.total) : null;
  // Only the issuer sees holdings of its own rounds; its viewers read, owners and admins write (as the server allows).
  const canRecordDividends = actor.accountType === "issuer" && actor.canWrite;
  return (
    <Page>
      <Breadcrumb items={holdingBreadcrumb(actor.accountType, round ?? null, asset ?? null)} />
      <PageHeader title={security?.name ?? HOLDINGS_TEXT.holding} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
        <Card title={holding.investor?.name ?? HOLDINGS_TEXT.holding} testId="holding-card">
          <StatRow>
            <Stat label={HOLDINGS_TEXT.unitsStat} value={formatNumber(holding.amount)} testId="holding-units" />
            <Stat label={HOLDINGS_TEXT.purchasePriceStat} value={formatMoney(price)} />
            <Stat
              label={HOLDINGS_TEXT.totalValueStat}
              value={price ? formatMoney(totalValue(holding.amount, price)) : HOLDINGS_TEXT.notAvailable}
            />
            <Stat
              label={HOLDINGS_TEXT.percentOfRaiseStat}
              value={pct ? formatPercent(pct) : HOLDINGS_TEXT.notAvailable}
            />
            <Stat label={HOLDINGS_TEXT.issuedOnStat} value={formatDate(holding.issuedOn ?? null, "MMM Do YYYY")} />
          </StatRow>
          <p className={mutedText}>
            {round?.name} · {asset?.name} · {holding.investor?.email}
          </p>
        </Card>
        <DividendsCard holding={holding} canRecord={canRecordDividends} />
        <TransfersCard holding={holding} />
        <Card title={HOLDINGS_TEXT.documents}>
          <DocumentsSection type="holding" targetId={holding.id} />
        </Card>
      </div>
    </Page>
  );
}
