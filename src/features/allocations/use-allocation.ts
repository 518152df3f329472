// The data of one allocation page, all from the local replicas: the allocation, its round and asset, and its
// distributions (with queued invitations shown as pending rows).
import { useMemo } from "react";
import { useDocument, useModel } from "../../data/hooks.tsx";
import type { AllocationDoc, AssetDoc, DistributionDoc, RoundDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import { useBatchPending } from "./pending-batch.ts";

export type Distribution = WithPending<DistributionDoc> & { paidInCapital?: string | null };

interface AllocationData {
  allocation: WithPending<AllocationDoc> | null | undefined;
  round: WithPending<RoundDoc> | null | undefined;
  asset: WithPending<AssetDoc> | null | undefined;
  distributions: Distribution[];
  loading: boolean;
}

/** useDocument for an id that may not be known yet (RxDB refuses a selector on undefined). */
export function useMaybeDocument<M extends Parameters<typeof useDocument>[0]>(model: M, id: string | null | undefined) {
  const document = useDocument(model, id ?? NO_ID);
  return id ? document : id === undefined ? undefined : null;
}
const NO_ID = "00000000-0000-0000-0000-000000000000";

/** The allocation page's distributions: its own, oldest first (queued invitations, with no createdOn yet, last). */
export function allocationDistributionsQuery(allocationId: string) {
  return { selector: { allocationId }, sort: [{ createdOn: "asc" as const }] };
}

export function useAllocationData(allocationId: string): AllocationData {
  const allocation = useDocument("allocations", allocationId);
  const round = useMaybeDocument("rounds", allocation === undefined ? undefined : (allocation?.roundId ?? null)) as
    | WithPending<RoundDoc>
    | null
    | undefined;
  const asset = useMaybeDocument("assets", round === undefined ? undefined : (round?.assetId ?? null)) as
    | WithPending<AssetDoc>
    | null
    | undefined;
  const query = useMemo(() => allocationDistributionsQuery(allocationId), [allocationId]);
  const { rows, loading } = useModel("distributions", query);
  // A queued removal takes the distribution out of the list; a refused one brings it back with its mark and reason.
  const listed = useMemo(
    () => [...rows].filter((d) => !(d._pending?.deleted && d._pending.status !== "rejected")) as Distribution[],
    [rows],
  );
  // Queued issuances and CSV imports (batch commands) show as pending too.
  const distributions = useBatchPending(listed, [allocationId]);
  return { allocation, round, asset, distributions, loading: loading || allocation === undefined };
}
