// The dashboard's figures (spec part 1 sections 2.11 and 9), computed from replica documents: pure, exact, tested.
// Issuers count closed rounds and list brokers; everyone else counts active rounds and lists issuers. At most 3
// assets, 3 accounts and 5 transactions.
import { add, dec, toString as decimalText, isPositive, mul, parseDecimal, ZERO } from "../../domain/decimal.ts";

export const DASHBOARD_LIMITS = { assets: 3, accounts: 3, transactions: 5 } as const;

export interface DashboardInput {
  accountType: string;
  rounds: readonly { status: string }[];
  holdings: readonly { amount: string; purchasePrice?: string | null }[];
  customers: readonly { investorId?: string | null }[];
  distributions: readonly unknown[];
  accounts: readonly { id: string; type: string; name: string; createdOn?: string }[];
  assets: readonly { id: string; createdOn: string }[];
  transactions: readonly { id: string; createdOn: string; chainData?: unknown }[];
}

export interface DashboardSummary {
  roundStatus: "closed" | "active";
  roundCount: number;
  /** Issued capital: units x purchase price over the holdings on the device (exact decimal string). */
  capitalRaised: string;
  investorsEngaged: number;
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

export function dashboardSummary(input: DashboardInput): DashboardSummary {
  const issuer = input.accountType === "issuer";
  const roundStatus = issuer ? "closed" : "active";
  const accountsType = issuer ? "broker" : "issuer";
  const held = input.holdings.filter((holding) => {
    const amount = parseDecimal(holding.amount);
    return amount !== null && isPositive(amount);
  });
  const capital = held.reduce((total, holding) => {
    const price = parseDecimal(holding.purchasePrice ?? null);
    return price ? add(total, mul(dec(holding.amount), price)) : total;
  }, ZERO);
  return {
    roundStatus,
    roundCount: input.rounds.filter((round) => round.status === roundStatus).length,
    capitalRaised: decimalText(capital),
    investorsEngaged: new Set(input.customers.map((customer, index) => customer.investorId ?? `row-${index}`)).size,
    distributionCount: input.distributions.length,
    holdingCount: issuer ? held.length : null,
    accountsType,
    accounts: input.accounts
      .filter((account) => account.type === accountsType)
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, DASHBOARD_LIMITS.accounts),
    assets: [...input.assets].sort(newestFirst).slice(0, DASHBOARD_LIMITS.assets),
    transactions: [...input.transactions]
      .sort((a, b) => paidOn(b).localeCompare(paidOn(a)) || newestFirst(a, b))
      .slice(0, DASHBOARD_LIMITS.transactions),
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
