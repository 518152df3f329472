// The holdings of a security on the device as the corporate action cards list them: above 0 units, with the holder's
// and the round's names, and whether any is registered on a chain (the cards then say that the chain follows).
import { useMemo } from "react";
import { useModel } from "../../data/hooks.tsx";
import { type Decimal, dec } from "../../domain/decimal.ts";

export interface HeldLine {
  id: string;
  holder: string;
  roundId: string;
  round: string;
  amount: Decimal;
  purchasePrice: string | null;
}

export function useSecurityHoldings(securityId: string): { held: HeldLine[]; onChain: boolean } {
  const query = useMemo(() => ({ selector: { securityId } }), [securityId]);
  const holdings = useModel("holdings", query);
  const rounds = useModel("rounds", query);
  return useMemo(() => {
    const roundName = new Map(rounds.rows.map((round) => [round.id, round.name]));
    const rows = holdings.rows.filter((row) => dec(row.amount).units > 0n);
    return {
      held: rows.map((row) => ({
        id: row.id,
        holder: row.investor?.name ?? "",
        roundId: row.roundId,
        round: roundName.get(row.roundId) ?? "",
        amount: dec(row.amount),
        purchasePrice: row.purchasePrice ?? null,
      })),
      // a holding registered on a chain (not a failed registration)
      onChain: rows.some((row) =>
        (row.blockchainAddresses ?? []).some((address) => (address as { status?: string }).status !== "failed"),
      ),
    };
  }, [holdings.rows, rounds.rows]);
}
