// /distribute-allocation/{allocation_id}/{view}: the allocation's tabs on the left, its distributions on the right.
// Everything reads the local replicas, so the page works offline; writes are queued commands.
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { ALLOCATION_STATUS_LABELS, canEditAllocation, canEditLinks } from "../../domain/allocations.ts";
import { mayHostInPerson } from "../../domain/in-person.ts";
import { Breadcrumb, EmptyPage, LoadingIndicator, Page, PageHeader, StatusBadge, TabStrip } from "../../ui/index.ts";
import { AllocationTab } from "./AllocationTab.tsx";
import { BulkAnnotateTab, BulkInviteTab, BulkUpdateTab, InvestorsTab } from "./BulkTabs.tsx";
import { DistributionsPane } from "./DistributionsPane.tsx";
import { DistributionTab } from "./DistributionTab.tsx";
import { InviteTab } from "./InviteTab.tsx";
import { EmailTab, LinksTab } from "./LinksEmailTabs.tsx";
import { vendorQualificationsOf } from "./QualificationsCard.tsx";
import { ALLOCATION_PAGE_TEXT } from "./strings.ts";
import { useAllocationData } from "./use-allocation.ts";

const ALLOCATION_VIEWS = [
  { value: "allocation", label: ALLOCATION_PAGE_TEXT.allocation },
  { value: "invite", label: ALLOCATION_PAGE_TEXT.invitation },
  { value: "investors", label: ALLOCATION_PAGE_TEXT.investors },
  { value: "distribution", label: ALLOCATION_PAGE_TEXT.distribution },
  { value: "bulk-invite", label: ALLOCATION_PAGE_TEXT.bulkInvite },
  { value: "bulk-update", label: ALLOCATION_PAGE_TEXT.bulkUpdate },
  { value: "bulk-annotate", label: ALLOCATION_PAGE_TEXT.bulkAnnotate },
  { value: "links", label: ALLOCATION_PAGE_TEXT.links },
  { value: "email", label: ALLOCATION_PAGE_TEXT.emails },
] as const;

type AllocationView = (typeof ALLOCATION_VIEWS)[number]["value"];

/** Phones only: the list is below the view; on wide screens it sits beside it. */
const jumpToList = css({
  display: { base: "inline-flex", lg: "none" },
  alignSelf: "flex-start",
  fontSize: "sm",
  fontWeight: "600",
  color: "fg.link",
  textDecoration: "underline",
});

export function normalizeAllocationView(view: string | undefined): AllocationView {
  return ALLOCATION_VIEWS.some((v) => v.value === view) ? (view as AllocationView) : "allocation";
}

export function AllocationPage({
  allocationId,
  view,
  distributionId,
}: {
  allocationId: string;
  view: AllocationView;
  distributionId?: string;
}) {
  const actor = useViewer();
  const navigate = useNavigate();
  const { allocation, round, asset, distributions, loading } = useAllocationData(allocationId);
  const [selectedIds, setSelectedIds] = useState<Set<string>>(new Set());
  const selected = useMemo(() => distributions.filter((d) => selectedIds.has(d.id)), [distributions, selectedIds]);

  if (loading) return <LoadingIndicator />;
  if (!allocation) {
    return <EmptyPage title={ALLOCATION_PAGE_TEXT.allocation} text={ALLOCATION_PAGE_TEXT.noAllocations} />;
  }
  const canEdit = canEditAllocation(actor, allocation);
  const isOwner = actor.accountId === allocation.ownerId;
  const current = distributions.find((d) => d.id === distributionId) ?? selected[0] ?? null;

  const content = (() => {
    switch (view) {
      case "invite":
        return <InviteTab allocationId={allocation.id} canEdit={canEdit} />;
      case "investors":
        return <InvestorsTab actor={actor} canEdit={canEdit} allocationId={allocation.id} />;
      case "distribution":
        return (
          <DistributionTab
            distribution={current}
            canEdit={canEdit}
            isOwner={isOwner}
            canHostInPerson={mayHostInPerson(actor, allocation, asset)}
            roundClosesOn={round?.closesOn ?? null}
            qualificationChoices={vendorQualificationsOf(allocation)}
          />
        );
      case "bulk-invite":
        return <BulkInviteTab actor={actor} canEdit={canEdit} allocationId={allocation.id} />;
      case "bulk-update":
        return <BulkUpdateTab actor={actor} canEdit={canEdit} selected={selected} />;
      case "bulk-annotate":
        return <BulkAnnotateTab actor={actor} canEdit={canEdit} selected={selected} />;
      case "links":
        return <LinksTab allocation={allocation} canEdit={canEditLinks(actor, allocation)} />;
      case "email":
        return <EmailTab allocation={allocation} canEdit={canEdit} />;
      default:
        return <AllocationTab allocation={allocation} round={round} actor={actor} />;
    }
  })();

  return (
    <Page>
      <Breadcrumb
        items={[
          { display: ALLOCATION_PAGE_TEXT.assets, link: "/assets" },
          { display: asset?.name ?? ALLOCATION_PAGE_TEXT.asset, link: "/assets" },
          {
            display: round?.name ?? ALLOCATION_PAGE_TEXT.round,
            link: round ? `/asset-class/${round.id}/manage` : undefined,
          },
          { display: allocation.name, active: true },
        ]}
      />
      <PageHeader title={allocation.name}>
        <div className={css({ display: "flex", gap: "2", mt: "1", alignItems: "center" })}>
          <StatusBadge label={ALLOCATION_STATUS_LABELS[allocation.status] ?? allocation.status} />
          <span className={css({ fontSize: "sm", color: "fg.muted" })}>{round?.name}</span>
        </div>
      </PageHeader>
      {/* Phones: one column; on the Allocation view the distributions come first (a field broker checks their
          status more than anything), on the other views the view comes first with a link down to the list. */}
      <div
        className={css({
          display: "grid",
          gap: "6",
          gridTemplateColumns: { base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 30rem" },
          alignItems: "start",
        })}
      >
        <div
          className={css({
            display: "flex",
            flexDirection: "column",
            gap: "4",
            minW: 0,
            order: { base: view === "allocation" ? 1 : 0, lg: 0 },
          })}
        >
          <TabStrip
            label={ALLOCATION_PAGE_TEXT.allocationViews}
            items={ALLOCATION_VIEWS.map((tab) => ({
              label: tab.label,
              to: "/distribute-allocation/$allocationId/{-$view}",
              params: { allocationId, view: tab.value },
              search: tab.value === "distribution" && current ? { distribution: current.id } : undefined,
              current: tab.value === view,
            }))}
          />
          {view !== "allocation" && (
            <a href="#distributions" className={jumpToList}>
              {ALLOCATION_PAGE_TEXT.jumpToDistributions(distributions.length)}
            </a>
          )}
          {content}
        </div>
        <div id="distributions" className={css({ minW: 0, scrollMarginTop: "20" })}>
          <DistributionsPane
            allocationId={allocation.id}
            distributions={distributions}
            selected={selectedIds}
            onSelectedChange={(next) => {
              setSelectedIds(next);
              if (view === "distribution" && next.size === 1) {
                const [only] = [...next];
                void navigate({
                  to: "/distribute-allocation/$allocationId/{-$view}",
                  params: { allocationId, view },
                  search: { distribution: only },
                });
              }
            }}
            canEdit={canEdit}
          />
        </div>
      </div>
    </Page>
  );
}
