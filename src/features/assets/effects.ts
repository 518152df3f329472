// What the custom round mutations do to the rounds read model while they wait in the outbox (src/data/pending.ts):
// a queued makeRound / makeTranche shows as a pending round; a queued tranche edit shows its new term and coupon.
import { registerCommandEffect } from "../../data/pending.ts";

const inputOf = (variables: Record<string, unknown>) => (variables.input ?? {}) as Record<string, unknown>;

for (const mutation of ["makeRound", "makeTranche"]) {
  registerCommandEffect(mutation, (variables) => {
    const { term, coupon, ...round } = inputOf(variables);
    if (typeof round.id !== "string") return null;
    const trancheBondData = mutation === "makeTranche" ? { term, coupon } : null;
    return { model: "rounds", id: round.id, kind: "create", fields: { ...round, managedUnits: "0", trancheBondData } };
  });
}

registerCommandEffect("updateTrancheBondDatumByRoundId", (variables) => {
  const input = inputOf(variables);
  if (typeof input.roundId !== "string") return null;
  return { model: "rounds", id: input.roundId, kind: "update", fields: { trancheBondData: input.patch ?? {} } };
});
