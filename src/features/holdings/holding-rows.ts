// Holdings grid rows from the replicas: exact values computed once per change, display strings and a numeric sort
// key per column (the key orders rows only; shown and exported values stay exact decimal strings).
import type { HoldingDoc, RoundDoc, SecurityDoc } from "../../data/models/index.ts";
import { percentOfRaise, totalValue } from "../../domain/capital.ts";
import { toString as decimalText, parseDecimal } from "../../domain/decimal.ts";
import { isTokenized } from "../../domain/wallet.ts";
import { HOLDINGS_TEXT } from "./strings.ts";

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

type Securities = ReadonlyMap<string, Pick<SecurityDoc, "name" | "total">>;
type Rounds = ReadonlyMap<string, Pick<RoundDoc, "trancheBondData">>;

export function holdingRows(holdings: readonly HoldingDoc[], securities: Securities, rounds: Rounds): HoldingRow[] {
  return holdings.map((h) => holdingRow(h, securities, rounds));
}

/** Whether two maps hold the same keys with the very same values. */
function sameEntries<K, V>(a: ReadonlyMap<K, V> | null, b: ReadonlyMap<K, V>): boolean {
  if (a === b) return true;
  if (!a || a.size !== b.size) return false;
  for (const [key, value] of b) if (a.get(key) !== value) return false;
  return true;
}

/**
 * holdingRows with a row kept per holding document: the live replica keeps an unchanged document's object between
 * updates, so a change of a few holdings recomputes only their rows (and AG Grid, seeing the same row objects, only
 * redraws those). A securities or rounds map with another document in it starts over (a new map of the same
 * documents does not: the page's early rows and its live query's first answer are the same documents).
 */
export function holdingRowsCache(): (
  holdings: readonly HoldingDoc[],
  securities: Securities,
  rounds: Rounds,
) => HoldingRow[] {
  let cache = new WeakMap<HoldingDoc, HoldingRow>();
  let lastSecurities: Securities | null = null;
  let lastRounds: Rounds | null = null;
  return (holdings, securities, rounds) => {
    if (!sameEntries(lastSecurities, securities) || !sameEntries(lastRounds, rounds)) {
      cache = new WeakMap();
      lastSecurities = securities;
      lastRounds = rounds;
    }
    return holdings.map((h) => {
      let row = cache.get(h);
      if (!row) {
        row = holdingRow(h, securities, rounds);
        cache.set(h, row);
      }
      return row;
    });
  };
}

function holdingRow(h: HoldingDoc, securities: Securities, rounds: Rounds): HoldingRow {
  return new LazyHoldingRow(h, securities.get(h.securityId), rounds.get(h.roundId)?.trancheBondData);
}

/**
 * The two computed columns (exact decimal arithmetic: the costly part at 50,000 rows) are worked out when first read:
 * AG Grid reads only the rows on screen, until a sort, filter or export by them needs every row.
 */
class LazyHoldingRow implements HoldingRow {
  readonly id: string;
  readonly investor: string;
  readonly investorEmail: string;
  readonly securityName: string;
  readonly totalUnits: string;
  readonly costBasis: string | null;
  readonly tokenized: string;
  readonly term: string;
  readonly yield: string;
  readonly issuedOn: string | null;
  #percent: string | null | undefined;
  #value: string | null | undefined;
  readonly #securityTotal: string | null;

  constructor(
    h: HoldingDoc,
    security: Pick<SecurityDoc, "name" | "total"> | undefined,
    bond: RoundDoc["trancheBondData"],
  ) {
    const bondData = bond as { term?: unknown; coupon?: unknown } | null | undefined;
    this.id = h.id;
    this.investor = h.investor?.name ?? "";
    this.investorEmail = h.investor?.email ?? "";
    this.securityName = security?.name ?? "";
    this.totalUnits = h.amount;
    this.costBasis = h.purchasePrice ?? null;
    this.tokenized = isTokenized(h.blockchainAddresses) ? HOLDINGS_TEXT.yes : HOLDINGS_TEXT.no;
    this.term = bondData?.term ? `${bondData.term}` : HOLDINGS_TEXT.notAvailable;
    this.yield = bondData?.coupon ? `${bondData.coupon}` : HOLDINGS_TEXT.notAvailable;
    this.issuedOn = h.issuedOn ?? null;
    this.#securityTotal = security?.total ?? null;
  }

  get percentOfRaise(): string | null {
    if (this.#percent === undefined) {
      const total = this.#securityTotal ? parseDecimal(this.#securityTotal) : null;
      const pct = total && total.units !== 0n ? percentOfRaise(this.totalUnits, total, 4) : null;
      this.#percent = pct ? decimalText(pct) : null;
    }
    return this.#percent;
  }

  get totalValue(): string | null {
    if (this.#value === undefined) {
      this.#value = this.costBasis ? decimalText(totalValue(this.totalUnits, this.costBasis)) : null;
    }
    return this.#value;
  }
}
