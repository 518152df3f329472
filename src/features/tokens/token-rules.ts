// The token view's rules (spec part 2: token and contract states, section 5 validation, section 6 permissions,
// section 9 constants). Pure functions over plain data: unit-tested in token-rules.test.ts.
import {
  add,
  compare,
  type Decimal,
  toString as decimalText,
  parseDecimal,
  round,
  ZERO,
} from "../../domain/decimal.ts";
import { formatInteger, formatNumber } from "../../domain/format.ts";
import { PRODUCT_TEST_CHAIN } from "../../domain/wallet.ts";
import { TOKEN_STATUS_LABELS, TOKEN_TEXT } from "./strings.ts";

/** The product's private network (spec: ethereum-{product}): block numbers are shown for it. */
export const PRIVATE_CHAIN = "ethereum-ledgerline";
export const TEZOS_CHAIN = "tezos-mainnet";
/** The chains offered for tokens (spec part 2, section 9): the public Tezos mainnet and the private network. */
export const TOKEN_CHAINS = [PRIVATE_CHAIN, TEZOS_CHAIN] as const;
export { PRODUCT_TEST_CHAIN };

export const TOKEN_TEXT_LIMIT = 40;

export interface TokenValues {
  name: string;
  symbol: string;
  chain: string;
}

export type TokenErrors = Partial<Record<keyof TokenValues, string>>;

// Control, format, surrogate, private-use and unassigned code points are not printable.
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;

function textError(value: string, texts: { required: string; tooLong: string; printable: string }): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return texts.required;
  if ([...trimmed].length > TOKEN_TEXT_LIMIT) return texts.tooLong;
  if (NOT_PRINTABLE.test(trimmed)) return texts.printable;
  return null;
}

/**
 * Token setup and edit (spec part 2, section 5): name and symbol required, 1 to 40 printable characters; chain
 * required. `unavailable` names chains offered but disabled (chain -> reason), which cannot be chosen.
 */
export function validateToken(values: TokenValues, unavailable: Readonly<Record<string, string>> = {}): TokenErrors {
  const errors: TokenErrors = {};
  const name = textError(values.name, {
    required: TOKEN_TEXT.nameRequired,
    tooLong: TOKEN_TEXT.nameTooLong,
    printable: TOKEN_TEXT.namePrintable,
  });
  if (name) errors.name = name;
  const symbol = textError(values.symbol, {
    required: TOKEN_TEXT.symbolRequired,
    tooLong: TOKEN_TEXT.symbolTooLong,
    printable: TOKEN_TEXT.symbolPrintable,
  });
  if (symbol) errors.symbol = symbol;
  const chain = values.chain.trim();
  if (!chain) errors.chain = TOKEN_TEXT.chainRequired;
  else if (unavailable[chain]) errors.chain = TOKEN_TEXT.chainUnavailable(unavailable[chain]);
  return errors;
}

export const hasErrors = (errors: TokenErrors): boolean => Object.keys(errors).length > 0;

/** The values as sent: trimmed. */
export const cleanTokenValues = (values: TokenValues): TokenValues => ({
  name: values.name.trim(),
  symbol: values.symbol.trim(),
  chain: values.chain.trim(),
});

/** A token or contract status as it reads (spec part 2, section 4); an unknown status reads as stored. */
export const tokenStatusLabel = (status: string | null | undefined): string =>
  status ? (TOKEN_STATUS_LABELS[status] ?? status) : TOKEN_STATUS_LABELS.not_deployed!;

/** Who is looking: the account type and whether the role may write (owners and admins; not account_viewer). */
export interface TokenActor {
  accountType: string;
  canWrite: boolean;
}

export interface TokenState {
  /** The token's status, or null when the round has no token yet. */
  tokenStatus: string | null;
  /** The status of the token's current contract, or null when it has none. */
  contractStatus: string | null;
}

export interface TokenActions {
  setup: boolean;
  edit: boolean;
  deploy: boolean;
  mint: boolean;
  swapChain: boolean;
}

/**
 * The buttons of the token view (spec part 2, sections 4 and 6): Deploy, Mint and Setup for an issuer account whose
 * role is not account_viewer; Edit and Swap Chain for the issuer account (a viewer's role writes nothing at all on
 * this product, docs/PERMISSIONS.md, so it is refused them too rather than offered a button the server refuses).
 * Setup while the round has no token; Edit while the contract is not_deployed; Deploy while the token is
 * not_deployed; Mint and Swap Chain while the contract is deployed or issued.
 */
export function tokenActions(actor: TokenActor, state: TokenState): TokenActions {
  const issuer = actor.accountType === "issuer";
  const writer = issuer && actor.canWrite;
  const hasToken = state.tokenStatus !== null;
  const contract = state.contractStatus ?? "not_deployed";
  const live = contract === "deployed" || contract === "issued";
  return {
    setup: writer && !hasToken,
    edit: writer && hasToken && contract === "not_deployed" && state.tokenStatus === "not_deployed",
    deploy: writer && hasToken && state.tokenStatus === "not_deployed",
    mint: writer && hasToken && live,
    swapChain: writer && hasToken && live,
  };
}

/** Whether the page follows the contract live: while the token or its contract is deploying or issuing. */
export const isInFlight = (state: TokenState): boolean =>
  ["deploying", "issuing"].includes(state.tokenStatus ?? "") ||
  ["deploying", "issuing"].includes(state.contractStatus ?? "");

const EXPLORERS: Record<string, (address: string) => string> = {
  "ethereum-mainnet": (address) => `https://etherscan.io/address/${address}`,
  "ethereum-rinkeby": (address) => `https://rinkeby.etherscan.io/address/${address}`,
  "tezos-mainnet": (address) => `https://tzkt.io/${address}`,
};

/** The explorer link of a contract address (spec: ethereum-rinkeby, ethereum-mainnet, tezos-mainnet), or null. */
export function explorerUrl(chain: string | null | undefined, address: string | null | undefined): string | null {
  if (!chain || !address) return null;
  const make = EXPLORERS[chain];
  return make ? make(encodeURIComponent(address)) : null;
}

/** A chain as it reads (CHAIN_LABELS; an unknown chain as stored). */
export { chainLabel } from "../../domain/chains.ts";

/** The chain's currency symbol (spec: tezos XTZ, ethereum ETH). */
export function chainSymbol(chain: string | null | undefined): string | null {
  if (chain?.startsWith("tezos")) return "XTZ";
  if (chain?.startsWith("ethereum")) return "ETH";
  return null;
}

/** Block numbers are shown for the product's private network only (spec part 2, section 9). */
export const showsBlockNumber = (chain: string | null | undefined): boolean => chain === PRIVATE_CHAIN;

/** A Stakeholder Ledger entry (a cap table entry of the token, as the chain says). */
export interface LedgerEntry {
  id: string;
  investorId: string;
  investorName?: string | null;
  investorEmail?: string | null;
  address?: string | null;
  chain?: string | null;
  amount: string;
  blockNumber?: number | string | null;
}

export interface LedgerRow extends LedgerEntry {
  blockText: string | null;
}

/**
 * The ledger's rows: positive amounts only (zero and negative entries are left out, as on the cap table), in block
 * order, then by investor; the block number only on the product's private network.
 */
export function ledgerRows(entries: readonly LedgerEntry[], chain: string | null | undefined): LedgerRow[] {
  const withBlock = showsBlockNumber(chain);
  const block = (entry: LedgerEntry) => {
    const value = entry.blockNumber;
    if (value === null || value === undefined || value === "") return Number.POSITIVE_INFINITY;
    const n = Number(value);
    return Number.isFinite(n) ? n : Number.POSITIVE_INFINITY;
  };
  return entries
    .filter((entry) => {
      const amount = parseDecimal(entry.amount ?? null);
      return amount !== null && compare(amount, ZERO) > 0;
    })
    .sort(
      (a, b) =>
        block(a) - block(b) || (a.investorName ?? "").localeCompare(b.investorName ?? "") || a.id.localeCompare(b.id),
    )
    .map((entry) => ({
      ...entry,
      blockText:
        withBlock && entry.blockNumber !== null && entry.blockNumber !== undefined && entry.blockNumber !== ""
          ? String(entry.blockNumber)
          : null,
    }));
}

/** The ledger's totals: stakeholders (distinct investors) and units. */
export function ledgerTotals(rows: readonly LedgerRow[]): { stakeholders: number; units: string } {
  const investors = new Set(rows.map((row) => row.investorId));
  let units = ZERO;
  for (const row of rows) units = addDecimal(units, row.amount);
  return { stakeholders: investors.size, units: decimalText(units) };
}

const addDecimal = (total: Decimal, value: string) => add(total, parseDecimal(value) ?? ZERO);

/** An amount of the token as the chain holds it: floored to the token's precision (whole units at precision 0). */
export function tokenAmountText(amount: string | null | undefined, precision: number | null | undefined): string {
  const places = Math.max(0, Math.min(18, precision ?? 0));
  const parsed = parseDecimal(amount ?? null) ?? ZERO;
  const floored = round(parsed, places, "floor");
  return places === 0 ? formatInteger(floored) : formatNumber(floored, places);
}

/** A holding of the round as the Mint dialog lists it. */
export interface MintCandidate {
  id: string;
  amount: string;
  investorName?: string | null;
  /** Whether the holding is already minted (Issued) on the token's chain. */
  minted: boolean;
}

/** Holdings that can be minted: a positive amount, not minted yet (a mint is once per holding). */
export function mintableHoldings<T extends MintCandidate>(holdings: readonly T[]): T[] {
  return holdings.filter((holding) => {
    const amount = parseDecimal(holding.amount ?? null);
    return !holding.minted && amount !== null && compare(amount, ZERO) > 0;
  });
}
