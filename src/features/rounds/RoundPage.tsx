// /asset-class/{round_id}/{view}: manage (issuer and broker), capital (issuer), token (issuer: features/tokens).
// Tabs are limited to the account type's views; any other view falls back to the default. Reads the replicas only.
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { ALLOCATION_STATUS_LABELS } from "../../domain/allocations.ts";
import { Breadcrumb, EmptyPage, LoadingIndicator, Page, PageHeader, StatusBadge, TabStrip } from "../../ui/index.ts";
import { TokenView } from "../tokens/index.ts";
import { Allocations } from "./Allocations.tsx";
import { Buyers } from "./Buyers.tsx";
import { canChangeBuyerStatus } from "./buyer-status.ts";
import { CapitalSummaryCard, CapitalView } from "./CapitalView.tsx";
import { CapTable } from "./CapTable.tsx";
import { Distributors } from "./Distributors.tsx";
import { RoundInfo } from "./RoundInfo.tsx";
import { ROUND_TEXT } from "./strings.ts";
import { useRoundData } from "./use-round.ts";

type RoundView = "manage" | "capital" | "token";
const VIEW_LABELS: Record<RoundView, string> = {
  manage: ROUND_TEXT.manage,
  capital: ROUND_TEXT.capital,
  token: ROUND_TEXT.token,
};

/** Views an account type may open (spec: manage for issuer and broker; capital and token for issuer only). */
function roundViewsFor(accountType: string): RoundView[] {
  if (accountType === "issuer") return ["manage", "capital", "token"];
  if (accountType === "broker") return ["manage"];
  return [];
}

export function RoundPage({ roundId, view: requested }: { roundId: string; view: string }) {
  const actor = useViewer();
  const data = useRoundData(roundId);
  const views = roundViewsFor(actor.accountType);
  const view: RoundView | null = views.includes(requested as RoundView) ? (requested as RoundView) : (views[0] ?? null);
  const { round, asset } = data;

  if (data.loading) return <LoadingIndicator />;
  if (!round) {
    return <EmptyPage title={ROUND_TEXT.round} text={ROUND_TEXT.noRounds} />;
  }
  const isIssuerEditor = actor.accountType === "issuer" && actor.canWrite;
  // A broker that accepted to manage the round adds allocations and issues; the round's own fields are the
  // issuer's (spec part 1 section 6; the server refuses a broker's edit, 0801).
  const brokerManages =
    actor.accountType === "broker" &&
    actor.canWrite &&
    data.brokerAllocations.some((b) => b.brokerId === actor.accountId && b.status === "accepted");
  const isEditor = isIssuerEditor || brokerManages;
  const allocationOwnerIds = new Set(data.allocations.map((a) => a.ownerId));
  const ownerByAllocation = new Map(data.allocations.map((a) => [a.id, a.ownerId]));

  return (
    <Page>
      <Breadcrumb
        items={[
          { display: ROUND_TEXT.assets, link: "/assets" },
          { display: asset?.name ?? ROUND_TEXT.asset, link: "/assets" },
          { display: round.name, active: true },
        ]}
      />
      <PageHeader title={ROUND_TEXT.title(asset?.name ?? "", round.name)}>
        <div className={css({ mt: "1" })}>
          <StatusBadge label={ALLOCATION_STATUS_LABELS[round.status] ?? round.status} />
        </div>
      </PageHeader>
      {views.length > 1 && (
        <TabStrip
          label={ROUND_TEXT.roundViews}
          className={css({ mb: "5" })}
          items={views.map((v) => ({
            label: VIEW_LABELS[v],
            to: "/asset-class/$roundId/$view",
            params: { roundId, view: v },
            current: v === view,
          }))}
        />
      )}
      <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
        {view === null && <RoundInfo round={round} canEdit={false} />}
        {view === "manage" && (
          <>
            <RoundInfo round={round} canEdit={isIssuerEditor} />
            <div
              className={css({
                display: "grid",
                gap: "5",
                gridTemplateColumns: { base: "1fr", lg: "repeat(2, minmax(0, 1fr))" },
              })}
            >
              <Distributors roundId={round.id} brokerAllocations={data.brokerAllocations} canAdd={isIssuerEditor} />
              {actor.accountType === "issuer" && <CapitalSummaryCard round={round} holdings={data.holdings} />}
            </div>
            <Allocations
              round={round}
              allocations={data.allocations}
              distributions={data.distributions}
              actor={actor}
              canAdd={isEditor}
            />
            <CapTable
              assetId={round.assetId}
              holdings={data.holdings}
              distributions={data.distributions}
              allocationOwnerIds={allocationOwnerIds}
              canIssue={isEditor}
            />
            <Buyers
              distributions={data.distributions}
              holdings={data.holdings}
              price={round.price ?? "0"}
              canChangeStatus={(d) => canChangeBuyerStatus(actor, d, ownerByAllocation.get(d.allocationId))}
            />
          </>
        )}
        {view === "capital" && (
          <CapitalView round={round} holdings={data.holdings} distributions={data.distributions} />
        )}
        {view === "token" && <TokenView roundId={round.id} actor={actor} />}
      </div>
    </Page>
  );
}
