// The dashboard's figures (spec part 1 sections 2.11 and 9), computed from replica documents: pure, exact, tested.
// Issuers count closed rounds and list brokers; everyone else counts active rounds and lists issuers. At most 3
// assets, 3 accounts and 5 transactions.
import { isByTransfer } from "../../domain/allocations.ts";
import { add, type dec, toString as decimalText, isPositive, mul, parseDecimal, ZERO } from "../../domain/decimal.ts";

const DASHBOARD_LIMITS = { assets: 3, accounts: 3, transactions: 5 } as const;

interface DashboardInput {
  accountType: string;
  rounds: readonly { status: string }[];
  holdings: readonly { amount: string; purchasePrice?: string | null }[];
  customers: readonly { investorId?: string | null }[];
  distributions: readonly { byTransfer?: boolean | null }[];
  accounts: readonly { id: string; type: string; name: string; createdOn?: string }[];
  assets: readonly { id: string; createdOn: string }[];
  transactions: readonly { id: string; createdOn: string; chainData?: unknown }[];
}

interface DashboardSummary {
  roundStatus: "closed" | "active";
  roundCount: number;
  /** Issued capital: units x purchase price over the holdings on the device (exact decimal string). */
  capitalRaised: string;
  investorsEngaged: number;
  /** The distributions the issuer's rounds sold, not those that came by transfer (units moving between holders). */
  distributionCount: number;
  /** Issuers only ("All Holdings"); null for others. */
  holdingCount: number | null;
  accountsType: "broker" | "issuer";
  accounts: DashboardInput["accounts"];
  assets: DashboardInput["assets"];
  transactions: DashboardInput["transactions"];
}

/** When a transaction was paid (chainData.paid_on), else recorded: recent transactions are the latest paid. */
export function paidOn(transaction: { chainData?: unknown; createdOn: string }): string {
  const chain = transaction.chainData as { paid_on?: unknown } | null | undefined;
  return typeof chain?.paid_on === "string" ? chain.paid_on : transaction.createdOn;
}

const newestFirst = (a: { createdOn?: string }, b: { createdOn?: string }) =>
  (b.createdOn ?? "").localeCompare(a.createdOn ?? "");

type Holding = DashboardInput["holdings"][number];
type Decimal = ReturnType<typeof dec>;

/**
 * Per holding document: whether it counts as held and what it adds to the capital raised. The live replica keeps an
 * unchanged document's object between updates, so the exact arithmetic runs once per document, not once per render
 * (the dashboard re-renders while a large account syncs).
 */
const holdingFigures = new WeakMap<Holding, { held: boolean; capital: Decimal | null }>();
function figuresOf(holding: Holding) {
  let figures = holdingFigures.get(holding);
  if (!figures) {
    const amount = parseDecimal(holding.amount);
    const held = amount !== null && isPositive(amount);
    const price = held ? parseDecimal(holding.purchasePrice ?? null) : null;
    figures = { held, capital: amount && price ? mul(amount, price) : null };
    holdingFigures.set(holding, figures);
  }
  return figures;
}

/**
 * Computes the per-holding figures of holdings[start, end) ahead of dashboardSummary (cached per document): a screen
 * can spread the first computation over several tasks (50,000 holdings took one long task).
 */
export function prepareHoldingFigures(holdings: readonly Holding[], start: number, end: number): void {
  for (let index = start; index < end && index < holdings.length; index++) figuresOf(holdings[index] as Holding);
}

/** The first `limit` items in `compare` order, as a stable sort would give them, in one pass (no sort of 50,000). */
export function firstInOrder<T>(items: readonly T[], compare: (a: T, b: T) => number, limit: number): T[] {
  const best: T[] = [];
  if (limit <= 0) return best;
  for (const item of items) {
    if (best.length === limit && compare(item, best[limit - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && compare(item, best[at - 1]!) < 0) at--;
    best.splice(at, 0, item);
    if (best.length > limit) best.pop();
  }
  return best;
}

export function dashboardSummary(input: DashboardInput): DashboardSummary {
  const issuer = input.accountType === "issuer";
  const roundStatus = issuer ? "closed" : "active";
  const accountsType = issuer ? "broker" : "issuer";
  let heldCount = 0;
  let capital = ZERO;
  for (const holding of input.holdings) {
    const figures = figuresOf(holding);
    if (!figures.held) continue;
    heldCount++;
    if (figures.capital) capital = add(capital, figures.capital);
  }
  return {
    roundStatus,
    roundCount: input.rounds.filter((round) => round.status === roundStatus).length,
    capitalRaised: decimalText(capital),
    investorsEngaged: new Set(input.customers.map((customer, index) => customer.investorId ?? `row-${index}`)).size,
    distributionCount: input.distributions.reduce((count, d) => (isByTransfer(d) ? count : count + 1), 0),
    holdingCount: issuer ? heldCount : null,
    accountsType,
    accounts: firstInOrder(
      input.accounts.filter((account) => account.type === accountsType),
      (a, b) => a.name.localeCompare(b.name),
      DASHBOARD_LIMITS.accounts,
    ),
    assets: firstInOrder(input.assets, newestFirst, DASHBOARD_LIMITS.assets),
    transactions: firstInOrder(
      input.transactions,
      (a, b) => paidOn(b).localeCompare(paidOn(a)) || newestFirst(a, b),
      DASHBOARD_LIMITS.transactions,
    ),
  };
}

/** Units of a transaction: the sum of its ledger entries. */
export function transactionUnits(transaction: { ledgerEntries?: readonly unknown[] | null }): string {
  const total = (transaction.ledgerEntries ?? []).reduce<ReturnType<typeof add>>((sum, entry) => {
    const amount = parseDecimal((entry as { amount?: string | null } | null)?.amount ?? null);
    return amount ? add(sum, amount) : sum;
  }, ZERO);
  return decimalText(total);
}
