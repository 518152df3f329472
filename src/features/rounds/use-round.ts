// The data of one round page from the local replicas: round, asset, allocations, broker allocations, the
// distributions of its allocations and its holdings.
import { useMemo } from "react";
import { useDocument, useModel } from "../../data/hooks.tsx";
import type { AssetDoc, HoldingDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import { type Distribution, useBatchPending, useMaybeDocument } from "../allocations/index.ts";

export function useRoundData(roundId: string) {
  const round = useDocument("rounds", roundId);
  const asset = useMaybeDocument("assets", round === undefined ? undefined : (round?.assetId ?? null)) as
    | WithPending<AssetDoc>
    | null
    | undefined;
  const byRound = useMemo(() => ({ selector: { roundId }, sort: [{ createdOn: "asc" as const }] }), [roundId]);
  const allocations = useModel("allocations", byRound);
  const brokers = useModel("broker_allocations", byRound);
  const holdings = useModel("holdings", byRound);
  const allocationIds = allocations.rows.map((a) => a.id);
  const idsKey = allocationIds.join(",");
  const distQuery = useMemo(
    () => ({
      selector: { allocationId: { $in: idsKey ? idsKey.split(",") : [] } },
      sort: [{ createdOn: "asc" as const }],
    }),
    [idsKey],
  );
  const distributions = useModel("distributions", distQuery);
  // Queued invitations of other pages' allocations appear too; keep only this round's.
  const ofRound = useMemo(() => {
    const ids = new Set(idsKey.split(","));
    return (distributions.rows as Distribution[]).filter((d) => ids.has(d.allocationId));
  }, [distributions.rows, idsKey]);
  // Queued issuances and CSV imports (batch commands) show as pending too.
  const withBatches = useBatchPending(ofRound, allocationIds);
  return {
    round,
    asset,
    allocations: allocations.rows,
    brokerAllocations: brokers.rows,
    holdings: holdings.rows as WithPending<HoldingDoc>[],
    distributions: withBatches,
    loading: round === undefined || allocations.loading,
  };
}
