// One distribution: status, prices (one per currency), payments (shown to the allocation's owner), notes, custom
// fields and vesting. Locked distributions refuse status and custom-field changes (the server refuses them too).
// Each card is its own component (DistributionOverview, DistributionPrices, DistributionPayments,
// DistributionCustomFields, and the shared qualification, note and vesting cards).
import { css } from "../../../styled-system/css";
import { distributionQualificationLabel } from "../../domain/allocations.ts";
import { EmptyState } from "../../ui/index.ts";
import { DistributionAccreditation } from "../accreditation/index.ts";
import { InPersonCard } from "../in-person/index.ts";
import { CustomFields } from "./DistributionCustomFields.tsx";
import { Overview } from "./DistributionOverview.tsx";
import { Payments } from "./DistributionPayments.tsx";
import { Prices } from "./DistributionPrices.tsx";
import { NotesCard } from "./NotesCard.tsx";
import { type QualificationChoice, QualificationsCard, qualificationsOf } from "./QualificationsCard.tsx";
import { DISTRIBUTION_TEXT } from "./strings.ts";
import type { Distribution } from "./use-allocation.ts";
import { VestingCard, type VestingSchedule } from "./VestingCard.tsx";

export function DistributionTab({
  distribution,
  canEdit,
  isOwner,
  canHostInPerson = false,
  roundClosesOn,
  qualificationChoices = [],
}: {
  distribution: Distribution | null;
  canEdit: boolean;
  isOwner: boolean;
  /** may start an in-person session with the investor (domain/in-person.ts mayHostInPerson: the server's rule) */
  canHostInPerson?: boolean;
  roundClosesOn: string | null;
  qualificationChoices?: readonly QualificationChoice[];
}) {
  if (!distribution) return <EmptyState text={DISTRIBUTION_TEXT.selectDistribution} />;
  const locked = Boolean(distribution.locked);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
      <Overview distribution={distribution} canEdit={canEdit && !locked} canDelete={canEdit} locked={locked} />
      <InPersonCard distribution={distribution} canManage={canHostInPerson} />
      <DistributionAccreditation distributionId={distribution.id} />
      <QualificationsCard
        kind="distribution"
        parentId={distribution.id}
        rows={qualificationsOf(distribution)}
        choices={qualificationChoices}
        canEdit={canEdit && !locked}
        label={distributionQualificationLabel(distribution)}
      />
      <Prices distribution={distribution} canEdit={canEdit && !locked} />
      {isOwner && <Payments distribution={distribution} canEdit={canEdit} />}
      <NotesCard
        kind="distribution"
        parentId={distribution.id}
        notes={(distribution.annotations ?? []) as { id: string; annotation: string; createdOn: string }[]}
        canEdit={canEdit}
      />
      <CustomFields distribution={distribution} canEdit={canEdit && !locked} />
      <VestingCard
        kind="distribution"
        parentId={distribution.id}
        schedule={distribution.vestingSchedule as VestingSchedule | null}
        defaultStartsOn={roundClosesOn}
        canEdit={canEdit && !locked}
      />
    </div>
  );
}
