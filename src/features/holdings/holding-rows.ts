// Holdings grid rows from the replicas: exact values computed once per change, display strings and a numeric sort
// key per column (the key orders rows only; shown and exported values stay exact decimal strings).
import type { HoldingDoc, RoundDoc, SecurityDoc } from "../../data/models/index.ts";
import { percentOfRaise, totalValue } from "../../domain/capital.ts";
import { toString as decimalText, parseDecimal } from "../../domain/decimal.ts";

export interface HoldingRow {
  id: string;
  investor: string;
  investorEmail: string;
  securityName: string;
  totalUnits: string;
  percentOfRaise: string | null;
  costBasis: string | null;
  tokenized: string;
  term: string;
  yield: string;
  totalValue: string | null;
  issuedOn: string | null;
}

export function holdingRows(
  holdings: readonly HoldingDoc[],
  securities: ReadonlyMap<string, Pick<SecurityDoc, "name" | "total">>,
  rounds: ReadonlyMap<string, Pick<RoundDoc, "trancheBondData">>,
): HoldingRow[] {
  return holdings.map((h) => {
    const security = securities.get(h.securityId);
    const bond = rounds.get(h.roundId)?.trancheBondData;
    const total = security?.total && parseDecimal(security.total);
    const pct = total && total.units !== 0n ? percentOfRaise(h.amount, total, 4) : null;
    return {
      id: h.id,
      investor: h.investor?.name ?? "",
      investorEmail: h.investor?.email ?? "",
      securityName: security?.name ?? "",
      totalUnits: h.amount,
      percentOfRaise: pct ? decimalText(pct) : null,
      costBasis: h.purchasePrice ?? null,
      tokenized: (h as { tokenized?: boolean }).tokenized ? "Yes" : "No",
      term: bond?.term ? `${bond.term}` : "N/A",
      yield: bond?.coupon ? `${bond.coupon}` : "N/A",
      totalValue: h.purchasePrice ? decimalText(totalValue(h.amount, h.purchasePrice)) : null,
      issuedOn: h.issuedOn ?? null,
    };
  });
}
