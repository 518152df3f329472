// The payment provider interface (docs/PAYMENTS.md): what the server's payment runner (jobs.ts) asks of a provider.
// Two implementations: the built-in provider (builtin.ts, the embedded default, its books in the database) and the
// North Capital TransactAPI v3 adapter (north-capital.ts) for a configured account. Amounts are decimal strings.

export const TRADE_STATUSES = [
  "CREATED",
  "FUNDED",
  "SETTLED",
  "UNWIND PENDING",
  "UNWIND SETTLED",
  "CANCELLED",
] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

export function isTradeStatus(value: unknown): value is TradeStatus {
  return typeof value === "string" && (TRADE_STATUSES as readonly string[]).includes(value);
}

export interface ProviderIssuer {
  paymentIssuerId: string;
  name: string;
  email: string | null;
}

export interface ProviderOffering {
  paymentInstrumentId: string;
  paymentIssuerId: string;
  name: string;
  status: string;
  unitPrice: string | null;
}

export interface ProviderTrade {
  tradeId: string;
  offeringId: string;
  amount: string;
  status: TradeStatus;
}

/** The Ledgerline issuer a sync is for: the built-in provider opens an issuer and offerings for it. */
export interface IssuerSetup {
  accountId: string;
  name: string;
  email: string | null;
  rounds: Array<{ id: string; name: string; price: string | null; opensOn: string | null; closesOn: string | null }>;
}

/** The investor as the provider's party and account are made from (createParty / createAccount). */
export interface InvestorSetup {
  /** The investor's Ledgerline account id (the built-in provider keeps it as the party's reference). */
  investorId: string;
  /** The account's name; first and last name of its primary party. */
  name: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** The primary party's U.S. citizenship (Ledgerline does not collect residence). */
  usCitizen: boolean;
  /** YYYY-MM-DD when the investor's account setup gave it. */
  dateOfBirth: string | null;
  address: { line1: string; city: string; state: string; zip: string; country: string } | null;
}

export interface TradeRequest {
  offeringId: string;
  /** The investor's account at the provider (createAccount's accountId). */
  investorRef: string;
  /** Units bought and the amount due for them (units x the offering's unit price). */
  units: string;
  amount: string;
  /** Our trade's id: the provider keeps it with the trade (field1), so a retried request is recognised. */
  reference: string;
}

/**
 * Why a provider call failed. `unavailable` (timeouts, 5xx, a refused connection) is retried with backoff;
 * `auth` (bad credentials), `refused` (the provider said no, e.g. over its fund-move cap) and `not_found` are not
 * retried for a trade, and a sync keeps the message for the settings page.
 */
export class ProviderError extends Error {
  readonly kind: "unavailable" | "auth" | "refused" | "not_found";
  readonly code: string | null;
  constructor(message: string, kind: ProviderError["kind"], code: string | null = null) {
    super(message);
    this.name = "ProviderError";
    this.kind = kind;
    this.code = code;
  }
}

export interface PaymentProvider {
  readonly id: "builtin" | "north-capital";
  /** The issuers and offerings the account has at the provider. */
  sync(setup: IssuerSetup): Promise<{ issuers: ProviderIssuer[]; offerings: ProviderOffering[] }>;
  createTrade(request: TradeRequest): Promise<ProviderTrade>;
  /** The investor's funds move for a created trade (TransactAPI externalFundMove); the trade becomes FUNDED. */
  fundTrade(trade: { tradeId: string; offeringId: string; investorRef: string; amount: string }): Promise<void>;
  /** The issuer settles a funded trade (FUNDED -> SETTLED). */
  settleTrade(trade: { tradeId: string; investorRef: string }): Promise<void>;
  /** Every trade of an offering with its current status (the poll). */
  trades(offeringId: string): Promise<ProviderTrade[]>;
  /** The investor's party at the provider (TransactAPI createParty): its partyId. */
  createParty(investor: InvestorSetup): Promise<string>;
  /** The investor's account at the provider (TransactAPI createAccount): its accountId. */
  createAccount(investor: InvestorSetup): Promise<string>;
  /** The party made the account's owner (TransactAPI createLink, relatedEntryType IndivACParty, linkType owner). */
  linkAccountOwner(link: { accountId: string; partyId: string }): Promise<void>;
  /** Cancels a trade whose funds have not arrived (TransactAPI cancelInvestment): CANCELLED. */
  cancelTrade(trade: { tradeId: string; investorRef: string }): Promise<void>;
  /** Refunds a settled trade (built-in only): UNWIND PENDING, then UNWIND SETTLED. */
  unwindTrade(trade: { tradeId: string }): Promise<void>;
}
