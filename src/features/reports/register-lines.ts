// The register as of a day made on the device from its replicas (offline, docs/REGISTER.md): the positions rebuilt
// from the transactions' ledger entries (src/domain/register.ts, the server's rule), named from the holdings,
// rounds, assets and securities the device holds.
import type { AssetDoc, HoldingDoc, RoundDoc, SecurityDoc, TransactionDoc } from "../../data/models/index.ts";
import { toString as decimalText } from "../../domain/decimal.ts";
import { type RegisterLine, type RegisterTransaction, registerPositions, utcDay } from "../../domain/register.ts";

export interface RegisterReplicas {
  holdings: readonly HoldingDoc[];
  transactions: readonly TransactionDoc[];
  rounds: readonly RoundDoc[];
  assets: readonly AssetDoc[];
  securities: readonly SecurityDoc[];
  /** accounts that own an allocation: never on the cap table */
  allocationOwners: ReadonlySet<string>;
}

export function registerLinesOnDevice(replicas: RegisterReplicas, asOf: string): RegisterLine[] {
  const holdingById = new Map(replicas.holdings.map((h) => [h.id, h]));
  const roundById = new Map(replicas.rounds.map((r) => [r.id, r]));
  const assetById = new Map(replicas.assets.map((a) => [a.id, a]));
  const securityById = new Map(replicas.securities.map((s) => [s.id, s]));
  const issuedOn = new Map(replicas.holdings.map((h) => [h.id, h.issuedOn ?? null]));
  const positions = registerPositions(replicas.transactions as readonly RegisterTransaction[], issuedOn, asOf);
  return positions.flatMap((p): RegisterLine[] => {
    const holding = holdingById.get(p.holdingId);
    if (!holding || replicas.allocationOwners.has(p.investorId)) return [];
    const round = roundById.get(holding.roundId);
    const investor = holding.investorId === p.investorId ? holding.investor : null;
    return [
      {
        investor: investor?.name ?? "",
        investorEmail: investor?.email ?? "",
        asset: (round && assetById.get(round.assetId)?.name) ?? "",
        round: round?.name ?? "",
        security: securityById.get(holding.securityId)?.name ?? "",
        units: decimalText(p.units),
        purchasePrice: holding.purchasePrice ?? round?.price ?? "",
        issuedOn: utcDay(holding.issuedOn),
        paidOn: p.paidOn ?? utcDay(holding.issuedOn),
      },
    ];
  });
}
